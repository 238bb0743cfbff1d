/** Messages of subscription generation and prolong, schedule prolong and the exchange rate. */
export const subscriptions = {
  studies_clash: 'Викладач або учень уже зайнятий у цей час: {{dates}}. Нічого не створено.',
  template_overlap: 'Слоти шаблону перетинаються між собою.',
  teacher_invalid: 'Оберіть активного викладача.',
  student_invalid: 'Оберіть учня.',
  no_contract: 'У учня немає договору.',
  contract_not_students: 'Договір належить іншому учню.',
  contract_fixed: 'Договір абонемента змінити не можна.',
  student_fixed: 'Учня абонемента змінити не можна.',
  plan_incomplete:
    'Вдалося запланувати лише {{planned}} з {{count}} занять: вихідні викладача займають увесь час.',
  prolong_no_template: 'У абонемента немає шаблону занять, продовжити його не можна.',
  schedule_no_end: 'Розклад без дати завершення продовжити не можна.',
  schedule_no_teacher: 'Розклад видаленого викладача продовжити не можна.',
  schedule_prolonged: 'Розклад уже продовжено: у викладача є розклад після цієї дати.',
  exchange_rate_unavailable: 'Курс євро зараз недоступний. Спробуйте пізніше або введіть курс вручну.',
};
