import { INVOICE_TEMPLATE } from '@school/shared/domain';
import { invoiceAmountFor, invoiceTemplateForContract } from '@school/shared/rules';
import type { FormMode, FormValues } from '@school/shared/ui';
import { invoiceFormSchema, parseBody, type FieldIssue } from '@school/shared/validation';
import { documentFileIssues, kyivDay } from '../contracts/contract-form.mapper';

/**
 * The invoice form's model (spec part 2 §2 "Invoice form", §3, §4, §5, §9) and its mapping to
 * and from the API. Pure, each rule unit-tested.
 */

// A type, not an interface: it is also the form's plain record of values.
export type InvoiceFormValues = {
  subscription_id: number | null;
  /** Minor units; NaN while the text is not an amount. */
  amount: number | null;
  /** yyyy-MM-dd, '' while unpaid. */
  payed_at: string;
  template_id: number | null;
  /** An attachment to upload with the save; null keeps the stored one. */
  document_file: File | null;
};

export const INVOICE_FORM_EXTRA_FIELDS = ['document_file'] as const;

/** A package as the invoice form offers it (an unpaid one, with its contract's templates). */
export interface InvoiceSubscription {
  id: number;
  price_per_study?: number | null;
  studies_count?: number | null;
  contract?: {
    id: number;
    template_id?: number | null;
    invoice_template_id?: number | null;
    invoicetemplate?: {
      id: number;
      name?: string | null;
      entity?: string | null;
      bank?: string | null;
    } | null;
    student?: { id: number; full_name: string } | null;
    payer?: { id: number; full_name: string } | null;
  } | null;
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/** The stored invoice's values, or a new one's defaults (part 2 §9: template 1). */
export function invoiceFormValues(row: Readonly<Record<string, unknown>>, mode: FormMode): InvoiceFormValues {
  if (mode === 'create') {
    return {
      subscription_id: null,
      amount: null,
      payed_at: '',
      template_id: INVOICE_TEMPLATE.defaultId,
      document_file: null,
    } satisfies InvoiceFormValues;
  }
  return {
    subscription_id: idOf(row.subscription_id),
    amount: typeof row.amount === 'number' ? row.amount : null,
    payed_at: kyivDay(row.payed_at),
    template_id: idOf(row.template_id),
    document_file: null,
  } satisfies InvoiceFormValues;
}

export function invoicePresetValues(presets: FormValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const subscription = idOf(presets.subscription_id);
  if (subscription !== null) values.subscription_id = subscription;
  if (typeof presets.amount === 'number') values.amount = presets.amount;
  const template = idOf(presets.template_id);
  if (template !== null) values.template_id = template;
  const payedAt = kyivDay(presets.payed_at);
  if (payedAt) values.payed_at = payedAt;
  return values;
}

/**
 * Part 2 §4: choosing a package sets the template from its contract and the amount to the price
 * per study times its number of studies.
 */
export function invoiceSubscriptionChoice(
  subscription: InvoiceSubscription,
  currentTemplate: number | null,
): Partial<InvoiceFormValues> {
  return {
    subscription_id: subscription.id,
    template_id: invoiceTemplateForContract(subscription.contract, currentTemplate),
    amount: invoiceAmountFor(subscription.price_per_study, subscription.studies_count),
  };
}

/** The template dropdown shows only when the contract names no invoice template (part 2 §4). */
export function invoiceTemplateEditable(subscription: InvoiceSubscription | null | undefined): boolean {
  return !subscription?.contract?.invoice_template_id;
}

export function invoiceFormBody(v: InvoiceFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    subscription_id: v.subscription_id,
    amount: v.amount,
    payed_at: v.payed_at || null,
    template_id: v.template_id,
  };
  if (v.document_file) body.document_file = v.document_file;
  return body;
}

/** Part 2 §5: subscription required, amount required and numeric; template and attachment optional. */
export function validateInvoiceForm(v: InvoiceFormValues): FieldIssue[] {
  const body = invoiceFormBody(v);
  delete body.document_file;
  const issues: FieldIssue[] = [];
  if (typeof v.amount === 'number' && Number.isNaN(v.amount)) {
    issues.push({ path: 'amount', key: 'validations.numeric', params: {} });
    body.amount = 0;
  }
  const parsed = parseBody(invoiceFormSchema, body);
  return [...issues, ...(parsed.success ? [] : parsed.issues), ...documentFileIssues(v.document_file)];
}
