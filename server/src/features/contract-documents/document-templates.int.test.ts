import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { samplePdf } from '../document-generators/sample-files.test-kit.js';
import {
  contractFormDocx,
  convertAllToPdf,
  docxText,
  fetchBytes,
  squash,
} from '../document-generators/document.test-kit.js';
import { TIME_ZONE } from '@school/shared/domain';

/**
 * Every contract template and every invoice template with a bank, downloaded and converted to
 * PDF in one LibreOffice run (issue 15 point 6), plus a template named in Russian.
 */
let srv: TestServer;
const contracts: Array<{ id: number; template: string; url: string | null }> = [];
/** A public offer with the school's own .docx (issue 29 point 3), and a contract on it. */
const OFFER_TEMPLATE = 91;
let offerContract: number;

/** The school's form: every placeholder once, some split over runs as Word saves them. */
const offerForm = () =>
  contractFormDocx([
    'ДОГОВІР ПРИЄДНАННЯ № {number} від {date}',
    ['Замовник: ', '{customer_', 'name}', ', тел. {customer_phone}, {customer_email}'],
    'Учень: {student_name}, {student_class} клас. Дисципліна: {discipline}.',
    'Виконавець: {executor}. Реквізити: {executor_bank}.',
    'Ціна одного заняття: {price} грн ({price_words}); {studies_per_week} на тиждень.',
    ['Разом за ', '{studies_count}', ' занять: {amount} грн ({amount_words}).'],
    'Діє до {end_date}. Оферта: {offer_url} ({template_name}).',
  ]);

