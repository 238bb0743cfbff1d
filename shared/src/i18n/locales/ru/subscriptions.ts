/** Messages of subscription generation and prolong, schedule prolong and the exchange rate. */
export const subscriptions = {
  studies_clash: 'Преподаватель или ученик уже занят в это время: {{dates}}. Ничего не создано.',
  template_overlap: 'Слоты шаблона пересекаются между собой.',
  teacher_invalid: 'Выберите активного преподавателя.',
  student_invalid: 'Выберите ученика.',
  no_contract: 'У ученика нет договора.',
  contract_not_students: 'Договор принадлежит другому ученику.',
  contract_fixed: 'Договор абонемента изменить нельзя.',
  student_fixed: 'Ученика абонемента изменить нельзя.',
  plan_incomplete:
    'Удалось запланировать только {{planned}} из {{count}} занятий: выходные преподавателя занимают всё время.',
  prolong_no_template: 'У абонемента нет шаблона занятий, продлить его нельзя.',
  schedule_no_end: 'Расписание без даты окончания продлить нельзя.',
  schedule_no_teacher: 'Расписание удалённого преподавателя продлить нельзя.',
  schedule_prolonged: 'Расписание уже продлено: у преподавателя есть расписание после этой даты.',
  exchange_rate_unavailable: 'Курс евро сейчас недоступен. Попробуйте позже или введите курс вручную.',
};
