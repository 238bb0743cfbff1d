import { describe, expect, it, vi } from 'vitest';
import type { SchoolBridge } from '../../../common/desktop-bridge';
import type { UploadProgress } from '../../../common/ipc-schemas';
import { createElectronNativeBridge } from './electron-native-bridge';
import { findSchoolBridge } from './native-bridge';
import { NativeBridgeError } from './native-bridge.types';

function fakeBridge(overrides: Partial<SchoolBridge> = {}) {
  const progressListeners = new Set<(p: UploadProgress) => void>();
  const bridge = {
    isDesktop: true,
    getAppInfo: async () => ({ ok: true, data: { version: '1', platform: 'linux' } }),
    getSettings: async () => ({ ok: true, data: { language: 'uk' } }),
    setSetting: async () => ({
      ok: false,
      error: { code: 'invalid_input', message: 'bad', issues: [{ path: 'value', message: 'x' }] },
    }),
    updateSettings: async () => ({ ok: true, data: {} }),
    pickRecordingFiles: async () => ({ ok: true, data: { files: [] } }),
    uploadRecordings: async () => ({ ok: true, data: { status: 201, body: {} } }),
    cancelUpload: vi.fn(async () => ({ ok: true, data: { cancelled: true } })),
    saveDocument: async () => ({ ok: true, data: { saved: true, fileName: 'a.docx' } }),
    openCalendarWindow: async () => ({ ok: true, data: { opened: true } }),
    onUploadProgress: (listener: (p: UploadProgress) => void) => {
      progressListeners.add(listener);
      return () => void progressListeners.delete(listener);
    },
    onLanguageChanged: () => () => undefined,
    ...overrides,
  } as SchoolBridge;
  const emit = (p: UploadProgress) => progressListeners.forEach((l) => l(p));
  return { bridge, emit, progressListeners };
}

describe('the Electron NativeBridge', () => {
  it('unwraps ok envelopes and rejects failed ones with a typed NativeBridgeError', async () => {
    const native = createElectronNativeBridge(fakeBridge().bridge);
    expect(native.native).toBe(true);
    await expect(native.getSettings()).resolves.toEqual({ language: 'uk' });
    const error = await native.setSetting({ key: 'language', value: 'uk' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NativeBridgeError);
    expect(error).toMatchObject({ code: 'invalid_input', issues: [{ path: 'value', message: 'x' }] });
  });

  it('reports only its own upload progress, cancels on abort and unsubscribes at the end', async () => {
    const controller = new AbortController();
    let finish: (value: { ok: true; data: { status: number; body: unknown } }) => void = () => undefined;
    let seenInput: { uploadId: string } | undefined;
    const { bridge, emit, progressListeners } = fakeBridge({
      uploadRecordings: ((input: { uploadId: string }) => {
        seenInput = input;
        return new Promise((resolve) => (finish = resolve));
      }) as never,
    });
    const native = createElectronNativeBridge(bridge);
    const progress: number[] = [];
    const upload = native.uploadRecordings({
      studyId: 3,
      files: [],
      metadata: { study_id: 3, parts: [] },
      onProgress: (p) => progress.push(p.sentBytes),
      signal: controller.signal,
    });
    await Promise.resolve();
    const uploadId = seenInput?.uploadId ?? '';
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    emit({ uploadId, sentBytes: 10, totalBytes: 20 });
    emit({ uploadId: 'someone-else', sentBytes: 99, totalBytes: 100 });
    controller.abort();
    expect(bridge.cancelUpload).toHaveBeenCalledWith({ uploadId });
    finish({ ok: true, data: { status: 201, body: {} } });
    await expect(upload).resolves.toEqual({ status: 201, body: {} });
    expect(progress).toEqual([10]);
    expect(progressListeners.size).toBe(0);
  });

  it('is found only when preload exposed a real bridge', () => {
    expect(findSchoolBridge({})).toBeNull();
    expect(findSchoolBridge({ schoolBridge: { isDesktop: 'yes' } })).toBeNull();
    const { bridge } = fakeBridge();
    expect(findSchoolBridge({ schoolBridge: bridge })).toBe(bridge);
  });
});
