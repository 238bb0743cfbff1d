import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcChannel, IpcEvent } from '../common/ipc-channels';

/** Preload can only be exercised with Electron mocked: it is a thin adapter and nothing else. */
const exposed = new Map<string, any>();
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
const invoke = vi.fn(async (...args: unknown[]) => ({ ok: true, data: args }));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void exposed.set(key, value) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      void listeners.get(channel)?.delete(listener),
  },
}));

beforeEach(async () => {
  vi.resetModules();
  exposed.clear();
  await import('./index');
});

describe('preload', () => {
  it('exposes window.schoolBridge and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['schoolBridge']);
    const bridge = exposed.get('schoolBridge');
    expect(Object.keys(bridge).sort()).toEqual(
      [
        'isDesktop',
        'getAppInfo',
        'getSettings',
        'setSetting',
        'updateSettings',
        'pickRecordingFiles',
        'uploadRecordings',
        'cancelUpload',
        'saveDocument',
        'showInFolder',
        'saveTableExport',
        'openCalendarWindow',
        'openAppWindow',
        'setMenuRole',
        'getServerInfo',
        'notifyMessage',
        'pickImportFile',
        'offlineGet',
        'offlineSet',
        'offlineRemove',
        'offlineKeys',
        'onUploadProgress',
        'onLanguageChanged',
        'onNavigate',
      ].sort(),
    );
    expect(JSON.stringify(Object.values(bridge).map((v) => typeof v))).not.toContain('object');
  });

  it('forwards calls to their channel and payloads only (never the IPC event) to listeners', async () => {
    const bridge = exposed.get('schoolBridge');
    await bridge.openCalendarWindow({ userId: 4 });
    expect(invoke).toHaveBeenLastCalledWith(IpcChannel.openCalendarWindow, { userId: 4 });

    const seen: unknown[][] = [];
    const unsubscribe = bridge.onUploadProgress((...args: unknown[]) => seen.push(args));
    const fakeEvent = { sender: { secret: true } };
    for (const listener of listeners.get(IpcEvent.uploadProgress) ?? [])
      listener(fakeEvent, { uploadId: 'u1', sentBytes: 1, totalBytes: 2 });
    expect(seen).toEqual([[{ uploadId: 'u1', sentBytes: 1, totalBytes: 2 }]]);
    unsubscribe();
    expect(listeners.get(IpcEvent.uploadProgress)?.size).toBe(0);
  });
});
