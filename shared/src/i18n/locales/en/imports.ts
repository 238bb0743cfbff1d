import type { Translation } from '../translation.types';

/** Spreadsheet imports (issue 31): file and row errors, the error report's columns. */
export const imports: Translation['imports'] = {
  errors: {
    file_required: 'Choose an .xlsx or .csv file.',
    file_too_large: 'The file is larger than {{max}} MB.',
    not_spreadsheet: 'This is not a spreadsheet: upload an .xlsx or .csv file.',
    old_excel: 'The old Excel format (.xls) is not supported: save the file as .xlsx.',
    no_header: 'The file has no row of column headers.',
    too_many_rows: 'The file has more than {{max}} rows.',
    bad_mapping: 'The column mapping must be a JSON object: header → field or null.',
    not_previewed: 'This import has already been started or finished.',
    not_cancellable: 'This import has already finished.',
    failed: 'The import failed; the database was not changed.',
    column_missing: 'The file has no column for this field.',
    duplicate_email: 'Email {{email}} is already on row {{row}} of this file.',
    email_other_role: 'Email {{email}} belongs to a user with another role.',
    student_missing: 'No student with email {{email}} in the school or on this row (a first name is needed).',
    student_unknown: 'No student with email {{email}} in the school.',
    payer_unknown: 'No payer with email {{email}} in the school.',
    manager_unknown: 'No manager with email {{email}} in the school.',
    teacher_unknown: 'No teacher with email {{email}} in the school.',
    contract_unknown: 'No contract No. {{number}} in the school.',
    template_unknown: 'No contract template "{{name}}".',
    study_type_unknown: 'No study type "{{name}}".',
    bad_amount: 'The amount must be a number, e.g. 1 234.50.',
    bad_schedule: 'Write the schedule like "Mon 10:00, Wed 15:30".',
  },
  report: {
    row: 'Row',
    errors: 'Errors',
  },
};
