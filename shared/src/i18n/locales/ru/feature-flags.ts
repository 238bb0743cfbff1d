import type { Translation } from '../translation.types';

/** The Administrator's feature flags in the staff settings (spec part 1 §4). */
export const featureFlags: Translation['featureFlags'] = {
  title: 'Функции школы',
  hint: 'Менять может только администратор; изменение действует для всех пользователей.',
  on: 'Включено',
  off: 'Выключено',
  saved: 'Сохранено: {{name}} — {{state}}',
  names: {
    recordings_uploader_enabled: 'Отдельный сервис загрузки записей',
  },
  descriptions: {
    recordings_uploader_enabled: 'Записи занятий отправляются в сервис загрузки, а не в API. Включайте, только когда сервис запущен.',
  },
};
