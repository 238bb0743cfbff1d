import { describe, expect, it } from 'vitest';
import {
  contractDownloadAllowed,
  contractTemplateHasUrl,
  invoiceAmountFor,
  invoiceTemplateAfterTemplateChange,
  invoiceTemplateChoices,
  invoiceTemplateForContract,
  invoiceTemplatesOf,
} from './money-forms';

const invoiceTemplates = [
  { id: 1, name: 'ФОП А', bank: 'Банк 1', contract_template_id: 42 },
  { id: 2, name: 'Інструкції', bank: null, contract_template_id: null },
  { id: 3, name: 'ФОП Б', bank: 'Банк 2', contract_template_id: 42 },
  { id: 6, name: 'Оферта', bank: '  ', contract_template_id: 17 },
];

describe('contract form rules (part 2 §4, §5)', () => {
  it('a new contract template brings its first invoice template, none when it has none', () => {
    expect(invoiceTemplatesOf(invoiceTemplates, 42).map((row) => row.id)).toEqual([1, 3]);
    expect(invoiceTemplateAfterTemplateChange(invoiceTemplates, 42)).toBe(1);
    expect(invoiceTemplateAfterTemplateChange(invoiceTemplates, 17)).toBe(6);
    expect(invoiceTemplateAfterTemplateChange(invoiceTemplates, 5)).toBeNull();
    expect(invoiceTemplateAfterTemplateChange(invoiceTemplates, null)).toBeNull();
  });

  it('a template with a url is a public offer; its document needs no three-word payer name', () => {
    expect(contractTemplateHasUrl({ id: 17, url: 'https://school.example/offer' })).toBe(true);
    expect(contractTemplateHasUrl({ id: 2, url: ' ' })).toBe(false);
    expect(contractTemplateHasUrl(null)).toBe(false);
    expect(contractDownloadAllowed({ id: 17, url: 'https://school.example/offer' }, 'Петренко')).toBe(true);
    expect(contractDownloadAllowed({ id: 2, url: null }, 'Петренко Ольга Іванівна')).toBe(true);
    expect(contractDownloadAllowed({ id: 2, url: null }, 'Петренко Ольга')).toBe(false);
    expect(contractDownloadAllowed(null, '  Петренко  Ольга  Іванівна ')).toBe(true);
  });
});

describe('invoice form rules (part 2 §4)', () => {
  it('takes the contract’s invoice template; else 2, unless the contract template is 17, 19 or 21', () => {
    expect(invoiceTemplateForContract({ invoice_template_id: 6, template_id: 17 }, 1)).toBe(6);
    expect(invoiceTemplateForContract({ invoice_template_id: null, template_id: 42 }, 1)).toBe(2);
    for (const kept of [17, 19, 21])
      expect(invoiceTemplateForContract({ invoice_template_id: null, template_id: kept }, 1)).toBe(1);
    expect(invoiceTemplateForContract({ invoice_template_id: null, template_id: 19 }, null)).toBeNull();
    expect(invoiceTemplateForContract(null, 1)).toBe(2);
  });

  it('the amount is the price per study times the number of studies, in minor units', () => {
    expect(invoiceAmountFor(30000, 8)).toBe(240000);
    expect(invoiceAmountFor(null, 8)).toBe(0);
    expect(invoiceAmountFor(45050, undefined)).toBe(0);
  });

  it('the dropdown lists only templates without a bank', () => {
    expect(invoiceTemplateChoices(invoiceTemplates).map((row) => row.id)).toEqual([2, 6]);
  });
});
