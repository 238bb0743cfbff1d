import { app, BrowserWindow, dialog, Notification, type IpcMainInvokeEvent } from 'electron';
import { IpcEvent } from '../common/ipc-channels';
import type { MessageNotificationsFacade } from './message-notifications.handler';
import { RECORDING_EXTENSIONS } from '../common/recording-formats';
import type { IpcCaller } from './ipc-registry';
import type { ImportOpenDialogRequest } from './import-file.handler';
import type { SaveDialogRequest } from './save-document.handler';

/**
 * Thin Electron glue for the handlers (dialogs, the caller's session cookies). Everything with
 * a decision in it lives in plain modules tested in Node; this file only calls Electron.
 */

function invokeEvent(caller: IpcCaller): IpcMainInvokeEvent | null {
  return (caller.native as IpcMainInvokeEvent | undefined) ?? null;
}

function parentWindow(caller: IpcCaller): BrowserWindow | null {
  const event = invokeEvent(caller);
  return event ? BrowserWindow.fromWebContents(event.sender) : null;
}

/** Paths the user picked; [] when cancelled. */
export async function showOpenRecordingsDialog(caller: IpcCaller): Promise<string[]> {
  const options: Electron.OpenDialogOptions = {
    properties: ['openFile', 'multiSelections'],
    // GTK matches extensions case-sensitively: list both spellings (VIDEO.MP4 from cameras).
    filters: [
      {
        name: 'Video',
        extensions: [...RECORDING_EXTENSIONS, ...RECORDING_EXTENSIONS.map((e) => e.toUpperCase())],
      },
    ],
  };
  const parent = parentWindow(caller);
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

/** The spreadsheet to import; null when cancelled. */
export async function showOpenImportDialog(
  request: ImportOpenDialogRequest,
  caller: IpcCaller,
): Promise<string | null> {
  const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: request.filters };
  const parent = parentWindow(caller);
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export async function showSaveDocumentDialog(
  request: SaveDialogRequest,
  caller: IpcCaller,
): Promise<string | null> {
  const options: Electron.SaveDialogOptions = { defaultPath: request.defaultPath, filters: request.filters };
  const parent = parentWindow(caller);
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

/** The Cookie header the caller's session would send to url (the server session cookie). */
export async function sessionCookieHeader(caller: IpcCaller, url: string): Promise<string | undefined> {
  const event = invokeEvent(caller);
  if (!event) return undefined;
  const cookies = await event.sender.session.cookies.get({ url });
  return cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
}

/** Electron's Notification and badge behind the facade message-notifications.handler tests with fakes. */
export const electronMessageNotifications: MessageNotificationsFacade = {
  supported: () => Notification.isSupported(),
  show({ title, body, onClick }) {
    const notice = new Notification({ title, body });
    notice.on('click', onClick);
    notice.show();
  },
  setBadgeCount: (count) => void app.setBadgeCount(count),
  openStudy(caller, studyId) {
    const window = parentWindow(caller);
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
    // The calendar opens a study named in its query (?study=) — the same deep link as a URL.
    caller.send(IpcEvent.navigate, { path: '/', search: `?study=${studyId}` });
  },
};
