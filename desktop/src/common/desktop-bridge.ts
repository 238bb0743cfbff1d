import type {
  DesktopLanguage,
  NavigateEvent,
  OfflineSetInput,
  SetSettingInput,
  UploadProgress,
} from './ipc-schemas';
import type { IpcChannelName } from './ipc-channels';
import type { IpcResult } from './ipc-result';
import type { IpcInput, IpcOutput } from './ipc-schemas';

/** The only global preload adds: `window.schoolBridge`. */
export const SCHOOL_BRIDGE_KEY = 'schoolBridge';

type Call<C extends IpcChannelName> =
  undefined extends IpcInput<C>
    ? () => Promise<IpcResult<IpcOutput<C>>>
    : (input: IpcInput<C>) => Promise<IpcResult<IpcOutput<C>>>;

/**
 * What the renderer may ask of the main process; nothing else crosses the boundary.
 * Every call resolves to an IpcResult envelope (never rejects with a main-side error);
 * the renderer's platform/native-bridge unwraps it.
 */
export interface SchoolBridge {
  readonly isDesktop: true;
  getAppInfo: Call<'app:get-info'>;
  getSettings: Call<'settings:get'>;
  setSetting(input: SetSettingInput): Promise<IpcResult<IpcOutput<'settings:set'>>>;
  updateSettings: Call<'settings:update'>;
  pickRecordingFiles: Call<'recordings:pick-files'>;
  uploadRecordings: Call<'recordings:upload'>;
  cancelUpload: Call<'recordings:cancel-upload'>;
  saveDocument(input: {
    suggestedName: string;
    bytes: Uint8Array | ArrayBuffer;
  }): Promise<IpcResult<IpcOutput<'documents:save'>>>;
  showInFolder: Call<'documents:show-in-folder'>;
  saveTableExport: Call<'exports:save'>;
  openCalendarWindow: Call<'windows:open-calendar'>;
  openAppWindow: Call<'windows:open'>;
  setMenuRole: Call<'app:set-menu-role'>;
  getServerInfo: Call<'app:get-server'>;
  notifyMessage: Call<'notifications:message'>;
  pickImportFile: Call<'imports:pick-file'>;
  offlineGet: Call<'offline:get'>;
  offlineSet(input: OfflineSetInput): Promise<IpcResult<IpcOutput<'offline:set'>>>;
  offlineRemove: Call<'offline:remove'>;
  offlineKeys: Call<'offline:keys'>;
  /** Subscriptions return their own unsubscribe; the IPC event object never reaches the page. */
  onUploadProgress(listener: (progress: UploadProgress) => void): () => void;
  onLanguageChanged(listener: (language: DesktopLanguage) => void): () => void;
  onNavigate(listener: (event: NavigateEvent) => void): () => void;
}
