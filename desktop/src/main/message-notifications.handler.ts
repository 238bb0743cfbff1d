import type { NotifyMessageInput } from '../common/ipc-schemas';
import type { IpcCaller } from './ipc-registry';

/** The parts of Electron this handler uses (main/index.ts adapts Notification, app and the window). */
export interface MessageNotificationsFacade {
  /** Whether the OS can show notifications at all (Notification.isSupported). */
  supported(): boolean;
  /** Shows a native notification; onClick runs when the user clicks it. */
  show(notice: { title: string; body: string; onClick: () => void }): void;
  /** app.setBadgeCount (dock on macOS, taskbar/launcher on Windows and Linux). */
  setBadgeCount(count: number): void;
  /** Brings the calling window to the front and opens the study in its calendar. */
  openStudy(caller: IpcCaller, studyId: number): void;
}

/**
 * The dock/taskbar badge counts the messages notified of per study until the user opens that
 * study (the renderer says `read`); one count for the app, and one notification per message
 * however many windows heard of it.
 */
export function createMessageNotifications(facade: MessageNotificationsFacade) {
  const unread = new Map<number, Set<number>>();
  // Every message ever notified (also after a read): a window reporting late does not notify again.
  const seen = new Set<number>();
  const total = () => [...unread.values()].reduce((sum, ids) => sum + ids.size, 0);
  return (input: NotifyMessageInput, caller: IpcCaller): { unread: number } => {
    if (input.type === 'read') {
      if (!unread.delete(input.studyId)) return { unread: total() };
    } else {
      if (seen.has(input.messageId)) return { unread: total() };
      seen.add(input.messageId);
      unread.set(input.studyId, (unread.get(input.studyId) ?? new Set()).add(input.messageId));
      if (facade.supported()) {
        facade.show({
          title: input.title,
          body: input.body,
          onClick: () => facade.openStudy(caller, input.studyId),
        });
      }
    }
    const count = total();
    facade.setBadgeCount(count);
    return { unread: count };
  };
}
