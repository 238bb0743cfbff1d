import { contextBridge, ipcRenderer } from 'electron';
import { SCHOOL_BRIDGE_KEY, type SchoolBridge } from '../common/desktop-bridge';
import { IpcChannel, IpcEvent, type IpcChannelName } from '../common/ipc-channels';
import type { DesktopLanguage, NavigateEvent, UploadProgress } from '../common/ipc-schemas';

/**
 * The typed bridge, nothing else: no ipcRenderer, no Node objects and no IPC event objects reach
 * the page. Validation happens in main (the renderer is not trusted); this file only forwards.
 */
const invoke =
  (channel: IpcChannelName) =>
  (input?: unknown): Promise<never> =>
    ipcRenderer.invoke(channel, input) as Promise<never>;

function subscribe<T>(channel: string, listener: (payload: T) => void): () => void {
  const forward = (_event: unknown, payload: T) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => void ipcRenderer.removeListener(channel, forward);
}

const bridge: SchoolBridge = {
  isDesktop: true,
  getAppInfo: invoke(IpcChannel.getAppInfo),
  getSettings: invoke(IpcChannel.getSettings),
  setSetting: invoke(IpcChannel.setSetting),
  updateSettings: invoke(IpcChannel.updateSettings),
  pickRecordingFiles: invoke(IpcChannel.pickRecordingFiles),
  uploadRecordings: invoke(IpcChannel.uploadRecordings),
  cancelUpload: invoke(IpcChannel.cancelUpload),
  saveDocument: invoke(IpcChannel.saveDocument),
  showInFolder: invoke(IpcChannel.showInFolder),
  saveTableExport: invoke(IpcChannel.saveTableExport),
  openCalendarWindow: invoke(IpcChannel.openCalendarWindow),
  openAppWindow: invoke(IpcChannel.openAppWindow),
  setMenuRole: invoke(IpcChannel.setMenuRole),
  notifyMessage: invoke(IpcChannel.notifyMessage),
  pickImportFile: invoke(IpcChannel.pickImportFile),
  getServerInfo: invoke(IpcChannel.getServerInfo),
  offlineGet: invoke(IpcChannel.offlineGet),
  offlineSet: invoke(IpcChannel.offlineSet),
  offlineRemove: invoke(IpcChannel.offlineRemove),
  offlineKeys: invoke(IpcChannel.offlineKeys),
  onUploadProgress: (listener) => subscribe<UploadProgress>(IpcEvent.uploadProgress, listener),
  onLanguageChanged: (listener) => subscribe<DesktopLanguage>(IpcEvent.languageChanged, listener),
  onNavigate: (listener) => subscribe<NavigateEvent>(IpcEvent.navigate, listener),
};

contextBridge.exposeInMainWorld(SCHOOL_BRIDGE_KEY, bridge);
