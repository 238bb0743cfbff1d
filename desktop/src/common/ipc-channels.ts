/**
 * IPC channel names shared by main and preload. No Electron, DOM or zod imports here: the
 * sandboxed preload bundles this file and must stay tiny.
 */

/** Request/response channels (renderer → main, ipcRenderer.invoke / ipcMain.handle). */
export const IpcChannel = {
  getAppInfo: 'app:get-info',
  getSettings: 'settings:get',
  setSetting: 'settings:set',
  updateSettings: 'settings:update',
  pickRecordingFiles: 'recordings:pick-files',
  uploadRecordings: 'recordings:upload',
  cancelUpload: 'recordings:cancel-upload',
  saveDocument: 'documents:save',
  showInFolder: 'documents:show-in-folder',
  /** An admin table's export (issue 31) streamed by main from the server to a file the user chose. */
  saveTableExport: 'exports:save',
  openCalendarWindow: 'windows:open-calendar',
  openAppWindow: 'windows:open',
  setMenuRole: 'app:set-menu-role',
  getServerInfo: 'app:get-server',
  /** A chat message to notify of, or a study whose chat was opened (the badge count). */
  notifyMessage: 'notifications:message',
  /** The spreadsheet to import (issue 31): the native open dialog, the file read by main. */
  pickImportFile: 'imports:pick-file',
  /** The offline store (features/offline): last known server data and queued writes, on disk. */
  offlineGet: 'offline:get',
  offlineSet: 'offline:set',
  offlineRemove: 'offline:remove',
  offlineKeys: 'offline:keys',
} as const;

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

/** Events main pushes to renderers (webContents.send / ipcRenderer.on). */
export const IpcEvent = {
  uploadProgress: 'recordings:upload-progress',
  languageChanged: 'app:language-changed',
  /** A menu item chose a section ({ path }). */
  navigate: 'app:navigate',
} as const;

export type IpcEventName = (typeof IpcEvent)[keyof typeof IpcEvent];
