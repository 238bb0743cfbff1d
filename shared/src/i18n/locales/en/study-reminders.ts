import type { Translation } from '../translation.types';

/** Study reminders and the teachers' morning digest (issue 18 point 4): what the bots write, the settings. */
export const studyReminders: Translation['studyReminders'] = {
  messages: {
    student: 'Reminder: lesson on {{date}} at {{time}} (Kyiv time).',
    responsible: 'Reminder: {{name}} has a lesson on {{date}} at {{time}} (Kyiv time).',
    digest: 'Good morning! Your lessons today, {{date}}:\n{{lessons}}',
  },
  settings: {
    title: 'Lesson reminders',
    offsets: 'Remind (minutes before the start, comma-separated)',
    digestEnabled: 'Morning list of lessons for teachers',
    digestTime: 'Morning list time (Kyiv)',
    saved: 'Reminder settings saved',
  },
};
