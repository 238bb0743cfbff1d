import { z } from 'zod';
import { id, optionalId, text } from './coercion';
import { isoDate } from './laravel-rules';

/** What the chosen contract template decides about the form (part 2 §5, contract form). */
export interface ContractTemplateFacts {
  /** A template with a url hides (and no longer requires) the end date. */
  hasUrl: boolean;
  /** The invoice template is required when the template has invoice templates. */
  hasInvoiceTemplates: boolean;
}

export function contractFormSchemaFor(template: ContractTemplateFacts | null) {
  return z.object({
    student_id: id(),
    payer_id: id(),
    end_at: template?.hasUrl ? text.optional(isoDate()) : text.required(isoDate()),
    template_id: optionalId(),
    discipline_id: optionalId(),
    invoice_template_id: template?.hasInvoiceTemplates ? id() : optionalId(),
  });
}

/** Without template facts: the strictest end date rule, invoice template optional. */
export const contractFormSchema = contractFormSchemaFor(null);
export type ContractFormInput = z.output<typeof contractFormSchema>;
