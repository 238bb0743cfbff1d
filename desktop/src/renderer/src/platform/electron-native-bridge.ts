import type { SchoolBridge } from '../../../common/desktop-bridge';
import type { IpcResult } from '../../../common/ipc-result';
import { NativeBridgeError, type NativeBridge } from './native-bridge.types';

async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call;
  if (result.ok) return result.data;
  throw new NativeBridgeError(result.error.code, result.error.message, result.error.issues);
}

function newUploadId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The NativeBridge over the preload's window.schoolBridge (IpcResult envelopes unwrapped). */
export function createElectronNativeBridge(bridge: SchoolBridge): NativeBridge {
  return {
    native: true,
    getAppInfo: () => unwrap(bridge.getAppInfo()),
    getSettings: () => unwrap(bridge.getSettings()),
    setSetting: (input) => unwrap(bridge.setSetting(input)),
    pickRecordingFiles: async () => (await unwrap(bridge.pickRecordingFiles())).files,
    async uploadRecordings({ onProgress, signal, ...request }) {
      if (signal?.aborted) throw new NativeBridgeError('cancelled', 'upload cancelled');
      // The id is ours before the call starts, so progress events can be matched at once.
      const uploadId = newUploadId();
      const unsubscribe = bridge.onUploadProgress((progress) => {
        if (progress.uploadId !== uploadId) return;
        const { sentBytes, totalBytes, fileBytes } = progress;
        onProgress?.(fileBytes ? { sentBytes, totalBytes, fileBytes } : { sentBytes, totalBytes });
      });
      const cancel = () => void bridge.cancelUpload({ uploadId });
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        return await unwrap(bridge.uploadRecordings({ uploadId, ...request }));
      } finally {
        signal?.removeEventListener('abort', cancel);
        unsubscribe();
      }
    },
    saveDocument: (input) => unwrap(bridge.saveDocument(input)),
    saveTableExport: (input) => unwrap(bridge.saveTableExport(input)),
    canShowInFolder: true,
    showInFolder: async (input) => {
      await unwrap(bridge.showInFolder(input));
    },
    openCalendarWindow: async (input) => {
      await unwrap(bridge.openCalendarWindow(input));
    },
    openAppWindow: async (input) => {
      await unwrap(bridge.openAppWindow(input));
    },
    setMenuRole: async (role) => {
      await unwrap(bridge.setMenuRole({ role }));
    },
    getServerInfo: () => unwrap(bridge.getServerInfo()),
    notifyMessage: async (input) => {
      await unwrap(bridge.notifyMessage({ type: 'message', ...input }));
    },
    readMessages: async (studyId) => {
      await unwrap(bridge.notifyMessage({ type: 'read', studyId }));
    },
    async pickImportFile() {
      const result = await unwrap(bridge.pickImportFile());
      if (result.status !== 'picked') return result;
      return { status: 'picked', name: result.name, file: new Blob([result.bytes as BlobPart]) };
    },
    onNavigate: (listener) => bridge.onNavigate((event) => listener(event.path, event.search)),
    onLanguageChanged: (listener) => bridge.onLanguageChanged(listener),
    offlineStore: {
      get: (key) => unwrap(bridge.offlineGet({ key })),
      set: async (key, value) => {
        await unwrap(bridge.offlineSet({ key, value }));
      },
      remove: async (key) => {
        await unwrap(bridge.offlineRemove({ key }));
      },
      keys: async (prefix) => (await unwrap(bridge.offlineKeys({ prefix }))).keys,
    },
  };
}
