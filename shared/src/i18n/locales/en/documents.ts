import type { Translation } from '../translation.types';

/** Contract and invoice documents: file names, refusals and the printed texts (en). */
export const documents: Translation['documents'] = {
  contract_file: 'Contract No {{number}}.docx',
  invoice_file: 'Invoice No {{number}}.docx',
  contract_needs_full_name:
    'The contract cannot be generated: the payer’s full name must be exactly three words (surname, first name, patronymic).',
  invoice_no_template: 'The invoice has no template, so no document can be generated.',
  file_type:
    'The file must be a PDF, an image (JPEG, PNG, GIF, WebP, TIFF, HEIC), a Word document (.docx, .doc) or an OpenDocument text (.odt).',
  file_too_large: 'The file is too large: at most {{max}} MB.',
  no_signed_document: 'No signed document has been uploaded for this contract.',
  template_docx_only: 'A contract template must be a Word document (.docx).',
  template_invalid:
    'The template could not be read: check that every field is written as {name} in curly braces.',
  template_unknown_placeholders:
    'The template has unknown fields: {{names}}. The available fields are listed in Settings, under the contract templates.',
  no_template_docx: 'No .docx file has been uploaded for this contract template.',
  no_attachment: 'No file is attached to this invoice.',
  contract: {
    title: 'CONTRACT No {{number}}',
    subtitle: 'for educational services',
    offer_title: 'APPLICATION No {{number}}',
    offer_subtitle: 'to accept the public offer',
    offer_text:
      'The customer {{customer}} accepts the public offer of {{executor}} published at {{url}} and its terms as a whole.',
    city_date: 'Kyiv, {{date}}',
    preamble:
      '{{executor}} (the Provider), of the one part, and {{customer}} (the Customer), of the other part, have concluded this contract as follows:',
    subject_heading: '1. Subject',
    subject:
      'The Provider teaches “{{discipline}}” to the {{pupil}} {{student}}{{classPart}}, in online lessons, and the Customer pays for them on the terms of this contract.',
    schedule: 'Number of lessons: {{count}}, {{perWeek}} a week.',
    price_heading: '2. Price and payment',
    price: 'Price of one lesson: UAH {{price}} ({{words}}).',
    total: 'Total price: UAH {{total}} ({{words}}).',
    payment:
      'The Customer pays in advance, before the lessons, on the Provider’s invoice, by bank transfer to the Provider.',
    term_heading: '3. Term',
    term_until: 'The contract takes effect on signature and is valid until {{date}}.',
    term_open: 'The contract takes effect on signature and is valid until both parties have fulfilled it.',
    parties_heading: '4. Parties’ details and signatures',
    executor: 'Provider',
    customer: 'Customer',
    student: 'Student',
    bank: 'Bank: {{bank}}',
    phone: 'Phone: {{phone}}',
    email: 'Email: {{email}}',
    signature: 'Signature ____________________',
    pupil_male: 'student',
    pupil_female: 'student',
    pupil_any: 'student',
    class_part: ', class {{class}}',
    subject_general:
      'The Provider teaches the {{pupil}} {{student}}{{classPart}} in online lessons, and the Customer pays for them on the terms of this contract.',
  },
  invoice: {
    title: 'INVOICE No {{number}}',
    date: 'of {{date}}',
    payee: 'Payee',
    payer: 'Payer',
    bank: 'Bank',
    basis: 'Under contract No {{contract}} of {{date}}',
    col_no: 'No',
    col_item: 'Service',
    col_qty: 'Quantity',
    col_price: 'Price, UAH',
    col_sum: 'Amount, UAH',
    item: 'Educational services (online lessons) under contract No {{contract}}',
    total: 'Total due: UAH {{total}}',
    total_words: 'Amount in words: {{words}}',
    no_vat: 'VAT not applicable.',
    signature: 'Issued by ____________________',
    instructions:
      'Payee: {{payee}}\nPayment reference: educational services, invoice No {{number}}, contract No {{contract}}, payer {{payer}}\nAmount: UAH {{total}} ({{words}})',
  },
};
