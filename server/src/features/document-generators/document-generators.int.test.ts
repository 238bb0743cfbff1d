import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { convertToPdf, docxText, fetchBytes, savedFileName, squash } from './document.test-kit.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

const invoiceFields = {
  contract_number: '112',
  contract_date: '2026-09-01',
  invoice_number: '03-112',
  payer_fullname: 'Шевченко Тарас Григорович',
  studies_count: '21',
  study_cost: '350.50',
};

const contractFields = {
  contract_number: '7',
  customer_fullname: 'Коваленко Ольга Петрівна',
  student_name: 'Коваленко Марія',
  sex: '2',
  student_class: '5',
  studies_per_week: '2',
  study_cost: '400',
  studies_count: '8',
};

describe('POST invoice (generator)', () => {
  it('answers a .docx named after the contract number, with studies × cost and the total in words', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'POST', '/invoice', form(invoiceFields));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX);
    expect(savedFileName(res.headers.get('content-disposition'))).toBe('112.docx');
    const { text } = docxText(res.bytes);
    expect(text).toContain('РАХУНОК НА ОПЛАТУ № 03-112');
    expect(text).toContain('Підстава: договір № 112 від 01.09.2026');
    expect(text).toContain('Шевченко Тарас Григорович');
    expect(text).toMatch(/\n21\n350,50\n7 360,50\n/);
    expect(text).toContain('Сума прописом: Сім тисяч триста шістдесят гривень 50 копійок');
  });

  it('refuses bad fields with the spec’s field errors in the user’s language, and non-staff', async () => {
    const manager = await srv.signInAs('Manager');
    const bad = await manager.post(
      '/invoice',
      form({ ...invoiceFields, contract_number: 'A-1', studies_count: '' }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['contract_number', 'studies_count']);
    const en = await srv.signInAs('Manager', 'en');
    const missing = await en.post('/invoice', form({}));
    expect(Object.keys(missing.body.errors)).toHaveLength(6);
    expect(missing.body.errors.payer_fullname[0]).toMatch(/required/i);
    const parent = await srv.signInAs('Responsible');
    expect((await parent.post('/invoice', form(invoiceFields))).status).toBe(403);
    expect((await srv.client().post('/invoice', form(invoiceFields))).status).toBe(401);
  });
});

describe('POST contract (generator)', () => {
  it('answers a .docx named "contract No {number}" in the user’s language', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'POST', '/contract', form(contractFields));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX);
    expect(savedFileName(res.headers.get('content-disposition'))).toBe('Договір № 7.docx');
    const { text } = docxText(res.bytes);
    expect(text).toContain('ДОГОВІР № 7');
    expect(text).toContain('Коваленко Ольга Петрівна (далі — Замовник)');
    expect(text).toContain('учениці Коваленко Марія, 5 клас');
    expect(text).toContain('Кількість занять: 8, 2 заняття на тиждень.');
    expect(text).toContain('Вартість одного заняття: 400,00 грн (чотириста гривень 00 копійок).');
    expect(text).toContain('Загальна вартість послуг: 3 200,00 грн (три тисячі двісті гривень 00 копійок).');
    expect(text).toContain('ТОВ «Школа Знань»');

    const ru = await srv.signInAs('Manager', 'ru');
    const named = await fetchBytes(ru, 'POST', '/contract', form(contractFields));
    expect(savedFileName(named.headers.get('content-disposition'))).toBe('Договор № 7.docx');
  });

  it('refuses a class outside 1-11, a non-numeric number and a missing sex', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await manager.post(
      '/contract',
      form({ ...contractFields, student_class: '12', contract_number: 'сім', sex: '' }),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['contract_number', 'sex', 'student_class']);
    expect(res.body.errors.student_class[0]).toContain('11');
  });

  it('converts to a PDF that reads like the contract (LibreOffice)', async () => {
    const manager = await srv.signInAs('Manager');
    const res = await fetchBytes(manager, 'POST', '/contract', form(contractFields));
    const pdf = convertToPdf(res.bytes, 'generated-contract', path.resolve('.tmp/documents'));
    expect(squash(pdf.text)).toContain(
      'Загальна вартість послуг: 3 200,00 грн (три тисячі двісті гривень 00 копійок)',
    );
  }, 180_000);
});
