import { IMPORT_MAX_BYTES } from '@school/shared/imports';
import { documentKindOf, sanitizeDocumentName } from '../../../common/document-names';
import { sanitizeSettings, setSettingInputSchema, type DesktopSettings } from '../../../common/ipc-schemas';
import {
  looksLikeVideoContainer,
  mimeTypeForFileName,
  RECORDING_ACCEPT,
  recordingProblems,
  VIDEO_SIGNATURE_BYTES,
} from '../../../common/recording-formats';
import {
  createBrowserMessageNotices,
  defaultNoticeEnv,
  type BrowserNoticeEnv,
} from './browser-message-notices';
import { probeWithVideoElement, type BrowserMediaInfo } from './browser-media-probe';
import { createResumableUploads, uploadRecordingsWith } from '../../../common/recordings-upload.orchestrator';
import { RecordingsUploadError } from '../../../common/upload-transport';
import { createBrowserUploadTransport } from './browser-upload.transport';
import { NativeBridgeError, type NativeBridge, type PickedRecordingFile } from './native-bridge.types';

/** What the import's file input offers (issue 31). */
const IMPORT_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The browser build keeps the desktop settings (same keys and validation) in local storage. */
export const BROWSER_SETTINGS_KEY = 'desktop:settings';

export interface BrowserBridgeEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The app's base URL (…/staff/ in the browser build); calendar windows open under it. */
  appBaseUrl: string;
  /** The API's origin; the server serves both /staff/ and /api/. */
  apiOrigin: string;
  openWindow: (url: string) => void;
  probe: (file: File) => Promise<BrowserMediaInfo>;
  /** Message notifications and the title count; absent in tests that do not care. */
  notices?: BrowserNoticeEnv;
}

function defaultEnv(): BrowserBridgeEnv {
  return {
    storage: window.localStorage,
    appBaseUrl: new URL(import.meta.env.BASE_URL, window.location.origin).toString(),
    apiOrigin: window.location.origin,
    openWindow: (url) => void window.open(url, '_blank', 'noopener'),
    probe: (file) => probeWithVideoElement(file),
    notices: defaultNoticeEnv(),
  };
}

/** The browser cannot probe; what the spec requires ("type starts with video/") decides then. */
export async function describeBrowserFile(
  file: File,
  token: string,
  probe: BrowserBridgeEnv['probe'],
): Promise<PickedRecordingFile> {
  const mimeType = file.type || mimeTypeForFileName(file.name);
  const media = await probe(file);
  // Undecodable here (AVI, WMV… in Chromium): its first bytes must still be a video container's.
  const hasVideo =
    media.hasVideo ??
    (mimeType.startsWith('video/') &&
      looksLikeVideoContainer(new Uint8Array(await file.slice(0, VIDEO_SIGNATURE_BYTES).arrayBuffer())));
  return {
    token,
    name: file.name,
    size: file.size,
    mimeType,
    durationSeconds: media.durationSeconds,
    hasVideo,
    problems: recordingProblems({ size: file.size, hasVideo, mimeType }),
  };
}

function chooseFiles(accept = RECORDING_ACCEPT, multiple = true): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = multiple;
    input.accept = accept;
    input.style.display = 'none';
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => done([]), { once: true });
    document.body.append(input);
    input.click();
  });
}

