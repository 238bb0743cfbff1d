import type { RoleName } from '@school/shared/domain';
import type { AppPath } from '../../../common/app-sections';
import type { IpcErrorCode, IpcIssue } from '../../../common/ipc-result';
import type {
  AppInfo,
  DesktopLanguage,
  DesktopSettings,
  PickedRecordingFile,
  SaveDocumentResult,
  SaveTableExportInput,
  ServerInfo,
  SetSettingInput,
  UploadRecordingsResult,
} from '../../../common/ipc-schemas';

export type {
  AppInfo,
  DesktopLanguage,
  DesktopSettings,
  PickedRecordingFile,
  SaveDocumentResult,
  ServerInfo,
  UploadRecordingsResult,
};

/**
 * The spreadsheet to import as the page gets it: its content (a File in the browser, the bytes
 * main read in the desktop app), or why there is none. Over the limit or of another type: unread.
 */
export type PickedImportFile =
  | { status: 'cancelled' }
  | { status: 'too_large'; name: string; size: number }
  | { status: 'unsupported'; name: string }
  | { status: 'picked'; name: string; file: Blob };

export interface UploadRecordingsRequest {
  studyId: number;
  /** Tokens of picked files (new and replacing rows), in the order of the metadata's parts. */
  files: { token: string; fileName?: string }[];
  /** Spec part 1 §7: { study_id, parts: [{ part, file_name, id, … }] }. */
  metadata: {
    study_id: number;
    parts: { part: number; file_name: string; [key: string]: unknown }[];
    [key: string]: unknown;
  };
  language?: DesktopLanguage;
  /** direct = the API (resumable where it offers tus); service = the upload service with a token. */
  route?: 'direct' | 'service';
  /**
   * Raw bytes (per file too when each file is its own upload); capping at 80 % and finalizing
   * (spec part 1 §4) is the caller's job.
   */
  onProgress?: (progress: { sentBytes: number; totalBytes: number; fileBytes?: number[] }) => void;
  signal?: AbortSignal;
}

/**
 * The desktop app's offline store (main keeps one file per key in the user data folder); the
 * browser build has none and uses IndexedDB (features/offline/offline-storage.ts).
 */
export interface NativeOfflineStore {
  get(key: string): Promise<{ found: boolean; value: unknown }>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  keys(prefix: string): Promise<string[]>;
}

/**
 * The renderer's one door to native features, with the same interface in Electron (through
 * window.schoolBridge) and in a plain browser (web APIs). Failures reject with NativeBridgeError.
 */
export interface NativeBridge {
  /** True inside the desktop app, false in the browser build under /staff/. */
  readonly native: boolean;
  getAppInfo(): Promise<AppInfo>;
  getSettings(): Promise<DesktopSettings>;
  setSetting(input: SetSettingInput): Promise<DesktopSettings>;
  /** Opens the file picker; [] when the user cancels. */
  pickRecordingFiles(): Promise<PickedRecordingFile[]>;
  uploadRecordings(request: UploadRecordingsRequest): Promise<UploadRecordingsResult>;
  saveDocument(input: {
    suggestedName: string;
    bytes: Uint8Array | ArrayBuffer;
  }): Promise<SaveDocumentResult>;
  /**
   * An admin table's export (GET /api/{resource}/export): desktop asks where and main streams the
   * file there; a browser downloads it (its downloads bar says where).
   */
  saveTableExport(input: SaveTableExportInput): Promise<SaveDocumentResult>;
  /** Desktop only: reveals a document saveDocument saved (by the fileName it answered). */
  readonly canShowInFolder: boolean;
  showInFolder(input: { fileName: string }): Promise<void>;
  openCalendarWindow(input: { userId: number }): Promise<void>;
  /** A table page (or the calendar) in a window of its own (desktop: through main; browser: a tab). */
  openAppWindow(input: { path: AppPath; search?: string }): Promise<void>;
  /** Tells the app menu whose sections to list (desktop only). */
  setMenuRole(role: RoleName | null): Promise<void>;
  /** Where the API is; source none = first run (desktop only; the browser is served by its server). */
  getServerInfo(): Promise<ServerInfo>;
  /**
   * A new chat message in a study the user teaches: a notification (its click opens the study here)
   * and one more on the badge count (desktop: dock/taskbar; browser: the tab title).
   */
  notifyMessage(input: { studyId: number; messageId: number; title: string; body: string }): Promise<void>;
  /** The user opened the study: its messages leave the badge count. */
  readMessages(studyId: number): Promise<void>;
  /** The spreadsheet to import (.xlsx or .csv, at most IMPORT_MAX_BYTES): native dialog or file input. */
  pickImportFile(): Promise<PickedImportFile>;
  /** A section chosen in the app menu, or a clicked notification's study (search ?study=…). */
  onNavigate(listener: (path: AppPath, search?: string) => void): () => void;
  /** Desktop only: the offline store on disk; null in the browser build. */
  readonly offlineStore: NativeOfflineStore | null;
  /** The language picked in the app menu (desktop only; never fires in the browser). */
  onLanguageChanged(listener: (language: DesktopLanguage) => void): () => void;
}

export class NativeBridgeError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly issues?: IpcIssue[],
  ) {
    super(message);
    this.name = 'NativeBridgeError';
  }
}