function docxForm(bytes: Buffer, name = 'оферта.docx'): FormData {
  const form = new FormData();
  form.set('docx_file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}
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
  await srv.knex('contract_templates').insert({
    id: OFFER_TEMPLATE,
    name: 'Публічна оферта (власний бланк)',
    url: 'https://school.example/offer',
  });
  for (const t of templates) {
    const [{ id }] = await srv
      .knex('contracts')
      .insert({ student_id: child, payer_id: parent, template_id: t.id, end_at: '2026-12-31T10:00:00Z' })
      .returning('id');
    await srv.knex('subscriptions').insert({ contract_id: id, price_per_study: 32050 });
    contracts.push({ id, template: t.name, url: t.url });
  }
  const discipline = (await srv.knex('contract_disciplines').orderBy('id').first('id', 'name')) as {
    id: number;
    name: string;
  };
  [{ id: offerContract }] = await srv
    .knex('contracts')
    .insert({
      student_id: child,
      payer_id: parent,
      template_id: OFFER_TEMPLATE,
      discipline_id: discipline.id,
      end_at: '2026-12-31T10:00:00Z',
    })
    .returning('id');
  const [offerSub] = await srv
    .knex('subscriptions')
    .insert({ contract_id: offerContract, price_per_study: 32050, studies_per_week: 2 })
    .returning('id');
  const study = (await srv.knex('study_user').where('user_id', child).orderBy('study_id').first('study_id'))
    .study_id;
  await srv
    .knex('study_user')
    .where({ study_id: study, user_id: child })
    .update({ subscription_id: offerSub.id });
  const manager = await srv.signInAs('Manager');
  const upload = await fetchBytes(
    manager,
    'POST',
    `/api/contract_templates/${OFFER_TEMPLATE}/docx`,
    docxForm(await offerForm()),
  );
  if (upload.status !== 200) throw new Error(`template upload: ${upload.status} ${upload.bytes.toString()}`);
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
    // The public offer with the school's own .docx: that document, filled, not the generated application.
    const filled = await fetchBytes(manager, 'GET', `/api/contracts/${offerContract}/download`);
    expect(filled.status).toBe(200);
    const filledText = docxText(filled.bytes).text;
    expect(filledText).not.toMatch(/[{}]/);
    expect(filledText).not.toContain('ЗАЯВА');
    docs.push({ name: 'contract-own-docx', bytes: filled.bytes });
    const pdfs = convertAllToPdf(docs, path.resolve('.tmp/documents'));
    const own = squash(pdfs.get('contract-own-docx')!.text);
    const k = srv.knex;
    const created = (await k('contracts').where('id', offerContract).first('created_at')).created_at as Date;
    const day = new Intl.DateTimeFormat('uk-UA', {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(created);
    const child = await k('users')
      .where({ email: DEMO_ACCOUNTS.Student })
      .first('surname', 'firstname', 'patronymic');
    const discipline = (
      await k('contracts as c')
        .join('contract_disciplines as d', 'd.id', 'c.discipline_id')
        .where('c.id', offerContract)
        .first('d.name')
    ).name;
    const payee = await k('invoice_templates').where('contract_template_id', OFFER_TEMPLATE).first('entity');
    const fallback = await k('invoice_templates').where('id', 1).first('entity', 'bank');
    expect(own).toContain(`ДОГОВІР ПРИЄДНАННЯ № ${offerContract} від ${day}`);
    expect(own).toContain('Замовник: Мельник Оксана Андріївна, тел.');
    expect(own).toContain(
      `Учень: ${[child.surname, child.firstname, child.patronymic].filter(Boolean).join(' ')}`,
    );
    expect(own).toContain(`Дисципліна: ${discipline}.`);
    expect(own).toContain(`Виконавець: ${(payee ?? fallback).entity}.`);
    expect(own).toContain(
      'Ціна одного заняття: 320,50 грн (триста двадцять гривень 50 копійок); 2 на тиждень.',
    );
    expect(own).toContain('Разом за 1 занять: 320,50 грн (триста двадцять гривень 50 копійок).');
    expect(own).toContain(
      'Діє до 31.12.2026. Оферта: https://school.example/offer (Публічна оферта (власний бланк)).',
    );
    expect(pdfs.get('contract-own-docx')!.pages).toHaveLength(1);
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

describe('a contract template’s own .docx (POST / GET / DELETE api/contract_templates/{id}/docx)', () => {
  const url = `/api/contract_templates/${OFFER_TEMPLATE}/docx`;

  it('is written only by Administrator and Manager; others are refused before the body is read', async () => {
    for (const role of ['Teacher', 'Methodologist', 'Student', 'Responsible'] as const) {
      const c = await srv.signInAs(role);
      expect((await fetchBytes(c, 'POST', url, docxForm(await offerForm()))).status, role).toBe(403);
      expect((await fetchBytes(c, 'DELETE', url)).status, role).toBe(403);
    }
    const admin = await srv.signInAs('Administrator');
    expect(
      (await fetchBytes(admin, 'POST', '/api/contract_templates/9999/docx', docxForm(await offerForm())))
        .status,
    ).toBe(404);
  });

  it('refuses what is not a .docx, broken tags and unknown placeholders with 422 on docx_file, keeping the stored one', async () => {
    const manager = await srv.signInAs('Manager', 'en');
    const before = await fetchBytes(manager, 'GET', url);
    expect(before.status).toBe(200);
    const refusals: Array<[Buffer, string]> = [
      [samplePdf(), 'A contract template must be a Word document (.docx).'],
      [await contractFormDocx(['Договір № {number']), 'The template could not be read'],
      [
        await contractFormDocx(['Договір № {numbr} від {date}, {payer}']),
        'The template has unknown fields: {numbr}, {payer}.',
      ],
    ];
    for (const [bytes, message] of refusals) {
      const res = await fetchBytes(manager, 'POST', url, docxForm(bytes));
      expect(res.status).toBe(422);
      const body = JSON.parse(res.bytes.toString());
      expect(body.errors.docx_file[0]).toContain(message);
    }
    const after = await fetchBytes(manager, 'GET', url);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it('downloads as uploaded, is replaced by a new upload, and once removed the contract prints the generated application again', async () => {
    const manager = await srv.signInAs('Manager');
    const second = await contractFormDocx(['Інший бланк № {number}']);
    const put = await fetchBytes(manager, 'POST', url, docxForm(second, 'бланк-2.docx'));
    expect(put.status).toBe(200);
    expect(JSON.parse(put.bytes.toString()).data).toMatchObject({
      id: OFFER_TEMPLATE,
      docx_name: 'бланк-2.docx',
    });
    const got = await fetchBytes(manager, 'GET', url);
    expect(got.bytes.equals(second)).toBe(true);
    expect(
      docxText((await fetchBytes(manager, 'GET', `/api/contracts/${offerContract}/download`)).bytes).text,
    ).toContain(`Інший бланк № ${offerContract}`);
    // The lookup shows which templates have a .docx, never where it is stored.
    const listed = (await manager.get(`/api/contract_templates/${OFFER_TEMPLATE}`)).body.data;
    expect(listed.docx_name).toBe('бланк-2.docx');
    expect(listed.docx_file).toBeUndefined();

    expect((await fetchBytes(manager, 'DELETE', url)).status).toBe(204);
    expect((await fetchBytes(manager, 'GET', url)).status).toBe(404);
    const generated = docxText(
      (await fetchBytes(manager, 'GET', `/api/contracts/${offerContract}/download`)).bytes,
    ).text;
    expect(generated).toContain(`ЗАЯВА № ${offerContract}`);
    expect(
      await srv.knex('contract_templates').where('id', OFFER_TEMPLATE).first('docx_file', 'docx_name'),
    ).toEqual({ docx_file: null, docx_name: null });
  });
});
