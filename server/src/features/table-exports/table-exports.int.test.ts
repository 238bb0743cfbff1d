import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { TABLE_EXPORTS } from '@school/shared/table-exports';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import type { TestClient } from '../../../test/test-client.test-kit.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
  // More studies than one cursor batch (1,000), so filters and sort must hold across batches.
  await srv.knex.raw(`
    INSERT INTO studies (start, "end", type_id, trial, created_at, updated_at)
    SELECT now() + make_interval(mins => g * 7), now() + make_interval(mins => g * 7 + 60), 1, g % 3 <> 0, now(), now()
    FROM generate_series(1, 1500) AS g`);
});
afterAll(() => srv?.close());

/** The raw bytes of an answer (fetch's text() would drop the byte order mark). */
async function download(client: TestClient, path: string) {
  const res = await fetch(srv.url + path, {
    headers: {
      'Accept-Language': client.lang,
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** CSV lines as fields, read by csv-parse as a spreadsheet would (`;`, quotes, CRLF). */
const csvRows = (bytes: Buffer): string[][] =>
  parse(bytes, { delimiter: ';', bom: true, record_delimiter: '\r\n' });

/** Every id the list answers over all its pages, in order: what the export must match. */
async function listedIds(client: TestClient, resource: string, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`/api/${resource}?${query}&page=${page}&perpage=100&select[]=id`);
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((r: { id: number }) => r.id));
    if (page >= res.body.meta.last_page) return ids;
  }
}

describe('GET /api/{resource}/export', () => {
  it('writes studies as CSV Excel opens in Ukrainian: BOM, `;`, CRLF, uk headings, a dated file name', async () => {
    const admin = await srv.signInAs('Administrator', 'uk');
    const res = await download(admin, '/api/studies/export?format=csv&sort[]=-start');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = DateTime.now().setZone(TIME_ZONE).toISODate();
    expect(res.headers.get('content-disposition')).toContain(`filename="studies-${today}.csv"`);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = csvRows(res.bytes);
    const uk = resources.uk.translation.adminTable.studies.columns;
    expect(header).toEqual([
      resources.uk.translation.adminTable.studies.filters.id,
      uk.createdBy,
      uk.created,
      uk.users,
      uk.subscriptions,
      uk.type,
      uk.start,
      uk.trial,
    ]);
    expect(rows).toHaveLength(667 + 1500);
    // Dates as the table shows them, in Kyiv time.
    const [one] = await srv.knex('studies').where('id', Number(rows[0]![0])).select('start');
    expect(rows[0]![6]).toBe(
      DateTime.fromJSDate(one.start, { zone: TIME_ZONE }).toFormat('dd.MM.yyyy HH:mm'),
    );
    expect(new Set(rows.map((r) => r[7]))).toEqual(new Set(['Так', 'Ні']));
    // Participants one per line, in the relation's order, as the table lists them.
    const [withPeople] = await srv.knex('study_user').orderBy('study_id').limit(1).select('study_id');
    const people = await srv
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('su.study_id', withPeople.study_id)
      .orderBy('u.id')
      .pluck('u.full_name');
    const row = rows.find((r) => Number(r[0]) === withPeople.study_id)!;
    expect(row[3]!.split('\n')).toEqual(people);
  });

  it('speaks the caller language in headings and yes/no (ru)', async () => {
    const admin = await srv.signInAs('Administrator', 'ru');
    const res = await download(admin, '/api/users/export?format=csv&filter[id]=1');
    const [header, row] = csvRows(res.bytes);
    const ru = resources.ru.translation.adminTable.users.columns;
    expect(header).toEqual([
      resources.ru.translation.adminTable.users.filters.id,
      ru.name,
      ru.classes,
      ru.phones,
      ru.email,
      ru.role,
      ru.active,
    ]);
    expect(row![5]).toBe(resources.ru.translation.roles[1]);
    expect(row![6]).toBe('Да');
  });

  it('keeps the list filter and sort over every page, and ignores the list page', async () => {
    const admin = await srv.signInAs('Administrator');
    const query = 'filter[trial]=1&sort[]=start&sort[]=-id';
    const res = await download(admin, `/api/studies/export?format=csv&${query}&page=3&perpage=5`);
    const ids = csvRows(res.bytes)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids.length).toBeGreaterThan(1000);
    expect(ids).toEqual(await listedIds(admin, 'studies', query));
  });

  it('exports what the caller may list: a Teacher gets their studies, a family 403', async () => {
    const teacher = await srv.signInAs('Teacher');
    const res = await download(teacher, '/api/studies/export?format=csv');
    expect(res.status).toBe(200);
    const ids = csvRows(res.bytes)
      .slice(1)
      .map((r) => Number(r[0]));
    const [{ id: teacherId }] = await srv.knex('users').where('email', 'teacher@example.com').select('id');
    const theirs = await srv.knex('study_user').where('user_id', teacherId).pluck('study_id');
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(theirs));
    expect(ids).toEqual(await listedIds(teacher, 'studies', ''));
    for (const family of ['Student', 'Responsible'] as const) {
      const client = await srv.signInAs(family);
      expect((await download(client, '/api/studies/export?format=csv')).status).toBe(403);
    }
    // Columns of relations the Teacher may not read (payers) are left out, not refused.
    expect(csvRows(res.bytes)[0]).not.toContain(
      resources.uk.translation.adminTable.studies.columns.subscriptions,
    );
    expect((await download(teacher, '/api/contracts/export?format=xlsx')).status).toBe(403);
  });

  it('writes formula-looking text so a spreadsheet shows it, in CSV and xlsx; numbers stay numbers', async () => {
    const admin = await srv.signInAs('Administrator');
    // Tab and CR (trimmed out of names here): csv-writer.test.ts.
    const evil = ['=HYPERLINK("http://x","y")', '+1+2', '-3-4', '@SUM(A1)'];
    const ids: number[] = [];
    for (const [i, name] of evil.entries()) {
      const [row] = await srv
        .knex('users')
        .insert({
          role_id: 4,
          firstname: name,
          surname: '',
          email: `evil${i}@example.com`,
          password: 'x',
        })
        .returning('id');
      ids.push(row.id);
    }
    const filter = `filter[id]=${ids.join('|')}&sort[]=id`;
    const csv = csvRows((await download(admin, `/api/users/export?format=csv&${filter}`)).bytes).slice(1);
    expect(csv.map((r) => r[1])).toEqual(evil.map((name) => `'${name}`));
    expect(csv.map((r) => r[0])).toEqual(ids.map(String));

    const xlsx = await download(admin, `/api/users/export?format=xlsx&${filter}`);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers.get('content-encoding')).toBeNull();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as never);
    const sheet = book.worksheets[0]!;
    for (const [i, name] of evil.entries()) {
      const cell = sheet.getRow(i + 2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(name);
      expect(sheet.getRow(i + 2).getCell(1).value).toBe(ids[i]);
    }
  });

  it('reads back from xlsx with numbers, money in UAH and dates as date cells', async () => {
    const admin = await srv.signInAs('Administrator', 'en');
    const res = await download(admin, '/api/invoices/export?format=xlsx&sort[]=id');
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(resources.en.translation.titles.invoices);
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headings).toContain(resources.en.translation.moneyForms.tables.amount);
    const amountCol = headings.indexOf(resources.en.translation.moneyForms.tables.amount) + 1;
    const paidCol = headings.indexOf(resources.en.translation.moneyForms.tables.payedAt) + 1;
    const invoices = await srv.knex('invoices').orderBy('id').select('amount', 'payed_at');
    expect(sheet.actualRowCount).toBe(invoices.length + 1);
    invoices.forEach((invoice, i) => {
      expect(sheet.getRow(i + 2).getCell(amountCol).value).toBe(invoice.amount / 100);
      expect(sheet.getRow(i + 2).getCell(amountCol).numFmt).toBe('#,##0.00');
      const paid = sheet.getRow(i + 2).getCell(paidCol);
      if (invoice.payed_at === null) expect(paid.value).toBeNull();
      else {
        expect(paid.value).toBeInstanceOf(Date);
        const day = DateTime.fromJSDate(invoice.payed_at, { zone: TIME_ZONE }).toISODate();
        expect((paid.value as Date).toISOString().slice(0, 10)).toBe(day);
        expect(paid.numFmt).toBe('dd.mm.yyyy');
      }
    });
  });

  it('exports every admin table in both formats, with the table headings', async () => {
    const admin = await srv.signInAs('Administrator');
    const [invoice] = await srv.knex('invoices').orderBy('id').limit(1).select('id', 'amount');
    await srv.knex('payments').insert([
      {
        id: randomUUID(),
        invoice_id: invoice.id,
        provider: 'manual',
        amount: invoice.amount,
        currency: 'UAH',
        status: 'success',
        paid_at: new Date(),
      },
      {
        id: randomUUID(),
        invoice_id: invoice.id,
        provider: 'liqpay',
        amount: invoice.amount,
        currency: 'UAH',
        status: 'pending',
      },
    ]);
    for (const def of Object.values(TABLE_EXPORTS)) {
      const csv = await download(admin, `/api/${def.resource}/export?format=csv`);
      expect(csv.status, def.resource).toBe(200);
      const [header, ...rows] = csvRows(csv.bytes);
      expect(header, def.resource).toHaveLength(def.columns.length);
      const xlsx = await download(admin, `/api/${def.resource}/export?format=xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.bytes as never);
      expect(book.worksheets[0]!.actualRowCount, def.resource).toBe(rows.length + 1);
    }
  });

  it('a client that goes away mid-download leaves no open transaction, and the server carries on', async () => {
    const admin = await srv.signInAs('Administrator');
    const abort = new AbortController();
    const res = await fetch(`${srv.url}/api/studies/export?format=xlsx`, {
      headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    const open = () =>
      srv.knex
        .raw(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%export_ids%' AND state <> 'idle' AND pid <> pg_backend_pid()`,
        )
        .then((r: { rows: Array<{ n: number }> }) => r.rows[0]!.n);
    await expect.poll(open, { timeout: 10_000 }).toBe(0);
    expect((await admin.get('/api/studies?perpage=1')).status).toBe(200);
  });

  it('answers 422 for a bad format, 404 for an unknown or non-table resource, 400 for a bad query', async () => {
    const admin = await srv.signInAs('Administrator', 'ru');
    const bad = await admin.get('/api/studies/export?format=pdf');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['format']);
    expect((await admin.get('/api/studies/export')).status).toBe(422);
    expect((await admin.get('/api/nothing/export?format=csv')).status).toBe(404);
    expect((await admin.get('/api/phones/export?format=csv')).status).toBe(404);
    expect((await admin.get('/api/studies/export?format=csv&filter[nope]=1')).status).toBe(400);
    expect((await srv.client().get('/api/studies/export?format=csv')).status).toBe(401);
  });
});
