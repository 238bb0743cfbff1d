import { z } from 'zod';
import { STUDENT_CLASS } from '../domain/constants';
import { SEX } from '../domain/vocabularies';
import { numeric, text } from './coercion';
import { betweenInt, isoDate, oneOf } from './laravel-rules';
import { lineString } from './text-limits';

const requiredNumber = () => numeric.required(z.number().min(0));
const requiredCount = () => numeric.required(z.number().int().min(1));

export const invoiceGeneratorSchema = z.object({
  contract_number: requiredNumber(),
  contract_date: text.required(isoDate()),
  invoice_number: text.required(lineString()),
  payer_fullname: text.required(lineString()),
  studies_count: requiredCount(),
  /** UAH, not minor units: the document prints it as typed. */
  study_cost: requiredNumber(),
});
export type InvoiceGeneratorInput = z.output<typeof invoiceGeneratorSchema>;

export const contractGeneratorSchema = z.object({
  contract_number: requiredNumber(),
  customer_fullname: text.required(lineString()),
  student_name: text.required(lineString()),
  sex: numeric.required(oneOf([SEX.Male, SEX.Female])),
  student_class: numeric.required(betweenInt(STUDENT_CLASS.min, STUDENT_CLASS.max)),
  studies_per_week: requiredCount(),
  study_cost: requiredNumber(),
  studies_count: requiredCount(),
});
export type ContractGeneratorInput = z.output<typeof contractGeneratorSchema>;
