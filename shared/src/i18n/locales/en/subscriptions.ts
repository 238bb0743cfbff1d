/** Messages of subscription generation and prolong, schedule prolong and the exchange rate. */
export const subscriptions = {
  studies_clash: 'The teacher or the student is already busy at: {{dates}}. Nothing was created.',
  template_overlap: 'The template slots overlap each other.',
  teacher_invalid: 'Choose an active teacher.',
  student_invalid: 'Choose a student.',
  no_contract: 'The student has no contract.',
  contract_not_students: 'The contract belongs to another student.',
  contract_fixed: 'The contract of a subscription cannot change.',
  student_fixed: 'The student of a subscription cannot change.',
  plan_incomplete:
    'Only {{planned}} of {{count}} studies could be planned: the teacher is off the whole time.',
  prolong_no_template: 'The subscription has no study template, so it cannot be prolonged.',
  schedule_no_end: 'A schedule without an end date cannot be prolonged.',
  schedule_no_teacher: 'The schedule of a deleted teacher cannot be prolonged.',
  schedule_prolonged: 'The schedule is already prolonged: the teacher has a schedule after this date.',
  exchange_rate_unavailable: 'The euro rate is not available now. Try again later or enter the rate by hand.',
};
