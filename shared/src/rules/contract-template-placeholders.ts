/**
 * The placeholders a contract template's own .docx may hold (issue 29 point 3), written in the
 * document as `{name}` (docxtemplater's syntax). The server fills them from the contract; the
 * staff app lists them next to the upload. docs/domain-rules.md "Contract templates' own .docx".
 */
export const CONTRACT_TEMPLATE_PLACEHOLDERS = [
  /** The contract's number (its id). */
  'number',
  /** Its date (created), dd.mm.yyyy in Kyiv. */
  'date',
  /** Its end date, dd.mm.yyyy; empty for an open-ended one. */
  'end_date',
  /** The payer: surname first name patronymic, phone (+380 …), email. */
  'customer_name',
  'customer_phone',
  'customer_email',
  /** The pupil and their class. */
  'student_name',
  'student_class',
  /** The contract's discipline. */
  'discipline',
  /** The payee (the invoice template's entity) and its bank details. */
  'executor',
  'executor_bank',
  /** Price per study: figures ("320,50") and Ukrainian words. */
  'price',
  'price_words',
  /** From the latest subscription; empty while unknown. */
  'studies_per_week',
  'studies_count',
  /** Price × studies count in figures and words; empty while the count is unknown. */
  'amount',
  'amount_words',
  /** The template's public offer address, and its name. */
  'offer_url',
  'template_name',
] as const;

export type ContractTemplatePlaceholder = (typeof CONTRACT_TEMPLATE_PLACEHOLDERS)[number];

export function isContractTemplatePlaceholder(name: string): name is ContractTemplatePlaceholder {
  return (CONTRACT_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}
