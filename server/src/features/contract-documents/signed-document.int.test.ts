import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { fetchBytes, savedFileName, userIdByEmail } from '../document-generators/document.test-kit.js';
import { filesUnder, form } from '../document-generators/document-upload.test-kit.js';
import {
  sampleDocx,
  sampleExe,
  sampleJar,
  sampleOdt,
  samplePdf,
  samplePng,
} from '../document-generators/sample-files.test-kit.js';

/** Issue 15 point 2: the contract's signed document, uploaded with the contract form. */
let srv: TestServer;
let dataDir: string;
let parent: number;
let child: number;
let strangerContract: number;

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const stored = () => filesUnder(path.join(dataDir, 'files', 'contract-documents'));
const leftInTmp = () => filesUnder(path.join(dataDir, 'tmp', 'uploads'));
const contractFields = () => ({ student_id: String(child), payer_id: String(parent), end_at: '2027-06-30' });
const contractCount = async () => Number((await srv.knex('contracts').count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-documents-'));
  srv = await startTestServer({ env: { DATA_DIR: dataDir } });
  parent = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Responsible);
  child = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Student);
  const [stranger] = await srv
    .knex('users')
    .insert({ role_id: 4, firstname: 'Іван', surname: 'Чужий' })
    .returning('id');
  const [row] = await srv
    .knex('contracts')
    .insert({ student_id: stranger.id, payer_id: stranger.id, end_at: '2027-01-01T00:00:00Z' })
    .returning('id');
  strangerContract = row.id;
});
afterAll(async () => {
  await srv?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('contract signed document', () => {
  it('is uploaded with the contract form and downloads byte-identical under its UTF-8 name, also by the family', async () => {
    const manager = await srv.signInAs('Manager');
    const pdf = samplePdf('Signed by both parties');
    const name = 'Договір №7 — підписаний.pdf';
    const created = await manager.post(
      '/api/contracts',
      form(contractFields(), { document_file: [pdf, name, PDF] }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.document_name).toBe(name);
    expect(created.body.data).not.toHaveProperty('document_file');
    const id = created.body.data.id as number;

    const res = await fetchBytes(manager, 'GET', `/api/contracts/${id}/document`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(PDF);
    expect(res.bytes.equals(pdf)).toBe(true);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[ -~]+"; filename\*=UTF-8''/,
    );
    expect(savedFileName(res.headers.get('content-disposition'))).toBe(name);

    // The parent reads their child's contracts, so they read its signed document too.
    const family = await fetchBytes(
      await srv.signInAs('Responsible'),
      'GET',
      `/api/contracts/${id}/document`,
    );
    expect(family.status).toBe(200);
    expect(family.bytes.equals(pdf)).toBe(true);
    expect(stored()).toHaveLength(1);
    expect(leftInTmp()).toEqual([]);
  });

  it('is replaced by an update (POST with _method=patch): the new file downloads, the old one is deleted', async () => {
    const manager = await srv.signInAs('Manager');
    const created = await manager.post(
      '/api/contracts',
      form(contractFields(), { document_file: [samplePdf('first'), 'first.pdf', PDF] }),
    );
    const id = created.body.data.id as number;
    const before = stored();
    const oldKey = (await srv.knex('contracts').where({ id }).first('document_file')).document_file as string;

    const png = samplePng();
    const replaced = await manager.post(
      `/api/contracts/${id}`,
      form({ _method: 'patch', end_at: '2027-08-31' }, { document_file: [png, 'скан.png', 'image/png'] }),
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data.document_name).toBe('скан.png');
    expect(replaced.body.data.end_at).toContain('2027-08-3');
    const res = await fetchBytes(manager, 'GET', `/api/contracts/${id}/document`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.bytes.equals(png)).toBe(true);
    expect(stored()).toHaveLength(before.length);
    expect(fs.existsSync(path.join(dataDir, 'files', ...oldKey.split('/')))).toBe(false);

    // A form sent again with its file input left empty keeps the document.
    const kept = await manager.post(
      `/api/contracts/${id}`,
      form(
        { _method: 'patch', end_at: '2027-09-30' },
        { document_file: [Buffer.alloc(0), '', 'application/octet-stream'] },
      ),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data.document_name).toBe('скан.png');
    expect((await fetchBytes(manager, 'GET', `/api/contracts/${id}/document`)).bytes.equals(png)).toBe(true);

    // Word and OpenDocument files are kept as such.
    for (const [bytes, name, mime] of [
      [await sampleDocx(), 'signed.docx', DOCX],
      [sampleOdt(), 'signed.odt', 'application/vnd.oasis.opendocument.text'],
    ] as const) {
      const up = await manager.patch(
        `/api/contracts/${id}`,
        form({}, { document_file: [bytes, name, mime] }),
      );
      expect(up.status, up.text).toBe(200);
      expect(
        (await fetchBytes(manager, 'GET', `/api/contracts/${id}/document`)).headers.get('content-type'),
      ).toBe(mime);
    }
    expect(stored()).toHaveLength(before.length);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing: no contract, no file', async () => {
    const manager = await srv.signInAs('Manager', 'en');
    const [contracts, files] = [await contractCount(), stored()];
    const big = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await manager.post(
      '/api/contracts',
      form(contractFields(), { document_file: [big, 'big.pdf', PDF] }),
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(res.body.message).toBe('The file is too large: at most 10 MB.');
    expect(await contractCount()).toBe(contracts);
    expect(stored()).toEqual(files);
    expect(leftInTmp()).toEqual([]);
  });

  it('refuses a program or an archive, whatever its name, with 422 on document_file and keeps nothing', async () => {
    const manager = await srv.signInAs('Manager');
    const [contracts, files] = [await contractCount(), stored()];
    for (const [bytes, name] of [
      [sampleExe(), 'scan.pdf'],
      [sampleJar(), 'contract.docx'],
    ] as const) {
      const res = await manager.post(
        '/api/contracts',
        form(contractFields(), { document_file: [bytes, name, PDF] }),
      );
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['document_file']);
      expect(res.body.errors.document_file[0]).toContain('PDF');
    }
    // The same refusal on an update leaves the row as it was.
    const update = await manager.post(
      `/api/contracts/${strangerContract}`,
      form({ _method: 'patch', end_at: '2030-01-01' }, { document_file: [sampleExe(), 'a.pdf', PDF] }),
    );
    expect(update.status).toBe(422);
    expect(
      (await srv.knex('contracts').where({ id: strangerContract }).first('end_at')).end_at.toISOString(),
    ).toBe('2027-01-01T00:00:00.000Z');
    expect(await contractCount()).toBe(contracts);
    expect(stored()).toEqual(files);
  });

  it('is written only by who writes contracts, and read as the contract row is (403, 404 for another family)', async () => {
    const parentClient = await srv.signInAs('Responsible');
    const pdf = () => ({ document_file: [samplePdf(), 'x.pdf', PDF] as const });
    expect((await parentClient.post('/api/contracts', form(contractFields(), pdf()))).status).toBe(403);
    const own = (await srv.knex('contracts').where({ student_id: child }).first('id')).id as number;
    expect((await parentClient.post(`/api/contracts/${own}`, form({ _method: 'patch' }, pdf()))).status).toBe(
      403,
    );
    const teacher = await srv.signInAs('Teacher');
    expect((await teacher.post(`/api/contracts/${own}`, form({ _method: 'patch' }, pdf()))).status).toBe(403);
    expect((await teacher.get(`/api/contracts/${own}/document`)).status).toBe(403);

    const manager = await srv.signInAs('Manager');
    const up = await manager.post(`/api/contracts/${strangerContract}`, form({ _method: 'patch' }, pdf()));
    expect(up.status).toBe(200);
    expect((await parentClient.get(`/api/contracts/${strangerContract}/document`)).status).toBe(404);
    // A contract the parent may read, without a signed document: 404 with a clear message.
    await srv.knex('contracts').where({ id: own }).update({ document_file: null, document_name: null });
    const none = await parentClient.get(`/api/contracts/${own}/document`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('До договору не завантажено підписаний документ.');
  });

  it('goes with its contract when the contract is deleted', async () => {
    const manager = await srv.signInAs('Manager');
    const created = await manager.post(
      '/api/contracts',
      form(contractFields(), { document_file: [samplePdf(), 'gone.pdf', PDF] }),
    );
    const key = (await srv.knex('contracts').where({ id: created.body.data.id }).first('document_file'))
      .document_file as string;
    const file = path.join(dataDir, 'files', ...key.split('/'));
    expect(fs.existsSync(file)).toBe(true);
    expect((await manager.delete(`/api/contracts/${created.body.data.id}`)).status).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
  });
});
