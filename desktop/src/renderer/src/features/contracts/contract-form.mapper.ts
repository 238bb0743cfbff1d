import { DateTime } from 'luxon';
import { CONTRACT_DEFAULTS, TIME_ZONE } from '@school/shared/domain';
import {
  contractTemplateHasUrl,
  DOCUMENT_UPLOAD_MAX_BYTES,
  invoiceTemplateAfterTemplateChange,
  invoiceTemplatesOf,
} from '@school/shared/rules';
import type { FormMode, FormValues } from '@school/shared/ui';
import {
  contractFormSchemaFor,
  parseBody,
  type ContractTemplateFacts,
  type FieldIssue,
} from '@school/shared/validation';
import type { ContractTemplateOption, InvoiceTemplateOption } from './money-forms.api';

/**
 * The contract form's model (spec part 2 §3 "Contract form", §4, §5, §9) and its mapping to and
 * from the API. Pure, each rule unit-tested; the component only draws what this answers.
 */

// A type, not an interface: it is also the form's plain record of values.
export type ContractFormValues = {
  student_id: number | null;
  payer_id: number | null;
  /** yyyy-MM-dd ('' when empty). */
  end_at: string;
  template_id: number | null;
  discipline_id: number | null;
  invoice_template_id: number | null;
  /** A signed document to upload with the save; null keeps the stored one. */
  document_file: File | null;
};

/** The signed document goes with the write (multipart), beside the registry's fields. */
export const CONTRACT_FORM_EXTRA_FIELDS = ['document_file'] as const;

export interface ContractCatalogue {
  contractTemplates: readonly ContractTemplateOption[];
  invoiceTemplates: readonly InvoiceTemplateOption[];
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/** A stored moment or date as its Kyiv calendar day. */
export function kyivDay(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = DateTime.fromISO(value, { zone: TIME_ZONE });
  return parsed.isValid ? (parsed.toISODate() ?? '') : '';
}

/** What the chosen template decides (part 2 §5): the end date hidden, the invoice template required. */
export function contractTemplateFacts(
  templateId: number | null,
  catalogue: ContractCatalogue,
): ContractTemplateFacts {
  const template = catalogue.contractTemplates.find((row) => row.id === templateId) ?? null;
  return {
    hasUrl: contractTemplateHasUrl(template),
    hasInvoiceTemplates: invoiceTemplatesOf(catalogue.invoiceTemplates, templateId).length > 0,
  };
}

/** The stored contract's values, or a new one's defaults (part 2 §9: template 42, end 31 Dec 2025). */
export function contractFormValues(
  row: Readonly<Record<string, unknown>>,
  mode: FormMode,
): ContractFormValues {
  if (mode === 'create') {
    return {
      student_id: null,
      payer_id: null,
      end_at: CONTRACT_DEFAULTS.end_at,
      template_id: CONTRACT_DEFAULTS.template_id,
      discipline_id: null,
      invoice_template_id: null,
      document_file: null,
    } satisfies ContractFormValues;
  }
  return {
    student_id: idOf(row.student_id),
    payer_id: idOf(row.payer_id),
    end_at: kyivDay(row.end_at),
    template_id: idOf(row.template_id),
    discipline_id: idOf(row.discipline_id),
    invoice_template_id: idOf(row.invoice_template_id),
    document_file: null,
  } satisfies ContractFormValues;
}

/**
 * A new contract's starting values over the defaults: a `?create` link's presets, and the first
 * invoice template of the (preset or default) contract template unless the link names one (§4).
 */
export function contractPresetValues(
  presets: FormValues,
  catalogue: ContractCatalogue,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of [
    'student_id',
    'payer_id',
    'template_id',
    'discipline_id',
    'invoice_template_id',
  ] as const) {
    const id = idOf(presets[name]);
    if (id !== null) values[name] = id;
  }
  const endAt = kyivDay(presets.end_at);
  if (endAt) values.end_at = endAt;
  const templateId = (values.template_id as number | undefined) ?? CONTRACT_DEFAULTS.template_id;
  if (values.invoice_template_id === undefined)
    values.invoice_template_id = invoiceTemplateAfterTemplateChange(catalogue.invoiceTemplates, templateId);
  return values;
}

/** Part 2 §4: another contract template resets the invoice template to its first one. */
export function contractTemplateChange(
  templateId: number | null,
  catalogue: ContractCatalogue,
): Partial<ContractFormValues> {
  return {
    template_id: templateId,
    invoice_template_id: invoiceTemplateAfterTemplateChange(catalogue.invoiceTemplates, templateId),
  };
}

/** The write's body: a hidden end date is sent empty (a public offer has none); the file only when picked. */
export function contractFormBody(
  v: ContractFormValues,
  catalogue: ContractCatalogue,
): Record<string, unknown> {
  const facts = contractTemplateFacts(v.template_id, catalogue);
  const body: Record<string, unknown> = {
    student_id: v.student_id,
    payer_id: v.payer_id,
    end_at: facts.hasUrl ? null : v.end_at || null,
    template_id: v.template_id,
    discipline_id: v.discipline_id,
    invoice_template_id: v.invoice_template_id,
  };
  if (v.document_file) body.document_file = v.document_file;
  return body;
}

/** The file's size (the server's 10 MB limit, said before sending). */
export function documentFileIssues(file: unknown, field = 'document_file'): FieldIssue[] {
  if (typeof Blob === 'undefined' || !(file instanceof Blob) || file.size <= DOCUMENT_UPLOAD_MAX_BYTES)
    return [];
  return [
    {
      path: field,
      key: 'moneyForms.file.tooLarge',
      params: { max: DOCUMENT_UPLOAD_MAX_BYTES / (1024 * 1024) },
    },
  ];
}

/** The rules of part 2 §5 for the chosen template (contractFormSchemaFor, the server's own). */
export function validateContractForm(v: ContractFormValues, catalogue: ContractCatalogue): FieldIssue[] {
  const body = contractFormBody(v, catalogue);
  delete body.document_file;
  const parsed = parseBody(contractFormSchemaFor(contractTemplateFacts(v.template_id, catalogue)), body);
  return [...(parsed.success ? [] : parsed.issues), ...documentFileIssues(v.document_file)];
}
