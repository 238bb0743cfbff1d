/** Messages of the generic resource API (docs/resource-api.md). */
export const resources = {
  bad_query: 'Неправильний параметр запиту: {{parameter}}.',
  bad_id: 'Неправильний ідентифікатор запису.',
  forbidden_parameter: 'У вас немає прав на параметр запиту {{parameter}}.',
  forbidden_field: 'У вас немає прав змінювати поле «{{field}}».',
  command_only: 'Поле «{{field}}» змінюється лише окремою дією ({{command}}).',
  method_not_allowed: 'Ця дія недоступна для цього ресурсу.',
  delete_restricted: 'Запис не можна видалити: від нього залежать оплати або історія занять ({{resource}}).',
  miss_status_teacher: 'Викладач не може встановити або змінити статус «Оплачений пропуск».',
  start_locked_billed_miss: 'Не можна змінити дату, коли встановлено статус «Оплачений пропуск».',
  evaluation_not_found: 'Оцінювання не знайдено.',
};
