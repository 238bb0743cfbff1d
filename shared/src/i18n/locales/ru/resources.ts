/** Messages of the generic resource API (docs/resource-api.md). */
export const resources = {
  bad_query: 'Неправильный параметр запроса: {{parameter}}.',
  bad_id: 'Неправильный идентификатор записи.',
  forbidden_parameter: 'У вас нет прав на параметр запроса {{parameter}}.',
  forbidden_field: 'У вас нет прав изменять поле «{{field}}».',
  command_only: 'Поле «{{field}}» изменяется только отдельным действием ({{command}}).',
  method_not_allowed: 'Это действие недоступно для этого ресурса.',
  delete_restricted: 'Запись нельзя удалить: от неё зависят оплаты или история занятий ({{resource}}).',
  miss_status_teacher: 'Преподаватель не может установить или изменить статус «Оплаченный пропуск».',
  start_locked_billed_miss: 'Нельзя изменить дату, когда установлен статус «Оплаченный пропуск».',
  evaluation_not_found: 'Оценка не найдена.',
};
