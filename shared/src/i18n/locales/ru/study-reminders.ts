import type { Translation } from '../translation.types';

/** Study reminders and the teachers' morning digest (issue 18 point 4): what the bots write, the settings. */
export const studyReminders: Translation['studyReminders'] = {
  messages: {
    student: 'Напоминание: занятие {{date}} в {{time}} (по киевскому времени).',
    responsible: 'Напоминание: {{name}} — занятие {{date}} в {{time}} (по киевскому времени).',
    digest: 'Доброе утро! Ваши занятия сегодня, {{date}}:\n{{lessons}}',
  },
  settings: {
    title: 'Напоминания о занятиях',
    offsets: 'Напоминать за (минут до начала, через запятую)',
    digestEnabled: 'Утренний список занятий преподавателям',
    digestTime: 'Время утреннего списка (Киев)',
    saved: 'Настройки напоминаний сохранены',
  },
};
