import type { Knex } from 'knex';
import { RESPONSIBLE_TYPE, SEX } from '@school/shared/domain';
import { fullName, isThreeWordName } from '@school/shared/rules';
import { errors } from '../../platform/http/app-error.js';
import type { Storage } from '../../platform/storage/storage.js';
import { buildContractDocx, documentLanguageOf, documentPhone } from '../document-generators/index.js';
import { findContractDocumentRow } from './contract-document.repository.js';
import { filledTemplateDocx } from './contract-template-values.js';

export interface ContractDocument {
  number: string;
  body: Buffer;
}

/**
 * The contract as a .docx: its template's own .docx filled with the contract's fields when the
 * school uploaded one, else the generated document. A contract on a template without a url names
 * the payer in full, so it needs surname, first name and patronymic (part 1 §2).
 */
export async function contractDocument(
  knex: Knex,
  storage: Storage,
  contractId: number,
): Promise<ContractDocument> {
  const row = await findContractDocumentRow(knex, contractId);
  if (!row) throw errors.notFound();
  const payerName = fullName({
    surname: row.payer_surname,
    firstname: row.payer_firstname,
    patronymic: row.payer_patronymic,
  });
  if (!row.template_url && !isThreeWordName(payerName)) {
    throw errors.conflict('contract_payer_name', 'documents.contract_needs_full_name');
  }
  const number = String(row.id);
  if (row.template_docx) return { number, body: await filledTemplateDocx(storage, row, payerName) };
  const body = await buildContractDocx({
    lang: documentLanguageOf(row.template_name),
    number,
    date: row.created_at,
    endAt: row.end_at,
    offerUrl: row.template_url,
    executor: { entity: row.entity ?? '', bank: row.bank },
    customer: { fullName: payerName, phone: documentPhone(row.payer_phone), email: row.payer_email },
    student: {
      fullName: fullName({
        surname: row.student_surname,
        firstname: row.student_firstname,
        patronymic: row.student_patronymic,
      }),
      studentClass: row.student_class,
      // A child is recorded as the family's son or daughter; that is the sex the contract's grammar needs.
      sex:
        row.student_responsible_type_id === RESPONSIBLE_TYPE.Son
          ? SEX.Male
          : row.student_responsible_type_id === RESPONSIBLE_TYPE.Daughter
            ? SEX.Female
            : null,
    },
    discipline: row.discipline,
    studiesCount: row.studies_count || null,
    studiesPerWeek: row.studies_per_week,
    pricePerStudy: row.price_per_study,
  });
  return { number, body };
}
