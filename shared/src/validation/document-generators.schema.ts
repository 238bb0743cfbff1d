import { z } from 'zod';
import { STUDENT_CLASS, STUDIES_COUNT } from '../domain/constants';
import { SEX } from '../domain/vocabularies';
import { numeric, text } from './coercion';
import { between, betweenInt, isoDate, oneOf } from './laravel-rules';
import { lineString } from './text-limits';

/**
 * Upper bounds keep every total printable (amount in words, integer kopiykas): the spec's studies
 * count range (part 2 §9), at most a lesson a day, and a price far above any real lesson.
 */
const MAX_CONTRACT_NUMBER = 999_999_999;
const MAX_STUDY_COST_UAH = 1_000_000;
const MAX_STUDIES_PER_WEEK = 7;

const contractNumber = () => numeric.required(between(0, MAX_CONTRACT_NUMBER));
const studyCost = () => numeric.required(between(0, MAX_STUDY_COST_UAH));
const studiesCount = () => numeric.required(betweenInt(STUDIES_COUNT.min, STUDIES_COUNT.max));

export const invoiceGeneratorSchema = z.object({
  contract_number: contractNumber(),
  contract_date: text.required(isoDate()),
  invoice_number: text.required(lineString()),
  payer_fullname: text.required(lineString()),
  studies_count: studiesCount(),
  /** UAH, not minor units: the document prints it as typed. */
  study_cost: studyCost(),
});
export type InvoiceGeneratorInput = z.output<typeof invoiceGeneratorSchema>;

export const contractGeneratorSchema = z.object({
  contract_number: contractNumber(),
  customer_fullname: text.required(lineString()),
  student_name: text.required(lineString()),
  sex: numeric.required(oneOf([SEX.Male, SEX.Female])),
  student_class: numeric.required(betweenInt(STUDENT_CLASS.min, STUDENT_CLASS.max)),
  studies_per_week: numeric.required(betweenInt(1, MAX_STUDIES_PER_WEEK)),
  study_cost: studyCost(),
  studies_count: studiesCount(),
});
export type ContractGeneratorInput = z.output<typeof contractGeneratorSchema>;
