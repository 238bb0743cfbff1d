import { amountInWordsUk, fullName, type ContractTemplatePlaceholder } from '@school/shared/rules';
import type { Storage } from '../../platform/storage/storage.js';
import {
  documentAmount,
  documentDate,
  documentPhone,
  fillContractTemplate,
} from '../document-generators/index.js';
import type { ContractDocumentRow } from './contract-document.repository.js';

/** Every placeholder's value for one contract (docs/domain-rules.md lists them): empty when unknown. */
export function contractTemplateValues(
  row: ContractDocumentRow,
  payerName: string,
): Record<ContractTemplatePlaceholder, string> {
  const price = row.price_per_study;
  const count = row.studies_count || null;
  const amount = price !== null && count !== null ? price * count : null;
  return {
    number: String(row.id),
    date: documentDate(row.created_at),
    end_date: row.end_at ? documentDate(row.end_at) : '',
    customer_name: payerName,
    customer_phone: documentPhone(row.payer_phone) ?? '',
    customer_email: row.payer_email ?? '',
    student_name: fullName({
      surname: row.student_surname,
      firstname: row.student_firstname,
      patronymic: row.student_patronymic,
    }),
    student_class: row.student_class === null ? '' : String(row.student_class),
    discipline: row.discipline ?? '',
    executor: row.entity ?? '',
    executor_bank: row.bank ?? '',
    price: price === null ? '' : documentAmount(price),
    price_words: price === null ? '' : amountInWordsUk(price),
    studies_per_week: row.studies_per_week === null ? '' : String(row.studies_per_week),
    studies_count: count === null ? '' : String(count),
    amount: amount === null ? '' : documentAmount(amount),
    amount_words: amount === null ? '' : amountInWordsUk(amount),
    offer_url: row.template_url ?? '',
    template_name: row.template_name ?? '',
  };
}

/** The template's stored .docx, filled for this contract. */
export async function filledTemplateDocx(
  storage: Storage,
  row: ContractDocumentRow,
  payerName: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(row.template_docx!))
    chunks.push(Buffer.from(chunk as Uint8Array));
  return fillContractTemplate(Buffer.concat(chunks), contractTemplateValues(row, payerName));
}
