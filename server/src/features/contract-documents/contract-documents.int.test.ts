import { DOCX_MIME } from '../document-generators/docx-layout.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import {
  docxText,
  fetchBytes,
  savedFileName,
  squash,
  userIdByEmail,
} from '../document-generators/document.test-kit.js';
import { convertToPdf } from '../document-generators/document.test-kit.js';

const PDF_DIR = path.resolve('.tmp/documents');

let srv: TestServer;
let ownContract: number;
let strangerContract: number;
let shortNameContract: number;
let offerContract: number;

async function contract(
  row: Record<string, unknown>,
  pricePerStudy: number,
  studiesPerWeek = 2,
): Promise<number> {
  const [{ id }] = await srv.knex('contracts').insert(row).returning('id');
  await srv
    .knex('subscriptions')
    .insert({ contract_id: id, price_per_study: pricePerStudy, studies_per_week: studiesPerWeek });
  return id;
}

beforeAll(async () => {
  srv = await startTestServer();
  const parent = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Responsible);
  const child = await userIdByEmail(srv.knex, DEMO_ACCOUNTS.Student);
  await srv
    .knex('users')
    .where({ id: parent })
    .update({ surname: 'Мельник', firstname: 'Оксана', patronymic: 'Андріївна' });
  await srv
    .knex('users')
    .where({ id: child })
    .update({ surname: 'Мельник', firstname: 'Андрій', patronymic: 'Олегович' });
  ownContract = await contract(
    {
      student_id: child,
      payer_id: parent,
      template_id: 42,
      invoice_template_id: 3,
      discipline_id: 1,
      end_at: '2026-12-31T10:00:00Z',
      created_at: '2026-09-01T09:00:00Z',
    },
    30000,
  );
  const [stranger] = await srv
    .knex('users')
    .insert({ role_id: 4, firstname: 'Іван', surname: 'Чужий' })
    .returning('id');
  const [strangerParent] = await srv
    .knex('users')
    .insert({ role_id: 5, firstname: 'Петро', surname: 'Чужий' })
    .returning('id');
  strangerContract = await contract(
    {
      student_id: stranger.id,
      payer_id: strangerParent.id,
      template_id: 42,
      invoice_template_id: 3,
      end_at: '2026-12-31',
    },
    25000,
  );
  // Two words: refused on a printed template, accepted on a public offer (the family accepts online).
  shortNameContract = strangerContract;
  offerContract = await contract(
    { student_id: stranger.id, payer_id: strangerParent.id, template_id: 17, invoice_template_id: 6 },
    40000,
  );
  await srv.knex('users').where({ id: strangerParent.id }).update({ patronymic: null });
});
afterAll(() => srv?.close());

describe('GET /api/contracts/{id}/download', () => {
  it('answers the contract .docx with the parties, subject, price in figures and words, term and payee', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'GET', `/api/contracts/${ownContract}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_MIME);
    expect(savedFileName(res.headers.get('content-disposition'))).toBe(`Договір № ${ownContract}.docx`);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
    );
    const { text } = docxText(res.bytes);
    expect(text).toContain(`ДОГОВІР № ${ownContract}`);
    expect(text).toContain('м. Київ, 01.09.2026');
    expect(text).toContain('ТОВ «Школа Знань» (далі — Виконавець)');
    expect(text).toContain('Мельник Оксана Андріївна (далі — Замовник)');
    expect(text).toContain('з дисципліни «Математика» учню Мельник Андрій Олегович');
    expect(text).toContain('Вартість одного заняття: 300,00 грн (триста гривень 00 копійок).');
    expect(text).toContain('діє до 31.12.2026');
    expect(text).toContain('Банк: АТ КБ «ПриватБанк»');
  });

  it('names the file in the user’s language and refuses a payer without a three-word name with a clear message', async () => {
    const ru = await srv.signInAs('Manager', 'ru');
    const res = await fetchBytes(ru, 'GET', `/api/contracts/${ownContract}/download`);
    expect(savedFileName(res.headers.get('content-disposition'))).toBe(`Договор № ${ownContract}.docx`);

    const uk = await srv.signInAs('Manager');
    const refused = await uk.get(`/api/contracts/${shortNameContract}/download`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'contract_payer_name' });
    expect(refused.body.message).toContain('рівно з трьох слів');
    const en = await srv.signInAs('Manager', 'en');
    expect((await en.get(`/api/contracts/${shortNameContract}/download`)).body.message).toContain(
      'exactly three words',
    );
  });

  it('prints a public-offer template as an application to join the offer, whatever the payer’s name', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'GET', `/api/contracts/${offerContract}/download`);
    expect(res.status).toBe(200);
    const { text } = docxText(res.bytes);
    expect(text).toContain(`ЗАЯВА № ${offerContract}`);
    expect(text).toContain('https://example.com/offer-uah');
    expect(text).toContain('Банк: АТ «Ощадбанк»');
  });

  it('lets a parent download only their family’s contract; others are refused like the row', async () => {
    const parent = await srv.signInAs('Responsible');
    expect((await fetchBytes(parent, 'GET', `/api/contracts/${ownContract}/download`)).status).toBe(200);
    expect((await parent.get(`/api/contracts/${strangerContract}/download`)).status).toBe(404);
    expect((await parent.get('/api/contracts/999999/download')).status).toBe(404);
    const teacher = await srv.signInAs('Teacher');
    expect((await teacher.get(`/api/contracts/${ownContract}/download`)).status).toBe(403);
    expect((await srv.client().get(`/api/contracts/${ownContract}/download`)).status).toBe(401);
    expect((await parent.get('/api/contracts/abc/download')).status).toBe(400);
  });

  it('converts to a PDF that reads like the contract (LibreOffice)', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'GET', `/api/contracts/${ownContract}/download`);
    const pdf = convertToPdf(res.bytes, 'contract', PDF_DIR);
    const text = squash(pdf.text);
    expect(text).toContain(`ДОГОВІР № ${ownContract}`);
    expect(text).toContain('Вартість одного заняття: 300,00 грн (триста гривень 00 копійок)');
    expect(text).toContain('Мельник Оксана Андріївна');
    expect(pdf.pages.length).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
