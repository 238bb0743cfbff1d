import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizeDocumentName } from '../common/document-names';
import { IpcChannel } from '../common/ipc-channels';
import type { IpcCaller } from './ipc-registry';
import { dispatchIpcCall } from './ipc-registry';
import { createIpcHandlers } from './ipc-handlers';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { saveDocument, type SaveDialogRequest } from './save-document.handler';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

let dir: string;
const caller: IpcCaller = { frameUrl: 'app://staff/', send: () => undefined };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'save-doc-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every byte value, so any text or encoding conversion would show. */
const docx = () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 7 + 3) % 256);

describe('saveDocument', () => {
  it('writes exactly the bytes to the chosen file and remembers its folder', async () => {
    const settings = createSettingsService(createMemorySettingsBackend());
    const requests: SaveDialogRequest[] = [];
    const target = path.join(dir, 'contract No 12.docx');
    const bytes = docx();
    const result = await saveDocument({ suggestedName: 'contract No 12', bytes }, caller, {
      showSaveDialog: async (request) => (requests.push(request), target),
      settings,
      defaultFolder: () => '/home/u/Documents',
    });
    expect(result).toEqual({ saved: true, fileName: 'contract No 12.docx' });
    expect(new Uint8Array(await readFile(target))).toEqual(bytes);
    expect(requests[0]).toEqual({
      defaultPath: path.join('/home/u/Documents', 'contract No 12.docx'),
      filters: [{ name: 'Word', extensions: ['docx'] }],
    });
    expect(settings.read().documentsFolder).toBe(dir);

    // The next dialog opens in the remembered folder.
    await saveDocument({ suggestedName: 'договір № 13', bytes }, caller, {
      showSaveDialog: async (request) => (requests.push(request), null),
      settings,
      defaultFolder: () => '/home/u/Documents',
    });
    expect(requests[1].defaultPath).toBe(path.join(dir, 'договір № 13.docx'));
  });

  it('does nothing when the dialog is cancelled', async () => {
    const write = vi.fn();
    const result = await saveDocument({ suggestedName: 'x', bytes: docx() }, caller, {
      showSaveDialog: async () => null,
      settings: createSettingsService(createMemorySettingsBackend()),
      defaultFolder: () => dir,
      writeFile: write,
    });
    expect(result).toEqual({ saved: false });
    expect(write).not.toHaveBeenCalled();
  });

  it('adds .docx when the dialog returns a bare name, and fails typed when the disk refuses', async () => {
    const settings = createSettingsService(createMemorySettingsBackend());
    const bare = path.join(dir, 'invoice 01-12');
    const result = await saveDocument({ suggestedName: 'invoice', bytes: docx() }, caller, {
      showSaveDialog: async () => bare,
      settings,
      defaultFolder: () => dir,
    });
    expect(result).toEqual({ saved: true, fileName: 'invoice 01-12.docx' });
    await expect(
      saveDocument({ suggestedName: 'x', bytes: docx() }, caller, {
        showSaveDialog: async () => path.join(dir, 'no-such-folder', 'x.docx'),
        settings,
        defaultFolder: () => dir,
      }),
    ).rejects.toMatchObject({ code: 'write_failed' });
  });

  it('arrives through IPC from an ArrayBuffer and writes the same bytes', async () => {
    const tokens = createFileTokenRegistry();
    const settings = createSettingsService(createMemorySettingsBackend());
    const target = path.join(dir, 'via-ipc.docx');
    const handlers = createIpcHandlers({
      appInfo: () => ({ version: 't', platform: 't' }),
      settings,
      showOpenRecordingsDialog: async () => [],
      probe: async () => ({ ok: false, reason: 'not_media', message: '' }),
      tokens,
      uploads: createRecordingsUploadHandlers({
        tokens,
        getServerUrl: () => '',
        getCookieHeader: async () => undefined,
        getLanguage: () => undefined,
      }),
      saveDocument: (input, c) =>
        saveDocument(input, c, { showSaveDialog: async () => target, settings, defaultFolder: () => dir }),
      openCalendarWindow: () => undefined,
    });
    const bytes = docx();
    const result = await dispatchIpcCall(
      { handlers, isTrustedSender: () => true },
      IpcChannel.saveDocument,
      { senderFrame: { url: 'app://staff/' } },
      {
        suggestedName: 'via ipc',
        bytes: bytes.buffer,
      },
    );
    expect(result).toEqual({ ok: true, data: { saved: true, fileName: 'via-ipc.docx' } });
    expect(new Uint8Array(await readFile(target))).toEqual(bytes);
  });
});

describe('sanitizeDocumentName', () => {
  it.each([
    ['contract No 12', 'contract No 12.docx'],
    ['Договір № 12', 'Договір № 12.docx'],
    ['contract No 12.DOCX', 'contract No 12.docx'],
    ['../../etc/passwd', '.._.._etc_passwd.docx'],
    ['a:b*c?"d"<e>|f', 'a_b_c__d__e__f.docx'],
    ['tab\there\u0000', 'tab_here_.docx'],
    ['name. . .', 'name.docx'],
    ['   ', 'document.docx'],
    ['CON', '_CON.docx'],
    ['analytics-studies-2026-11-16-2026-11-29.csv', 'analytics-studies-2026-11-16-2026-11-29.csv'],
    ['a:b.CSV', 'a_b.csv'],
    ['помилки імпорту.XLSX', 'помилки імпорту.xlsx'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeDocumentName(input)).toBe(expected);
  });
});
