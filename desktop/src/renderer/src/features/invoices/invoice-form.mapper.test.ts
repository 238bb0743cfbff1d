import { describe, expect, it } from 'vitest';
import {
  invoiceFormBody,
  invoiceFormValues,
  invoiceSubscriptionChoice,
  invoiceTemplateEditable,
  validateInvoiceForm,
  type InvoiceFormValues,
} from './invoice-form.mapper';

const keys = (values: InvoiceFormValues) =>
  validateInvoiceForm(values).map((issue) => `${issue.path}:${issue.key}`);

describe('invoice form', () => {
  it('a new invoice starts with template 1, unpaid, no amount', () => {
    expect(invoiceFormValues({}, 'create')).toEqual({
      subscription_id: null,
      amount: null,
      payed_at: '',
      template_id: 1,
      document_file: null,
    });
  });

  it('choosing a package sets the amount and the template from its contract (part 2 §4)', () => {
    const subscription = {
      id: 7,
      price_per_study: 30000,
      studies_count: 8,
      contract: { id: 2, template_id: 42, invoice_template_id: null },
    };
    expect(invoiceSubscriptionChoice(subscription, 1)).toEqual({
      subscription_id: 7,
      template_id: 2,
      amount: 240000,
    });
    expect(
      invoiceSubscriptionChoice(
        { ...subscription, contract: { id: 2, template_id: 17, invoice_template_id: 6 } },
        1,
      ),
    ).toMatchObject({ template_id: 6 });
    expect(
      invoiceSubscriptionChoice(
        { ...subscription, contract: { id: 2, template_id: 21, invoice_template_id: null } },
        1,
      ),
    ).toMatchObject({ template_id: 1 });
    expect(invoiceTemplateEditable(subscription)).toBe(true);
    expect(invoiceTemplateEditable({ id: 7, contract: { id: 2, invoice_template_id: 6 } })).toBe(false);
  });

  it('subscription and amount required, the amount a number (part 2 §5)', () => {
    const empty = invoiceFormValues({}, 'create') as InvoiceFormValues;
    expect(keys(empty)).toEqual(['subscription_id:validations.required', 'amount:validations.required']);
    expect(keys({ ...empty, subscription_id: 7, amount: Number.NaN })).toEqual([
      'amount:validations.numeric',
    ]);
    expect(keys({ ...empty, subscription_id: 7, amount: 240000 })).toEqual([]);
    expect(invoiceFormBody({ ...empty, subscription_id: 7, amount: 240000, payed_at: '2026-03-01' })).toEqual(
      { subscription_id: 7, amount: 240000, payed_at: '2026-03-01', template_id: 1 },
    );
  });
});
