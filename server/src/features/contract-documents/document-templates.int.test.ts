import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.js';
import { convertAllToPdf, docxText, fetchBytes, squash } from '../document-generators/document.test-kit.js';

/**
 * Every contract template and every invoice template with a bank, downloaded and converted to
 * PDF in one LibreOffice run (issue 15 point 6), plus a template named in Russian.
 */
let srv: TestServer;
const contracts: Array<{ id: number; template: string; url: string | null }> = [];
const invoices: Array<{ id: number; entity: string; bank: string }> = [];

beforeAll(async () => {
  srv = await startTestServer();
  const parent = (await srv.knex('users').where({ email: DEMO_ACCOUNTS.Responsible }).first('id')).id;
  const child = (await srv.knex('users').where({ email: DEMO_ACCOUNTS.Student }).first('id')).id;
  await srv
    .knex('users')
    .where({ id: parent })
    .update({ surname: 'Мельник', firstname: 'Оксана', patronymic: 'Андріївна' });
  await srv
    .knex('contract_templates')
    .insert({ id: 90, name: 'Индивидуальный договор (русский)', url: null });
  const templates = await srv.knex('contract_templates').orderBy('id').select('id', 'name', 'url');
  for (const t of templates) {
    const [{ id }] = await srv
      .knex('contracts')
      .insert({ student_id: child, payer_id: parent, template_id: t.id, end_at: '2026-12-31T10:00:00Z' })
      .returning('id');
    await srv.knex('subscriptions').insert({ contract_id: id, price_per_study: 32050 });
    contracts.push({ id, template: t.name, url: t.url });
  }
  const sub = await srv.knex('subscriptions').where({ contract_id: contracts[0]!.id }).first('id');
  for (const t of await srv
    .knex('invoice_templates')
    .whereNotNull('bank')
    .orderBy('id')
    .select('id', 'entity', 'bank')) {
    const [{ id }] = await srv
      .knex('invoices')
      .insert({ subscription_id: sub.id, amount: 32050 * 3, template_id: t.id })
      .returning('id');
    invoices.push({ id, entity: t.entity, bank: t.bank });
  }
});
afterAll(() => srv?.close());

describe('documents of every template', () => {
  it('download, unzip and convert to PDF with their own titles, payees and amounts', async () => {
    const manager = await srv.signInAs('Manager');
    const docs: { name: string; bytes: Buffer }[] = [];
    for (const c of contracts) {
      const res = await fetchBytes(manager, 'GET', `/api/contracts/${c.id}/download`);
      expect(res.status, c.template).toBe(200);
      const { text } = docxText(res.bytes);
      const russian = c.template.includes('русский');
      const heading = c.url ? `ЗАЯВА № ${c.id}` : russian ? `ДОГОВОР № ${c.id}` : `ДОГОВІР № ${c.id}`;
      expect(text, c.template).toContain(heading);
      expect(text).toContain('триста двадцять гривень 50 копійок');
      docs.push({ name: `contract-template-${c.id}`, bytes: res.bytes });
    }
    for (const i of invoices) {
      const res = await fetchBytes(manager, 'GET', `/api/invoices/${i.id}/download`);
      expect(res.status).toBe(200);
      const { text } = docxText(res.bytes);
      expect(text).toContain(i.entity);
      expect(text).toContain(i.bank);
      expect(text).toContain("Дев'ятсот шістдесят одна гривня 50 копійок");
      docs.push({ name: `invoice-template-${i.id}`, bytes: res.bytes });
    }
    const pdfs = convertAllToPdf(docs, path.resolve('.tmp/documents'));
    for (const c of contracts) {
      const pdf = pdfs.get(`contract-template-${c.id}`)!;
      expect(squash(pdf.text)).toContain('Мельник Оксана Андріївна');
      expect(pdf.pages).toHaveLength(1);
    }
    const russian = contracts.find((c) => c.template.includes('русский'))!;
    expect(squash(pdfs.get(`contract-template-${russian.id}`)!.text)).toContain('Предмет договора');
    for (const i of invoices) {
      const text = squash(pdfs.get(`invoice-template-${i.id}`)!.text);
      expect(text).toContain(i.bank);
      expect(text).toContain('Разом до сплати: 961,50 грн');
    }
  }, 240_000);
});
