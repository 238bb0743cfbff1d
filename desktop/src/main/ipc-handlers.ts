import { IpcChannel } from '../common/ipc-channels';
import { IpcHandlerError } from '../common/ipc-result';
import type { RoleName } from '@school/shared/domain';
import type { AppPath } from '../common/app-sections';
import type {
  AppInfo,
  DesktopLanguage,
  DesktopSettings,
  NotifyMessageInput,
  PickImportFileResult,
  SaveDocumentResult,
  SaveTableExportInput,
  ServerInfo,
  ShowInFolderInput,
} from '../common/ipc-schemas';
import type { IpcCaller, IpcHandlers } from './ipc-registry';
import { describeRecordingFiles, type FileTokenRegistry, type MediaProbe } from './recording-files.service';
import type { RecordingsUploadHandlers } from './recordings-upload.handler';
import type { OfflineFileStore } from './offline-store.service';
import type { SettingsService } from './settings.service';

export interface IpcHandlerDeps {
  appInfo: () => AppInfo;
  settings: SettingsService;
  /** After the renderer changed settings. */
  onSettingsChanged?: (settings: DesktopSettings) => void;
  /**
   * A window switched the interface language: the menu and every other window follow it
   * (called only when the stored language really changed, so the windows' echoes stop here).
   */
  onLanguageChanged?: (language: DesktopLanguage) => void;
  /** The native open dialog; the chosen paths, [] when cancelled. */
  showOpenRecordingsDialog: (caller: IpcCaller) => Promise<string[]>;
  probe: MediaProbe;
  tokens: FileTokenRegistry;
  uploads: RecordingsUploadHandlers;
  saveDocument: (
    input: { suggestedName: string; bytes: Uint8Array },
    caller: IpcCaller,
  ) => Promise<SaveDocumentResult>;
  /** An admin table's export streamed to a file the user picks (save-table-export.handler). */
  saveTableExport?: (input: SaveTableExportInput, caller: IpcCaller) => Promise<SaveDocumentResult>;
  /** Reveals a document saved in this session (show-in-folder.handler); absent: nothing to show. */
  showInFolder?: (input: ShowInFolderInput) => { shown: true };
  openCalendarWindow: (userId: number) => void;
  /** A table page (or the calendar) in a new window; absent where windows cannot be opened. */
  openAppWindow?: (path: AppPath, search: string | undefined) => void;
  /** The signed-in user's role for the menu; answers how many sections the menu now has. */
  setMenuRole?: (role: RoleName | null) => number;
  /** Where the API is and whether the user still has to give it (first run). */
  serverInfo?: () => ServerInfo;
  /** Chat message notifications and the badge count (message-notifications.handler); absent: none. */
  notifyMessage?: (input: NotifyMessageInput, caller: IpcCaller) => { unread: number };
  /** The spreadsheet to import, picked and read (import-file.handler); absent: no import here. */
  pickImportFile?: (caller: IpcCaller) => Promise<PickImportFileResult>;
  /** The offline store on disk (offline-store.service); absent: no offline data here. */
  offlineStore?: OfflineFileStore;
}

/** Every channel's handler as a plain function of validated input (ipc-registry validates and guards). */
export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlers {
  const changed = (write: () => DesktopSettings) => {
    const before = deps.settings.read().language;
    const settings = write();
    deps.onSettingsChanged?.(settings);
    if (settings.language && settings.language !== before) deps.onLanguageChanged?.(settings.language);
    return settings;
  };
  const offline = (): OfflineFileStore => {
    if (!deps.offlineStore) throw new IpcHandlerError('not_found', 'no offline store here');
    return deps.offlineStore;
  };
  return {
    [IpcChannel.getAppInfo]: () => deps.appInfo(),
    [IpcChannel.getSettings]: () => deps.settings.read(),
    [IpcChannel.setSetting]: (input) => changed(() => deps.settings.set(input)),
    [IpcChannel.updateSettings]: (input) => changed(() => deps.settings.update(input)),
    [IpcChannel.pickRecordingFiles]: async (_input, caller) => {
      const paths = await deps.showOpenRecordingsDialog(caller);
      return { files: await describeRecordingFiles(paths, deps.tokens, deps.probe) };
    },
    [IpcChannel.uploadRecordings]: (input, caller) => deps.uploads.start(input, caller),
    [IpcChannel.cancelUpload]: (input) => deps.uploads.cancel(input),
    [IpcChannel.saveDocument]: (input, caller) => deps.saveDocument(input, caller),
    [IpcChannel.saveTableExport]: (input, caller) => {
      if (!deps.saveTableExport) throw new IpcHandlerError('not_found', 'no exports here');
      return deps.saveTableExport(input, caller);
    },
    [IpcChannel.showInFolder]: (input) => {
      if (!deps.showInFolder) throw new IpcHandlerError('not_found', 'no saved documents to show');
      return deps.showInFolder(input);
    },
    [IpcChannel.openCalendarWindow]: (input) => {
      deps.openCalendarWindow(input.userId);
      return { opened: true as const };
    },
    [IpcChannel.openAppWindow]: (input) => {
      if (!deps.openAppWindow) throw new IpcHandlerError('not_found', 'windows cannot be opened here');
      deps.openAppWindow(input.path, input.search);
      return { opened: true as const };
    },
    [IpcChannel.setMenuRole]: (input) => ({ sections: deps.setMenuRole?.(input.role) ?? 0 }),
    [IpcChannel.getServerInfo]: () => {
      // A host without a first run (tests' harnesses): the renderer carries on with its server.
      if (!deps.serverInfo) throw new IpcHandlerError('not_found', 'no server settings here');
      return deps.serverInfo();
    },
    [IpcChannel.notifyMessage]: (input, caller) => {
      if (!deps.notifyMessage) throw new IpcHandlerError('not_found', 'no notifications here');
      return deps.notifyMessage(input, caller);
    },
    [IpcChannel.pickImportFile]: (_input, caller) => {
      if (!deps.pickImportFile) throw new IpcHandlerError('not_found', 'no file import here');
      return deps.pickImportFile(caller);
    },
    [IpcChannel.offlineGet]: (input) => offline().get(input.key),
    [IpcChannel.offlineSet]: async (input) => {
      await offline().set(input.key, input.json);
      return { done: true as const };
    },
    [IpcChannel.offlineRemove]: async (input) => {
      await offline().remove(input.key);
      return { done: true as const };
    },
    [IpcChannel.offlineKeys]: async (input) => ({ keys: await offline().keys(input.prefix) }),
  };
}
