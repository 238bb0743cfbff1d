import { INVOICE_TEMPLATE } from '../domain/constants';
import { isThreeWordName } from './full-name';

/**
 * Rules of the contract and invoice forms and of their document buttons (spec part 1 §2, part 2
 * §4, §5, §9). Pure, so the staff app and the server read the same rule and each has a test.
 */

export interface ContractTemplateLike {
  id: number;
  url?: string | null;
}

export interface InvoiceTemplateLike {
  id: number;
  name?: string | null;
  entity?: string | null;
  bank?: string | null;
  contract_template_id?: number | null;
}

/** The invoice templates of a contract template, in catalogue order. */
export function invoiceTemplatesOf<T extends InvoiceTemplateLike>(
  templates: readonly T[],
  contractTemplateId: number | null,
): T[] {
  if (contractTemplateId === null) return [];
  return templates.filter((template) => template.contract_template_id === contractTemplateId);
}

/**
 * Part 2 §4: the invoice template resets when the contract template changes and defaults to the
 * first one available for that template (none when it has none).
 */
export function invoiceTemplateAfterTemplateChange(
  templates: readonly InvoiceTemplateLike[],
  contractTemplateId: number | null,
): number | null {
  return invoiceTemplatesOf(templates, contractTemplateId)[0]?.id ?? null;
}

/** Part 2 §5: a template with a url (a public offer) hides the end date and does not require it. */
export function contractTemplateHasUrl(template: ContractTemplateLike | null | undefined): boolean {
  return typeof template?.url === 'string' && template.url.trim() !== '';
}

/**
 * Part 1 §2: a contract's document can be generated unless its template has no url and the
 * payer's full name is not exactly three words (the server refuses it with the same rule).
 */
export function contractDownloadAllowed(
  template: ContractTemplateLike | null | undefined,
  payerFullName: string | null | undefined,
): boolean {
  return contractTemplateHasUrl(template) || isThreeWordName(payerFullName);
}

export interface InvoiceContractFacts {
  invoice_template_id?: number | null;
  template_id?: number | null;
}

/**
 * Part 2 §4: choosing a subscription sets the invoice's template to the contract's invoice
 * template when it has one; otherwise to 2 (the fallback), unless the contract's template is one
 * of 17, 19, 21, which keep the current choice.
 */
export function invoiceTemplateForContract(
  contract: InvoiceContractFacts | null | undefined,
  current: number | null,
): number | null {
  if (contract?.invoice_template_id) return contract.invoice_template_id;
  const keep: readonly number[] = INVOICE_TEMPLATE.keepForContractTemplateIds;
  if (contract?.template_id && keep.includes(contract.template_id)) return current;
  return INVOICE_TEMPLATE.fallbackId;
}

/** Part 2 §4: the invoice amount is the price per study times the package's number of studies (minor units). */
export function invoiceAmountFor(
  pricePerStudy: number | null | undefined,
  studiesCount: number | null | undefined,
): number {
  return Math.max(0, Math.round((pricePerStudy ?? 0) * (studiesCount ?? 0)));
}

/** Part 2 §4: the template dropdown lists only templates with no bank (payment instructions). */
export function invoiceTemplateChoices<T extends InvoiceTemplateLike>(templates: readonly T[]): T[] {
  return templates.filter((template) => !template.bank || template.bank.trim() === '');
}