/** The NativeBridge in a plain browser (the /staff/ build): web APIs with the same interface. */
export function createBrowserNativeBridge(env: BrowserBridgeEnv = defaultEnv()): NativeBridge {
  // Picked files stay in this page; the rest of the app only handles tokens, as in Electron.
  const picked = new Map<string, File>();
  // Unfinished resumable uploads: a retry after a dropped connection continues them.
  const resumable = createResumableUploads();
  const transport = createBrowserUploadTransport();
  // A clicked notification opens its study through the same door as the desktop's menu.
  const navigateListeners = new Set<(path: '/', search?: string) => void>();
  const notices = env.notices
    ? createBrowserMessageNotices(env.notices, (studyId) =>
        navigateListeners.forEach((listener) => listener('/', `?study=${studyId}`)),
      )
    : null;
  const readSettings = (): DesktopSettings => {
    try {
      return sanitizeSettings(JSON.parse(env.storage.getItem(BROWSER_SETTINGS_KEY) ?? '{}'));
    } catch {
      return {};
    }
  };
  return {
    native: false,
    offlineStore: null,
    getAppInfo: async () => ({ version: 'web', platform: 'browser' }),
    getSettings: async () => readSettings(),
    async setSetting(input) {
      const parsed = setSettingInputSchema.safeParse(input);
      if (!parsed.success) throw new NativeBridgeError('invalid_input', 'invalid setting');
      const next = { ...readSettings(), [parsed.data.key]: parsed.data.value };
      env.storage.setItem(BROWSER_SETTINGS_KEY, JSON.stringify(next));
      return readSettings();
    },
    async pickRecordingFiles() {
      const files = await chooseFiles();
      return Promise.all(
        files.map((file) => {
          const token = crypto.randomUUID();
          picked.set(token, file);
          return describeBrowserFile(file, token, env.probe);
        }),
      );
    },
    async uploadRecordings(request) {
      if (request.signal?.aborted) throw new NativeBridgeError('cancelled', 'upload cancelled');
      const files = request.files.map(({ token, fileName }) => {
        const file = picked.get(token);
        if (!file) throw new NativeBridgeError('not_found', 'unknown file token');
        return { file, fileName: fileName ?? file.name, mimeType: file.type };
      });
      try {
        return await uploadRecordingsWith(transport, {
          apiBase: env.apiOrigin,
          studyId: request.studyId,
          route: request.route ?? 'direct',
          files,
          metadata: request.metadata,
          language: request.language,
          resumable,
          onProgress: request.onProgress,
          signal: request.signal,
        });
      } catch (error) {
        if (error instanceof RecordingsUploadError) throw new NativeBridgeError(error.code, error.message);
        throw error;
      }
    },
    async saveDocument({ suggestedName, bytes }) {
      const fileName = sanitizeDocumentName(suggestedName);
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: documentKindOf(fileName).mime }));
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
      document.body.append(link);
      link.click();
      link.remove();
      // Revoking at once can cancel the download in some browsers.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return { saved: true, fileName };
    },
    async saveTableExport({ resource, format, query, language }) {
      // The server streams the file and names it (Content-Disposition); the session cookie rides
      // along. A link cannot set Accept-Language: `lang` carries the app's language.
      const params = [query, `format=${format}`, `lang=${language}`].filter(Boolean).join('&');
      const url = new URL(`api/${resource}/export?${params}`, `${env.apiOrigin.replace(/\/+$/, '')}/`);
      const link = Object.assign(document.createElement('a'), { href: url.toString(), download: '' });
      document.body.append(link);
      link.click();
      link.remove();
      return { saved: true, fileName: `${resource.replace(/_/g, '-')}.${format}` };
    },
    // A browser's downloads bar shows the file; a page cannot open a folder.
    canShowInFolder: false,
    async showInFolder() {
      throw new NativeBridgeError('not_found', 'not available in a browser');
    },
    async openCalendarWindow({ userId }) {
      const url = new URL(env.appBaseUrl);
      url.searchParams.set('user', String(userId));
      url.searchParams.set('window', 'calendar');
      env.openWindow(url.toString());
    },
    async openAppWindow({ path, search }) {
      // appBaseUrl ends in the app's base (/staff/); app paths are relative to it.
      const url = new URL(path.replace(/^\//, ''), env.appBaseUrl);
      url.search = search ?? '';
      env.openWindow(url.toString());
    },
    async setMenuRole() {},
    async getServerInfo() {
      return { serverUrl: env.apiOrigin, source: 'env' as const };
    },
    async notifyMessage(input) {
      notices?.notify(input);
    },
    async readMessages(studyId) {
      notices?.read(studyId);
    },
    async pickImportFile() {
      const [file] = await chooseFiles(IMPORT_ACCEPT, false);
      if (!file) return { status: 'cancelled' };
      // The picker's accept list is a hint only: "All files" lets anything through.
      if (!/\.(xlsx|csv)$/i.test(file.name)) return { status: 'unsupported', name: file.name };
      if (file.size > IMPORT_MAX_BYTES) return { status: 'too_large', name: file.name, size: file.size };
      return { status: 'picked', name: file.name, file };
    },
    onNavigate(listener) {
      navigateListeners.add(listener);
      return () => navigateListeners.delete(listener);
    },
    onLanguageChanged: () => () => undefined,
  };
}
