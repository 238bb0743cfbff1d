import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_BYTES } from '@school/shared/imports';
import { IpcChannel } from '../common/ipc-channels';
import { pickImportFileResultSchema } from '../common/ipc-schemas';
import { pickImportFile, type ImportOpenDialogRequest } from './import-file.handler';
import { createIpcHandlers } from './ipc-handlers';
import { dispatchIpcCall, type IpcCaller } from './ipc-registry';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

/** The spreadsheet to import, picked in the native dialog and read by main (issue 31). */

let dir: string;
const at = (name: string) => path.join(dir, name);
const caller: IpcCaller = { frameUrl: 'app://staff/', send: () => undefined };
const csv = Buffer.from('Прізвище;Ім\u02bcя\r\nШевченко;Тарас\r\n', 'utf8');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-pick-test-'));
  await writeFile(at('учні.csv'), csv);
  await writeFile(at('notes.txt'), 'not a spreadsheet');
  // 50 MB + 1 byte without using the disk: a sparse file.
  await writeFile(at('huge.XLSX'), '');
  await truncate(at('huge.XLSX'), IMPORT_MAX_BYTES + 1);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function handlersWith(chosen: string | null, requests: ImportOpenDialogRequest[] = []) {
  return createIpcHandlers({
    appInfo: () => ({ version: 't', platform: 'test' }),
    settings: createSettingsService(createMemorySettingsBackend()),
    showOpenRecordingsDialog: async () => [],
    probe: async () => ({ ok: false, reason: 'not_media', message: '' }),
    tokens: createFileTokenRegistry(),
    uploads: createRecordingsUploadHandlers({
      tokens: createFileTokenRegistry(),
      getServerUrl: () => 'http://127.0.0.1:1',
      getCookieHeader: async () => undefined,
      getLanguage: () => undefined,
    }),
    saveDocument: async () => ({ saved: false }),
    openCalendarWindow: () => undefined,
    pickImportFile: (callerOfCall) =>
      pickImportFile(callerOfCall, {
        showOpenDialog: async (request) => (requests.push(request), chosen),
      }),
  });
}

const call = (handlers: ReturnType<typeof handlersWith>) =>
  dispatchIpcCall(
    { handlers, isTrustedSender: (url) => url.startsWith('app://staff') },
    IpcChannel.pickImportFile,
    {
      senderFrame: { url: 'app://staff/' },
    },
    undefined,
  );

describe('imports:pick-file', () => {
  it('offers spreadsheets in the dialog and hands the chosen file over byte for byte', async () => {
    const requests: ImportOpenDialogRequest[] = [];
    const result = await call(handlersWith(at('учні.csv'), requests));
    expect(result.ok).toBe(true);
    const data = pickImportFileResultSchema.parse(result.ok ? result.data : null);
    expect(data).toEqual({ status: 'picked', name: 'учні.csv', bytes: new Uint8Array(csv) });
    expect(requests[0].filters).toEqual([{ name: 'Excel, CSV', extensions: ['xlsx', 'csv', 'XLSX', 'CSV'] }]);
  });

  it('answers a file over 50 MB by its name and size without reading it', async () => {
    const read = vi.fn(async () => new Uint8Array());
    const result = await pickImportFile(caller, { showOpenDialog: async () => at('huge.XLSX'), read });
    expect(result).toEqual({ status: 'too_large', name: 'huge.XLSX', size: IMPORT_MAX_BYTES + 1 });
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses a file that is not .xlsx or .csv, and answers a cancelled dialog', async () => {
    expect(await pickImportFile(caller, { showOpenDialog: async () => at('notes.txt') })).toEqual({
      status: 'unsupported',
      name: 'notes.txt',
    });
    expect(await pickImportFile(caller, { showOpenDialog: async () => null })).toEqual({
      status: 'cancelled',
    });
  });

  it('reports a file that vanished after it was chosen as unreadable, not as a crash', async () => {
    const result = await call(handlersWith(at('gone.csv')));
    expect(result).toEqual({
      ok: false,
      error: { code: 'file_unreadable', message: 'could not read the file (ENOENT)' },
    });
  });

  it('is refused to a frame that is not the app', async () => {
    const result = await dispatchIpcCall(
      { handlers: handlersWith(at('учні.csv')), isTrustedSender: (url) => url.startsWith('app://staff') },
      IpcChannel.pickImportFile,
      { senderFrame: { url: 'https://evil.example/' } },
      undefined,
    );
    expect(result.ok).toBe(false);
  });
});
