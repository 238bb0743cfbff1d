import type { Knex } from 'knex';
import { fullName, invoiceNumber, studiesCount } from '@school/shared/rules';
import { errors } from '../../platform/http/app-error.js';
import {
  buildInvoiceDocx,
  documentLanguageOf,
  documentPhone,
  type InvoiceDocumentData,
  invoiceInstructionsText,
} from '../document-generators/index.js';
import { findInvoiceDocumentRow } from './invoice-document.repository.js';

export type InvoiceDocument =
  { kind: 'docx'; number: string; body: Buffer } | { kind: 'text'; number: string; body: string };

/**
 * The invoice as a .docx, or, for a template that is only payment instructions (a template with
 * no bank: the payee's own details, which the family pastes into a banking app), as plain text
 * the client copies to the clipboard (part 1 §7).
 */
export async function invoiceDocument(knex: Knex, invoiceId: number): Promise<InvoiceDocument> {
  const row = await findInvoiceDocumentRow(knex, invoiceId);
  if (!row) throw errors.notFound();
  if (row.template_id === null) throw errors.conflict('invoice_no_template', 'documents.invoice_no_template');
  const amount = Number(row.amount);
  const quantity = studiesCount(amount, row.price_per_study);
  const number = invoiceNumber(row.position, row.contract_id);
  const data: InvoiceDocumentData = {
    lang: documentLanguageOf(row.contract_template_name),
    number,
    date: row.created_at,
    contractNumber: String(row.contract_id),
    contractDate: row.contract_created_at,
    payee: { entity: row.entity ?? '', bank: row.bank },
    payer: {
      fullName: fullName({
        surname: row.payer_surname,
        firstname: row.payer_firstname,
        patronymic: row.payer_patronymic,
      }),
      phone: documentPhone(row.payer_phone),
      email: row.payer_email,
    },
    line:
      quantity > 0
        ? { quantity, price: row.price_per_study, sum: amount }
        : { quantity: 1, price: amount, sum: amount },
  };
  if (!row.bank) return { kind: 'text', number, body: invoiceInstructionsText(data) };
  return { kind: 'docx', number, body: await buildInvoiceDocx(data) };
}
