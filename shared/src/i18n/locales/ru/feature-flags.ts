import type { Translation } from '../translation.types';

/** The Administrator's feature flags in the staff settings (spec part 1 §4). */
export const featureFlags: Translation['featureFlags'] = {
  title: 'Функции школы',
  hint: 'Менять может только администратор; изменение действует для всех пользователей.',
  on: 'Включено',
  off: 'Выключено',
  saved: 'Сохранено: {{name}} — {{state}}',
  templates: {
    title: 'Шаблоны договоров (.docx)',
    hint: 'Загрузите собственный бланк договора в формате .docx: договоры по этому шаблону будут скачиваться заполненными. Без бланка печатается договор, который формирует программа.',
    none: 'Бланк не загружен',
    upload: 'Загрузить .docx',
    replace: 'Заменить',
    remove: 'Удалить бланк',
    uploaded: 'Бланк «{{name}}» сохранён для шаблона «{{template}}»',
    removed: 'Бланк шаблона «{{template}}» удалён',
    placeholders: 'Поля, которые можно вставить в бланк',
  },
  names: {
    recordings_uploader_enabled: 'Отдельный сервис загрузки записей',
    student_payments_enabled: 'Онлайн-оплата учениками',
  },
  descriptions: {
    recordings_uploader_enabled:
      'Записи занятий отправляются в сервис загрузки, а не в API. Включайте, только когда сервис запущен.',
    student_payments_enabled:
      'Ученики могут сами оплачивать свои счета онлайн (кнопка «Оплатить» на странице «Оплаты»).',
  },
};
