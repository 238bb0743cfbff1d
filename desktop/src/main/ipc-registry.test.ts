import { describe, expect, it, vi } from 'vitest';
import { IpcChannel, type IpcChannelName } from '../common/ipc-channels';
import { IpcHandlerError } from '../common/ipc-result';
import { ipcContract } from '../common/ipc-schemas';
import { createIpcHandlers } from './ipc-handlers';
import {
  dispatchIpcCall,
  registerIpcHandlers,
  type InvokeEventLike,
  type IpcMainLike,
  type IpcRegistryOptions,
} from './ipc-registry';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { APP_ORIGIN, isAllowedUrl } from './security-policy';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

const DEV_ORIGIN = 'http://localhost:5173';
const frame = (url: string | null): InvokeEventLike => ({
  senderFrame: url === null ? null : { url },
  sender: { send: () => undefined },
});
const app = frame(`${APP_ORIGIN}/admin/contracts?id=3`);

function setup(overrides: Partial<Parameters<typeof createIpcHandlers>[0]> = {}) {
  const tokens = createFileTokenRegistry();
  const settings = createSettingsService(createMemorySettingsBackend());
  const openCalendarWindow = vi.fn();
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: '1.2.3', platform: 'linux' }),
    settings,
    showOpenRecordingsDialog: async () => [],
    probe: async () => ({ ok: false, reason: 'not_media', message: '' }),
    tokens,
    uploads: createRecordingsUploadHandlers({
      tokens,
      getServerUrl: () => 'http://127.0.0.1:9',
      getCookieHeader: async () => undefined,
      getLanguage: () => undefined,
    }),
    saveDocument: async () => ({ saved: false }),
    openCalendarWindow,
    ...overrides,
  });
  const logError = vi.fn();
  const options: IpcRegistryOptions = {
    handlers,
    isTrustedSender: (url) => isAllowedUrl(url, [APP_ORIGIN, DEV_ORIGIN]),
    logError,
  };
  return { options, settings, openCalendarWindow, logError };
}

describe('sender checks', () => {
  it.each([
    ['a foreign web origin', 'https://evil.example/'],
    ['a look-alike host', 'app://staff.evil/'],
    ['a file: page', 'file:///tmp/index.html'],
    ['another dev port', 'http://localhost:5174/'],
    ['a frame that is gone', null],
  ])('rejects %s with untrusted_sender and never runs the handler', async (_label, url) => {
    const { options, openCalendarWindow } = setup();
    const result = await dispatchIpcCall(options, IpcChannel.openCalendarWindow, frame(url), { userId: 5 });
    expect(result).toEqual({ ok: false, error: { code: 'untrusted_sender', message: expect.any(String) } });
    expect(openCalendarWindow).not.toHaveBeenCalled();
  });

  it('accepts our app origin and the dev server', async () => {
    const { options, openCalendarWindow } = setup();
    expect(await dispatchIpcCall(options, IpcChannel.openCalendarWindow, app, { userId: 5 })).toEqual({
      ok: true,
      data: { opened: true },
    });
    expect(await dispatchIpcCall(options, IpcChannel.getAppInfo, frame(`${DEV_ORIGIN}/`), undefined)).toEqual(
      {
        ok: true,
        data: { version: '1.2.3', platform: 'linux' },
      },
    );
    expect(openCalendarWindow).toHaveBeenCalledWith(5);
  });
});

