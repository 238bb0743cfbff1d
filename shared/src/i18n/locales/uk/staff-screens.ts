/** Issue 29 in the staff app: protected rows, table totals, bot links for others, report pickers, transfer. */
export const staffScreens = {
  deleteProtected: 'Цей запис захищено від видалення',
  totalOfAllRows: '(усі відфільтровані записи: {{count}})',
  totalOfThisPage: '(лише записи цієї сторінки)',
  reportPicker: {
    study: 'Заняття',
    studySearch: 'Ім’я учня та/або дата (дд.мм.рррр)',
    studyHint: 'Ваші заняття, що вже почалися; з датою — заняття того дня.',
    student: 'Учень',
    noStudents: 'без учнів',
    next: 'Далі',
  },
  bots: {
    copyLink: 'Скопіювати посилання для підключення {{type}}',
    connected: '{{type}} підключено',
    title: 'Боти',
  },
  transfer: {
    mode: 'Перенесення',
    modeHint: 'Режим перенесення: клацніть майбутнє заняття, щоб вибрати для нього вільний час викладача.',
    notAllowed: 'Це заняття ви не можете перенести.',
    free: 'Вільно',
    now: 'Зараз: {{time}}',
    window: 'Новий час: з {{from}} до {{to}} включно.',
    noSlots: 'Цього тижня вільного часу викладача немає. Перегляньте інший тиждень.',
    confirmFrom: 'Було',
    confirmTo: 'Стане',
    save: 'Перенести',
    done: 'Заняття перенесено на {{time}}.',
  },
};
