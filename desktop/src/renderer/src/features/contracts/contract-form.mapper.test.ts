import { describe, expect, it } from 'vitest';
import {
  contractFormBody,
  contractFormValues,
  contractPresetValues,
  contractTemplateChange,
  validateContractForm,
  type ContractCatalogue,
  type ContractFormValues,
} from './contract-form.mapper';

const catalogue: ContractCatalogue = {
  contractTemplates: [
    { id: 2, name: 'Індивідуальний', url: null },
    { id: 17, name: 'Оферта', url: 'https://school.example/offer' },
    { id: 42, name: 'Договір', url: '' },
  ],
  invoiceTemplates: [
    { id: 3, name: 'ФОП А', entity: 'ФОП А', bank: 'Банк', contract_template_id: 42 },
    { id: 4, name: 'ФОП Б', entity: 'ФОП Б', bank: 'Банк', contract_template_id: 42 },
    { id: 6, name: 'Оферта', entity: 'ТОВ', bank: null, contract_template_id: 17 },
  ],
};

const keys = (values: ContractFormValues) =>
  validateContractForm(values, catalogue).map((issue) => `${issue.path}:${issue.key}`);

describe('contract form', () => {
  it('a new contract: template 42 with its first invoice template, end 31 Dec 2025 (part 2 §9)', () => {
    const values = { ...contractFormValues({}, 'create'), ...contractPresetValues({}, catalogue) };
    expect(values).toMatchObject({
      template_id: 42,
      invoice_template_id: 3,
      end_at: '2025-12-31',
      student_id: null,
    });
  });

  it('a link presets people and a template; the invoice template follows the template', () => {
    expect(contractPresetValues({ student_id: 5, payer_id: 9, template_id: 17 }, catalogue)).toEqual({
      student_id: 5,
      payer_id: 9,
      template_id: 17,
      invoice_template_id: 6,
    });
    expect(contractPresetValues({ template_id: 42, invoice_template_id: 4 }, catalogue)).toMatchObject({
      invoice_template_id: 4,
    });
  });

  it('another template resets the invoice template (part 2 §4)', () => {
    expect(contractTemplateChange(17, catalogue)).toEqual({ template_id: 17, invoice_template_id: 6 });
    expect(contractTemplateChange(2, catalogue)).toEqual({ template_id: 2, invoice_template_id: null });
  });

  it('student, payer and end date required; a public offer needs no end date but its invoice template', () => {
    const empty: ContractFormValues = {
      student_id: null,
      payer_id: null,
      end_at: '',
      template_id: 2,
      invoice_template_id: null,
      discipline_id: null,
      document_file: null,
    };
    expect(keys(empty)).toEqual([
      'student_id:validations.required',
      'payer_id:validations.required',
      'end_at:validations.required',
    ]);
    expect(keys({ ...empty, student_id: 5, payer_id: 9, template_id: 17 })).toEqual([
      'invoice_template_id:validations.required',
    ]);
    expect(keys({ ...empty, student_id: 5, payer_id: 9, template_id: 17, invoice_template_id: 6 })).toEqual(
      [],
    );
    expect(keys({ ...empty, student_id: 5, payer_id: 9, end_at: '2031-08-31' })).toEqual([]);
  });

  it('sends no end date for an offer and the file only when one is picked; too large a file is refused', () => {
    const file = new File(['x'], 'scan.pdf');
    const values = {
      student_id: 5,
      payer_id: 9,
      end_at: '2031-08-31',
      template_id: 17,
      invoice_template_id: 6,
      discipline_id: null,
      document_file: null,
    };
    expect(contractFormBody(values, catalogue)).toEqual({
      student_id: 5,
      payer_id: 9,
      end_at: null,
      template_id: 17,
      discipline_id: null,
      invoice_template_id: 6,
    });
    expect(contractFormBody({ ...values, template_id: 2, document_file: file }, catalogue)).toMatchObject({
      end_at: '2031-08-31',
      document_file: file,
    });
    const huge = { size: 11 * 1024 * 1024 } as File;
    Object.setPrototypeOf(huge, Blob.prototype);
    expect(keys({ ...values, document_file: huge })).toEqual(['document_file:moneyForms.file.tooLarge']);
  });

  it('a stored end moment reads as its Kyiv day', () => {
    expect(
      contractFormValues(
        { student_id: 5, payer_id: 9, end_at: '2031-08-30T21:00:00.000Z', template_id: 2 },
        'update',
      ),
    ).toMatchObject({ end_at: '2031-08-31' });
  });
});
