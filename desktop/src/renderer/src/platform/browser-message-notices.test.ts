import { describe, expect, it, vi } from 'vitest';
import { createBrowserMessageNotices, type BrowserNoticeEnv } from './browser-message-notices';

function fakePage(permission: NotificationPermission) {
  const created: { title: string; body?: string; onclick: ((event: Event) => void) | null }[] = [];
  class FakeNotification {
    static permission = permission;
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      created.push(Object.assign(this, { title, body: options?.body }));
    }
  }
  let title = 'Школа';
  const env: BrowserNoticeEnv = {
    Notification: FakeNotification as unknown as BrowserNoticeEnv['Notification'],
    getTitle: () => title,
    setTitle: (next) => {
      title = next;
    },
    focus: vi.fn(),
  };
  return { env, created, title: () => title };
}

describe('message notices in the browser build', () => {
  it('shows a notification when allowed; its click focuses the tab and opens the study', () => {
    const page = fakePage('granted');
    const openStudy = vi.fn();
    createBrowserMessageNotices(page.env, openStudy).notify({
      studyId: 4,
      title: 'Англійська',
      body: 'Привіт',
    });
    expect(page.created.map((n) => [n.title, n.body])).toEqual([['Англійська', 'Привіт']]);
    page.created[0]!.onclick?.(new Event('click'));
    expect(page.env.focus).toHaveBeenCalled();
    expect(openStudy).toHaveBeenCalledWith(4);
  });

  it('counts unread messages in the title, without a notification when not allowed, until the study is opened', () => {
    const page = fakePage('default');
    const notices = createBrowserMessageNotices(page.env, vi.fn());
    notices.notify({ studyId: 4, title: 'A', body: '1' });
    notices.notify({ studyId: 4, title: 'A', body: '2' });
    notices.notify({ studyId: 5, title: 'B', body: '3' });
    expect(page.created).toEqual([]);
    expect(page.title()).toBe('(3) Школа');
    notices.read(4);
    expect(page.title()).toBe('(1) Школа');
    notices.read(5);
    expect(page.title()).toBe('Школа');
  });
});
