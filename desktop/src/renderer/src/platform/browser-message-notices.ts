/**
 * The browser build's stand-in for native message notifications: the Notification API when the
 * user has allowed it, and the unread count in the tab title ("(2) Школа") instead of a badge.
 */
export interface BrowserNoticeEnv {
  /** The page's Notification constructor; undefined where the API is missing. */
  Notification?: {
    permission: NotificationPermission;
    new (title: string, options?: NotificationOptions): { onclick: ((event: Event) => void) | null };
  };
  getTitle(): string;
  setTitle(title: string): void;
  focus(): void;
}

export function defaultNoticeEnv(): BrowserNoticeEnv {
  return {
    Notification: typeof Notification === 'undefined' ? undefined : Notification,
    getTitle: () => document.title,
    setTitle: (title) => {
      document.title = title;
    },
    focus: () => window.focus(),
  };
}

const COUNT_PREFIX = /^\(\d+\) /;

export function createBrowserMessageNotices(env: BrowserNoticeEnv, openStudy: (studyId: number) => void) {
  const unread = new Map<number, number>();
  const showCount = () => {
    const count = [...unread.values()].reduce((sum, n) => sum + n, 0);
    const base = env.getTitle().replace(COUNT_PREFIX, '');
    env.setTitle(count > 0 ? `(${count}) ${base}` : base);
  };
  return {
    notify({
      studyId,
      title,
      body,
    }: {
      studyId: number;
      messageId?: number;
      title: string;
      body: string;
    }): void {
      unread.set(studyId, (unread.get(studyId) ?? 0) + 1);
      showCount();
      if (env.Notification?.permission !== 'granted') return;
      const notice = new env.Notification(title, { body, tag: `study-${studyId}` });
      notice.onclick = () => {
        env.focus();
        openStudy(studyId);
      };
    },
    read(studyId: number): void {
      if (unread.delete(studyId)) showCount();
    },
  };
}
