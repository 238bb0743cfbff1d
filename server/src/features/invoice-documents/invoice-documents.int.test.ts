import { DOCX_MIME } from '../document-generators/docx-layout.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import {
  convertToPdf,
  docxText,
  fetchBytes,
  savedFileName,
  squash,
  userIdByEmail,
} from '../document-generators/document.test-kit.js';

const PDF_DIR = path.resolve('.tmp/documents');

let srv: TestServer;
let contractId: number;
let bankInvoice: number;
let bankInvoiceNumber: string;
let instructionsInvoice: number;
let strangerInvoice: number;

async function subscriptionOf(row: Record<string, unknown>, price: number) {
  const [{ id }] = await srv.knex('contracts').insert(row).returning('id');
  const [sub] = await srv
    .knex('subscriptions')
    .insert({ contract_id: id, price_per_study: price })
    .returning('id');
  return { contractId: id as number, subscriptionId: sub.id as number };
}

async function invoice(subscriptionId: number, amount: number, templateId: number | null) {
  const [row] = await srv
    .knex('invoices')
    .insert({
      subscription_id: subscriptionId,
      amount,
      template_id: templateId,
      created_at: '2026-10-05T08:00:00Z',
    })
    .returning(['id', 'position', 'contract_id']);
  return row as { id: number; position: number; contract_id: number };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  srv = await startTestServer();
  const parent = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Responsible);
  const child = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Student);
  await srv
    .knex('users')
    .where({ id: parent })
    .update({ surname: 'Мельник', firstname: 'Оксана', patronymic: 'Андріївна' });
  const own = await subscriptionOf(
    {
      student_id: child,
      payer_id: parent,
      template_id: 42,
      invoice_template_id: 3,
      created_at: '2026-09-01T09:00:00Z',
    },
    30000,
  );
  contractId = own.contractId;
  const first = await invoice(own.subscriptionId, 240000, 3);
  bankInvoice = first.id;
  bankInvoiceNumber = `${pad2(first.position)}-${pad2(first.contract_id)}`;
  instructionsInvoice = (await invoice(own.subscriptionId, 90000, 1)).id;
  const [stranger] = await srv
    .knex('users')
    .insert({ role_id: 4, firstname: 'Іван', surname: 'Чужий' })
    .returning('id');
  const other = await subscriptionOf(
    { student_id: stranger.id, payer_id: stranger.id, template_id: 42 },
    25000,
  );
  strangerInvoice = (await invoice(other.subscriptionId, 50000, 4)).id;
});
afterAll(() => srv?.close());

describe('GET /api/invoices/{id}/download', () => {
  it('answers the invoice .docx: payee and bank, payer, basis, studies × price, total in figures and words', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'GET', `/api/invoices/${bankInvoice}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_MIME);
    expect(savedFileName(res.headers.get('content-disposition'))).toBe(`Рахунок № ${bankInvoiceNumber}.docx`);
    const { text } = docxText(res.bytes);
    expect(text).toContain(`РАХУНОК НА ОПЛАТУ № ${bankInvoiceNumber}`);
    expect(text).toContain('ТОВ «Школа Знань»');
    expect(text).toContain('АТ КБ «ПриватБанк»');
    expect(text).toContain('Мельник Оксана Андріївна');
    expect(text).toContain(`Підстава: договір № ${contractId} від 01.09.2026`);
    // One line: 8 studies × 300,00 = 2 400,00.
    expect(text).toMatch(/\n8\n300,00\n2 400,00\n/);
    expect(text).toContain('Разом до сплати: 2 400,00 грн');
    expect(text).toContain('Сума прописом: Дві тисячі чотириста гривень 00 копійок');
  });

  it('answers payment instructions as text/plain for a template that is only the payee’s details', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await manager.get(`/api/invoices/${instructionsInvoice}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.text).toContain('Отримувач: ФОП Коваленко Олена Петрівна');
    expect(res.text).toContain(`договір № ${contractId}`);
    expect(res.text).toContain("Сума: 900,00 грн (дев'ятсот гривень 00 копійок)");
  });

  it('names the file in the user’s language', async () => {
    const ru = await srv.signInAs('Manager', 'ru');
    const res = await fetchBytes(ru, 'GET', `/api/invoices/${bankInvoice}/download`);
    expect(savedFileName(res.headers.get('content-disposition'))).toBe(`Счёт № ${bankInvoiceNumber}.docx`);
  });

  it('lets a parent download only their family’s invoices; others are refused like the row', async () => {
    const parent = await srv.signInAs('Responsible');
    expect((await fetchBytes(parent, 'GET', `/api/invoices/${bankInvoice}/download`)).status).toBe(200);
    expect((await parent.get(`/api/invoices/${strangerInvoice}/download`)).status).toBe(404);
    const student = await srv.signInAs('Student');
    expect((await student.get(`/api/invoices/${bankInvoice}/download`)).status).toBe(403);
    expect((await srv.client().get(`/api/invoices/${bankInvoice}/download`)).status).toBe(401);
  });

  it('converts to a PDF that reads like the invoice (LibreOffice)', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'GET', `/api/invoices/${bankInvoice}/download`);
    const pdf = convertToPdf(res.bytes, 'invoice', PDF_DIR);
    const text = squash(pdf.text);
    expect(text).toContain(`РАХУНОК НА ОПЛАТУ № ${bankInvoiceNumber}`);
    expect(text).toContain('Разом до сплати: 2 400,00 грн');
    expect(text).toContain('Сума прописом: Дві тисячі чотириста гривень 00 копійок');
    expect(pdf.pages.length).toBe(1);
  }, 180_000);
});