describe('input validation', () => {
  const bad: [IpcChannelName, unknown][] = [
    [IpcChannel.getAppInfo, { extra: true }],
    [IpcChannel.setSetting, { key: 'documentsFolder', value: '/etc' }],
    [IpcChannel.setSetting, { key: 'language', value: 'de' }],
    [IpcChannel.setSetting, { key: 'tablePageSizes', value: { users: 7 } }],
    [IpcChannel.setSetting, { key: 'serverUrl', value: 'file:///etc/passwd' }],
    [IpcChannel.updateSettings, { windowSizes: { main: { width: 800, height: 600 } } }],
    [
      IpcChannel.uploadRecordings,
      { uploadId: 'x', studyId: 1, files: [], metadata: { study_id: 1, parts: [] } },
    ],
    [
      IpcChannel.uploadRecordings,
      {
        uploadId: 'upload-01',
        studyId: 1,
        files: [{ token: '/etc/passwd' }],
        metadata: { study_id: 1, parts: [] },
      },
    ],
    [
      IpcChannel.uploadRecordings,
      { uploadId: 'upload-01', studyId: 2, files: [], metadata: { study_id: 1, parts: [] } },
    ],
    [IpcChannel.saveDocument, { suggestedName: 'contract No 12', bytes: 'not bytes' }],
    [IpcChannel.saveDocument, { suggestedName: '', bytes: new Uint8Array(1) }],
    [IpcChannel.openCalendarWindow, { userId: -1 }],
    [IpcChannel.openCalendarWindow, { userId: '5' }],
    [IpcChannel.cancelUpload, undefined],
  ];

  it.each(bad)('%s refuses %j with invalid_input and its issues', async (channel, payload) => {
    const { options } = setup();
    const result = await dispatchIpcCall(options, channel, app, payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.issues?.length).toBeGreaterThan(0);
  });

  it('refuses an unknown channel', async () => {
    const { options } = setup();
    expect(await dispatchIpcCall(options, 'fs:read', app, '/etc/passwd')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('handler failures become envelopes', () => {
  it('a typed handler error keeps its code', async () => {
    const { options } = setup({
      openCalendarWindow: () => {
        throw new IpcHandlerError('not_found', 'no such user');
      },
    });
    expect(await dispatchIpcCall(options, IpcChannel.openCalendarWindow, app, { userId: 9 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no such user' },
    });
  });

  it('an unexpected error is logged in main and answered as internal without its details', async () => {
    const { options, logError } = setup({
      showOpenRecordingsDialog: async () => {
        throw new Error('secret /home/user path');
      },
    });
    const result = await dispatchIpcCall(options, IpcChannel.pickRecordingFiles, app, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret');
    expect(logError).toHaveBeenCalledOnce();
  });
});

describe('registerIpcHandlers', () => {
  it('registers every channel of the contract and answers through the same checks', async () => {
    const listeners = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
    const ipcMain: IpcMainLike = {
      handle: (channel, listener) => void listeners.set(channel, listener),
      removeHandler: (c) => void listeners.delete(c),
    };
    const { options } = setup();
    const unregister = registerIpcHandlers(ipcMain, options);
    expect([...listeners.keys()].sort()).toEqual(Object.keys(ipcContract).sort());

    const getSettings = listeners.get(IpcChannel.getSettings);
    await expect(getSettings?.(app)).resolves.toEqual({ ok: true, data: {} });
    await expect(getSettings?.(frame('https://evil.example/'))).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    });
    const setSetting = listeners.get(IpcChannel.setSetting);
    await expect(setSetting?.(app, { key: 'language', value: 'ru' })).resolves.toEqual({
      ok: true,
      data: { language: 'ru' },
    });
    await expect(setSetting?.(app, { key: 'language', value: 42 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });

    unregister();
    expect(listeners.size).toBe(0);
  });

  it('handler outputs match the contract output schemas', async () => {
    const { options } = setup();
    for (const [channel, input] of [
      [IpcChannel.getAppInfo, undefined],
      [IpcChannel.getSettings, undefined],
      [IpcChannel.pickRecordingFiles, undefined],
      [IpcChannel.cancelUpload, { uploadId: 'upload-404' }],
      [IpcChannel.openCalendarWindow, { userId: 1 }],
    ] as [IpcChannelName, unknown][]) {
      const result = await dispatchIpcCall(options, channel, app, input);
      expect(result.ok).toBe(true);
      if (result.ok) expect(ipcContract[channel].output.safeParse(result.data).success).toBe(true);
    }
  });
});

describe('language changes', () => {
  it('tells main (menu, other windows) only when a window really changed the language', async () => {
    const onLanguageChanged = vi.fn();
    const { options } = setup({ onLanguageChanged });
    await dispatchIpcCall(options, IpcChannel.setSetting, app, { key: 'language', value: 'ru' });
    expect(onLanguageChanged).toHaveBeenLastCalledWith('ru');
    // The other windows echo the same language back: no second broadcast, no loop.
    await dispatchIpcCall(options, IpcChannel.setSetting, app, { key: 'language', value: 'ru' });
    await dispatchIpcCall(options, IpcChannel.setSetting, app, { key: 'lastCalendarUserId', value: 4 });
    expect(onLanguageChanged).toHaveBeenCalledTimes(1);
    await dispatchIpcCall(options, IpcChannel.updateSettings, app, { language: 'uk', lastCalendarUserId: 5 });
    expect(onLanguageChanged).toHaveBeenLastCalledWith('uk');
    expect(onLanguageChanged).toHaveBeenCalledTimes(2);
  });
});
