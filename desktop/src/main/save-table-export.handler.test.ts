import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcChannel } from '../common/ipc-channels';
import { dispatchIpcCall, type IpcCaller } from './ipc-registry';
import { createIpcHandlers } from './ipc-handlers';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import type { SaveDialogRequest } from './save-document.handler';
import { saveTableExport, type SaveTableExportDeps } from './save-table-export.handler';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

let dir: string;
let server: Server;
let serverUrl: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const caller: IpcCaller = { frameUrl: 'app://staff/', send: () => undefined };
/** A large body in many chunks, as the server streams an export. */
const ROWS = Array.from({ length: 20_000 }, (_, i) => `${i};row ${i}\r\n`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'table-export-test-'));
  // A stand-in for the school server: its export route streams, or refuses.
  server = createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    if (req.url!.startsWith('/api/payments/')) {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"message":"no"}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
    let i = 0;
    const more = () => {
      while (i < ROWS.length) if (!res.write(ROWS[i++])) return void res.once('drain', more);
      res.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function deps(target: string | null, requests: SaveDialogRequest[] = []): SaveTableExportDeps {
  return {
    showSaveDialog: async (request) => (requests.push(request), target),
    settings: createSettingsService(createMemorySettingsBackend()),
    defaultFolder: () => dir,
    getServerUrl: () => serverUrl,
    getCookieHeader: async () => 'school_session=abc',
    today: () => '2026-11-28',
  };
}

describe('saveTableExport', () => {
  it('streams the server export into the chosen file with the session and the table query', async () => {
    const requests: SaveDialogRequest[] = [];
    const target = path.join(dir, 'мої заняття');
    const result = await saveTableExport(
      { resource: 'study_reports', format: 'csv', query: 'filter[id]=%251%25&sort[]=-id', language: 'ru' },
      caller,
      deps(target, requests),
    );
    expect(result).toEqual({ saved: true, fileName: 'мої заняття.csv' });
    expect(requests[0]!.defaultPath).toBe(path.join(dir, 'study-reports-2026-11-28.csv'));
    expect(requests[0]!.filters).toEqual([{ name: 'CSV', extensions: ['csv'] }]);
    expect(await readFile(`${target}.csv`, 'utf8')).toBe(ROWS.join(''));
    const call = seen.at(-1)!;
    expect(call.url).toBe('/api/study_reports/export?filter[id]=%251%25&sort[]=-id&format=csv');
    expect(call.headers.cookie).toBe('school_session=abc');
    expect(call.headers['accept-language']).toBe('ru');
    expect((await readdir(dir)).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('answers a refusal as an error and leaves no file; a cancelled dialog asks nothing', async () => {
    const target = path.join(dir, 'payments.xlsx');
    await expect(
      saveTableExport(
        { resource: 'payments', format: 'xlsx', query: '', language: 'uk' },
        caller,
        deps(target),
      ),
    ).rejects.toMatchObject({ code: 'server_refused' });
    expect(await readdir(dir)).not.toContain('payments.xlsx');
    const before = seen.length;
    expect(
      await saveTableExport(
        { resource: 'users', format: 'xlsx', query: '', language: 'uk' },
        caller,
        deps(null),
      ),
    ).toEqual({ saved: false });
    expect(seen.length).toBe(before);
  });

  it('refuses at the IPC boundary a resource without an export or a query with a fragment', async () => {
    const handlers = createIpcHandlers({
      appInfo: () => ({ version: '1', platform: 'linux' }),
      settings: createSettingsService(createMemorySettingsBackend()),
      showOpenRecordingsDialog: async () => [],
      probe: async () => ({ durationSeconds: 1 }) as never,
      tokens: createFileTokenRegistry(),
      uploads: createRecordingsUploadHandlers({
        tokens: createFileTokenRegistry(),
        getServerUrl: () => serverUrl,
        getCookieHeader: async () => undefined,
        getLanguage: () => 'uk',
      }),
      saveDocument: async () => ({ saved: false }),
      saveTableExport: (input, c) => saveTableExport(input, c, deps(null)),
      openCalendarWindow: () => undefined,
    });
    const call = (input: unknown) =>
      dispatchIpcCall(
        { handlers, isTrustedSender: () => true },
        IpcChannel.saveTableExport,
        { senderFrame: { url: 'app://staff/' } },
        input,
      );
    for (const bad of [
      { resource: 'phones', format: 'csv', query: '', language: 'uk' },
      { resource: 'users', format: 'pdf', query: '', language: 'uk' },
      { resource: 'users', format: 'csv', query: 'a=1#x', language: 'uk' },
      { resource: 'users', format: 'csv', query: '', language: 'uk', url: 'http://evil' },
    ])
      expect(await call(bad)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call({ resource: 'users', format: 'csv', query: '', language: 'uk' })).toEqual({
      ok: true,
      data: { saved: false },
    });
  });
});
