/** Study reminders and the teachers' morning digest (issue 18 point 4): what the bots write, the settings. */
export const studyReminders = {
  messages: {
    student: 'Нагадування: заняття {{date}} о {{time}} (за київським часом).',
    responsible: 'Нагадування: {{name}} має заняття {{date}} о {{time}} (за київським часом).',
    digest: 'Доброго ранку! Ваші заняття сьогодні, {{date}}:\n{{lessons}}',
  },
  settings: {
    title: 'Нагадування про заняття',
    offsets: 'Нагадувати за (хвилин до початку, через кому)',
    digestEnabled: 'Ранковий список занять викладачам',
    digestTime: 'Час ранкового списку (Київ)',
    saved: 'Налаштування нагадувань збережено',
  },
};
