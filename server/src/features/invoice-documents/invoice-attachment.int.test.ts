import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { fetchBytes, savedFileName, userIdByEmail } from '../document-generators/document.test-kit.js';
import { filesUnder, form } from '../document-generators/document-upload.test-kit.js';
import { sampleDoc, sampleElf, sampleJpeg, samplePdf } from '../document-generators/sample-files.test-kit.js';

/** Issue 15 point 2: the invoice form's attachment (`document_file`). */
let srv: TestServer;
let dataDir: string;
let ownSubscription: number;
let strangerSubscription: number;

const PDF = 'application/pdf';
const stored = () => filesUnder(path.join(dataDir, 'files', 'invoice-attachments'));
const invoiceCount = async () => Number((await srv.knex('invoices').count({ n: '*' }))[0]!.n);
const fileOf = (key: string) => path.join(dataDir, 'files', ...key.split('/'));
const keysOf = async (invoiceId: number) =>
  (await srv.knex('invoice_attachments').where({ invoice_id: invoiceId }).select('storage_key')).map(
    (r: { storage_key: string }) => r.storage_key,
  );

async function subscriptionFor(studentId: number, payerId: number) {
  const [c] = await srv
    .knex('contracts')
    .insert({ student_id: studentId, payer_id: payerId, end_at: '2027-01-01T00:00:00Z' })
    .returning('id');
  const [s] = await srv
    .knex('subscriptions')
    .insert({ contract_id: c.id, price_per_study: 30000 })
    .returning('id');
  return s.id as number;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-attachments-'));
  srv = await startTestServer({ env: { DATA_DIR: dataDir } });
  const parent = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Responsible);
  const child = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Student);
  ownSubscription = await subscriptionFor(child, parent);
  const [stranger] = await srv
    .knex('users')
    .insert({ role_id: 4, firstname: 'Іван', surname: 'Чужий' })
    .returning('id');
  strangerSubscription = await subscriptionFor(stranger.id, stranger.id);
});
afterAll(async () => {
  await srv?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('invoice attachment', () => {
  it('is uploaded with the invoice form, named on the row and downloads byte-identical, also by the family', async () => {
    const manager = await srv.signInAs('Manager');
    const pdf = samplePdf('Payment order');
    const name = 'Платіжка за жовтень.pdf';
    const created = await manager.post(
      '/api/invoices',
      form(
        { subscription_id: String(ownSubscription), amount: '240000' },
        { document_file: [pdf, name, PDF] },
      ),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      amount: 240000,
      attachment_name: name,
      number: expect.stringMatching(/^01-\d+$/),
    });
    const id = created.body.data.id as number;

    for (const client of [manager, await srv.signInAs('Responsible')]) {
      const res = await fetchBytes(client, 'GET', `/api/invoices/${id}/attachment`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(PDF);
      expect(res.bytes.equals(pdf)).toBe(true);
      expect(savedFileName(res.headers.get('content-disposition'))).toBe(name);
    }
    expect((await manager.get(`/api/invoices?filter[id]=${id}`)).body.data[0].attachment_name).toBe(name);
  });

  it('is replaced by an update: one attachment per invoice, the old file deleted after the change', async () => {
    const manager = await srv.signInAs('Manager');
    const created = await manager.post(
      '/api/invoices',
      form(
        { subscription_id: String(ownSubscription), amount: '30000' },
        { document_file: [samplePdf(), 'a.pdf', PDF] },
      ),
    );
    const id = created.body.data.id as number;
    const [oldKey] = await keysOf(id);
    const files = stored().length;

    const jpeg = sampleJpeg();
    const res = await manager.post(
      `/api/invoices/${id}`,
      form(
        { _method: 'PATCH', payed_at: '2026-10-05T10:00:00Z' },
        { document_file: [jpeg, 'чек.jpg', 'image/jpeg'] },
      ),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      attachment_name: 'чек.jpg',
      payed_at: expect.stringContaining('2026-10-05'),
    });
    expect(await keysOf(id)).toHaveLength(1);
    expect(fs.existsSync(fileOf(oldKey!))).toBe(false);
    expect(stored()).toHaveLength(files);
    const down = await fetchBytes(manager, 'GET', `/api/invoices/${id}/attachment`);
    expect(down.headers.get('content-type')).toBe('image/jpeg');
    expect(down.bytes.equals(jpeg)).toBe(true);

    // A Word 97 file (.doc) is a document too.
    const doc = await manager.patch(
      `/api/invoices/${id}`,
      form({}, { document_file: [sampleDoc(), 'old.doc', 'application/msword'] }),
    );
    expect(doc.status, doc.text).toBe(200);
    expect(doc.body.data.attachment_name).toBe('old.doc');
  });

  it('refuses too large (413) and non-documents (422) without creating the invoice or keeping a file', async () => {
    const manager = await srv.signInAs('Manager');
    const [invoices, files] = [await invoiceCount(), stored()];
    const fields = { subscription_id: String(ownSubscription), amount: '30000' };
    const big = await manager.post(
      '/api/invoices',
      form(fields, {
        document_file: [Buffer.concat([samplePdf(), Buffer.alloc(11 * 1024 * 1024)]), 'big.pdf', PDF],
      }),
    );
    expect(big.status).toBe(413);
    const elf = await manager.post(
      '/api/invoices',
      form(fields, { document_file: [sampleElf(), 'invoice.pdf', PDF] }),
    );
    expect(elf.status).toBe(422);
    expect(Object.keys(elf.body.errors)).toEqual(['document_file']);
    // A file under a field the form does not have is refused too.
    const other = await manager.post('/api/invoices', form(fields, { photo: [samplePdf(), 'a.pdf', PDF] }));
    expect(other.status).toBe(415);
    // A bad field with a good file: the engine's 422, and the file put aside is removed again.
    const bad = await manager.post(
      '/api/invoices',
      form({ ...fields, amount: 'abc' }, { document_file: [samplePdf(), 'a.pdf', PDF] }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['amount']);
    expect(await invoiceCount()).toBe(invoices);
    expect(stored()).toEqual(files);
  });

  it('is read as the invoice row is and written only by who writes invoices', async () => {
    const manager = await srv.signInAs('Manager');
    const stranger = await manager.post(
      '/api/invoices',
      form(
        { subscription_id: String(strangerSubscription), amount: '30000' },
        { document_file: [samplePdf(), 's.pdf', PDF] },
      ),
    );
    expect(stranger.status).toBe(201);
    const parent = await srv.signInAs('Responsible');
    expect((await parent.get(`/api/invoices/${stranger.body.data.id}/attachment`)).status).toBe(404);
    expect(
      (
        await parent.post(
          '/api/invoices',
          form(
            { subscription_id: String(ownSubscription), amount: '1' },
            { document_file: [samplePdf(), 'x.pdf', PDF] },
          ),
        )
      ).status,
    ).toBe(403);
    const teacher = await srv.signInAs('Teacher');
    expect((await teacher.get(`/api/invoices/${stranger.body.data.id}/attachment`)).status).toBe(403);
    expect(
      (
        await teacher.post(
          `/api/invoices/${stranger.body.data.id}`,
          form({ _method: 'patch' }, { document_file: [samplePdf(), 'x.pdf', PDF] }),
        )
      ).status,
    ).toBe(403);
    // An invoice without an attachment: 404 with its own message.
    const plain = await manager.post('/api/invoices', { subscription_id: ownSubscription, amount: 1000 });
    expect(plain.body.data.attachment_name).toBeNull();
    const none = await manager.get(`/api/invoices/${plain.body.data.id}/attachment`);
    expect([none.status, none.body.message]).toEqual([404, 'До рахунку не додано файл.']);
  });

  it('goes with an unpaid invoice when it is deleted; a paid invoice keeps it (409)', async () => {
    const manager = await srv.signInAs('Manager');
    const unpaid = await manager.post(
      '/api/invoices',
      form(
        { subscription_id: String(ownSubscription), amount: '30000' },
        { document_file: [samplePdf(), 'u.pdf', PDF] },
      ),
    );
    const [key] = await keysOf(unpaid.body.data.id);
    expect((await manager.delete(`/api/invoices/${unpaid.body.data.id}`)).status).toBe(204);
    expect(fs.existsSync(fileOf(key!))).toBe(false);

    const paid = await manager.post(
      '/api/invoices',
      form(
        { subscription_id: String(ownSubscription), amount: '30000', payed_at: '2026-10-01T09:00:00Z' },
        { document_file: [samplePdf(), 'p.pdf', PDF] },
      ),
    );
    const [paidKey] = await keysOf(paid.body.data.id);
    const refused = await manager.post(
      `/api/invoices/${paid.body.data.id}`,
      new URLSearchParams({ _method: 'delete' }),
    );
    expect(refused.status).toBe(409);
    expect(await keysOf(paid.body.data.id)).toEqual([paidKey]);
    expect(fs.existsSync(fileOf(paidKey!))).toBe(true);
  });
});
