import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcChannel } from '../common/ipc-channels';
import { createIpcHandlers, type IpcHandlerDeps } from './ipc-handlers';
import { dispatchIpcCall, type IpcRegistryOptions } from './ipc-registry';
import { saveDocument } from './save-document.handler';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';
import { createSavedDocuments, showInFolder } from './show-in-folder.handler';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'show-in-folder-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const app = { senderFrame: { url: 'app://staff/' }, sender: { send: () => undefined } };

function registry(shown: string[]): IpcRegistryOptions {
  const settings = createSettingsService(createMemorySettingsBackend());
  const saved = createSavedDocuments();
  const unused = () => {
    throw new Error('not used here');
  };
  return {
    isTrustedSender: (url) => url.startsWith('app://staff/'),
    handlers: createIpcHandlers({
      appInfo: () => ({ version: 't', platform: 'linux' }),
      settings,
      showOpenRecordingsDialog: async () => [],
      probe: unused,
      tokens: unused as unknown as IpcHandlerDeps['tokens'],
      uploads: unused as unknown as IpcHandlerDeps['uploads'],
      saveDocument: (input, caller) =>
        saveDocument(input, caller, {
          showSaveDialog: async (request) => path.join(dir, path.basename(request.defaultPath)),
          settings,
          defaultFolder: () => dir,
          remember: saved.remember,
        }),
      showInFolder: (input) =>
        showInFolder(input, { saved, showItemInFolder: (fullPath) => shown.push(fullPath) }),
      openCalendarWindow: () => undefined,
    }),
  };
}

describe('show in folder', () => {
  it('reveals a document saved in this session, found by the name the save answered', async () => {
    const shown: string[] = [];
    const options = registry(shown);
    const saved = await dispatchIpcCall(options, IpcChannel.saveDocument, app, {
      suggestedName: 'Договір № 7',
      bytes: new Uint8Array([1, 2]),
    });
    expect(saved).toEqual({ ok: true, data: { saved: true, fileName: 'Договір № 7.docx' } });
    const result = await dispatchIpcCall(options, IpcChannel.showInFolder, app, {
      fileName: 'Договір № 7.docx',
    });
    expect(result).toEqual({ ok: true, data: { shown: true } });
    expect(shown).toEqual([path.join(dir, 'Договір № 7.docx')]);
  });

  it('never reveals a path the page names, nor a file it did not save', async () => {
    const shown: string[] = [];
    const options = registry(shown);
    expect(
      await dispatchIpcCall(options, IpcChannel.showInFolder, app, { fileName: '/etc/passwd' }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatchIpcCall(options, IpcChannel.showInFolder, app, { fileName: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(
      await dispatchIpcCall(options, IpcChannel.showInFolder, app, { fileName: 'a.docx', path: '/tmp' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(shown).toEqual([]);
  });

  it('keeps the newest paths only', () => {
    const saved = createSavedDocuments(2);
    saved.remember('a', '/1/a');
    saved.remember('b', '/1/b');
    saved.remember('a', '/2/a');
    saved.remember('c', '/1/c');
    expect([saved.pathOf('a'), saved.pathOf('b'), saved.pathOf('c')]).toEqual(['/2/a', undefined, '/1/c']);
  });
});
