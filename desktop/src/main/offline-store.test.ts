import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../common/ipc-channels';
import { createIpcHandlers } from './ipc-handlers';
import { dispatchIpcCall, type InvokeEventLike, type IpcRegistryOptions } from './ipc-registry';
import { createOfflineFileStore } from './offline-store.service';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { APP_ORIGIN, isAllowedUrl } from './security-policy';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

const app: InvokeEventLike = { senderFrame: { url: `${APP_ORIGIN}/` }, sender: { send: () => undefined } };
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function setup() {
  const folder = await mkdtemp(path.join(tmpdir(), 'offline-store-'));
  folders.push(folder);
  const tokens = createFileTokenRegistry();
  const options: IpcRegistryOptions = {
    isTrustedSender: (url) => isAllowedUrl(url, [APP_ORIGIN]),
    handlers: createIpcHandlers({
      appInfo: () => ({ version: '1', platform: 'linux' }),
      settings: createSettingsService(createMemorySettingsBackend()),
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
      openCalendarWindow: () => undefined,
      offlineStore: createOfflineFileStore(path.join(folder, 'offline-store')),
    }),
  };
  const call = (channel: string, input?: unknown) => dispatchIpcCall(options, channel, app, input);
  return { call, folder };
}

describe('offline store over IPC', () => {
  it('keeps values per key in files that a new store (the next app start) reads back', async () => {
    const { call, folder } = await setup();
    const cache = { clientState: { queries: [{ queryKey: ['calendar', 4] }] }, text: 'Урок' };
    expect(await call(IpcChannel.offlineSet, { key: 'rq:http://s:1:4', value: cache })).toEqual({
      ok: true,
      data: { done: true },
    });
    await call(IpcChannel.offlineSet, { key: 'rq:http://s:1:5', value: 'other account' });
    await call(IpcChannel.offlineSet, { key: 'queue:1', value: [1] });

    const reopened = createOfflineFileStore(path.join(folder, 'offline-store'));
    expect(await reopened.get('rq:http://s:1:4')).toEqual({ found: true, value: cache });
    expect(await reopened.keys('rq:')).toEqual(['rq:http://s:1:4', 'rq:http://s:1:5']);
    // Atomic writes leave no temporary files behind.
    expect((await readdir(path.join(folder, 'offline-store'))).every((name) => name.endsWith('.json'))).toBe(
      true,
    );

    await call(IpcChannel.offlineRemove, { key: 'rq:http://s:1:4' });
    expect(await call(IpcChannel.offlineGet, { key: 'rq:http://s:1:4' })).toEqual({
      ok: true,
      data: { found: false, value: null },
    });
    expect(await call(IpcChannel.offlineKeys, { prefix: '' })).toEqual({
      ok: true,
      data: { keys: ['queue:1', 'rq:http://s:1:5'] },
    });
  });

  it('keeps the last of quick successive writes of a key', async () => {
    const { call } = await setup();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => call(IpcChannel.offlineSet, { key: 'k', value: index })),
    );
    expect(await call(IpcChannel.offlineGet, { key: 'k' })).toEqual({
      ok: true,
      data: { found: true, value: 9 },
    });
  });

  it('refuses keys that cannot name a file and values that are not JSON', async () => {
    const { call } = await setup();
    for (const key of ['', 'with space', '../x', 'x'.repeat(181)]) {
      const answer = await call(IpcChannel.offlineSet, { key, value: 1 });
      if (key === '../x') expect(answer.ok).toBe(true);
      else expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(await call(IpcChannel.offlineSet, { key: 'k', value: undefined })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'value' }] },
    });
    expect(await call(IpcChannel.offlineGet, { key: 'k', extra: 1 })).toMatchObject({ ok: false });
  });
});
