/** Texts of the family web (students and parents): shell, calendar, study modal, transfer, settings. */
export const family = {
  shell: {
    calendar: 'Календар',
    settings: 'Налаштування',
    payments: 'Оплата',
    account: 'Обліковий запис',
    staffTitle: 'Цей застосунок для учнів і батьків',
    staffText: 'Працівники школи працюють у робочому застосунку.',
    staffLink: 'Відкрити робочий застосунок',
  },
  picker: {
    label: 'Чий розклад показати',
    noChildren:
      'До вашого облікового запису ще не додано жодної активної дитини. Зверніться до менеджера школи.',
  },
  calendar: {
    previous: 'Назад',
    next: 'Далі',
    views: 'Вигляд календаря',
    loadFailed: 'Не вдалося завантажити розклад.',
    retry: 'Спробувати ще раз',
    empty: 'У цьому періоді занять немає.',
    live: 'Зміни з’являються одразу',
    polling: 'Оновлюється щохвилини',
  },
  study: {
    title: 'Заняття',
    time: 'Час',
    type: 'Тип заняття',
    participants: 'Учасники',
    teachers: 'Викладачі',
    noTeacher: 'Викладача ще не призначено',
    close: 'Закрити',
    gone: 'Цього заняття вже немає в розкладі.',
    openFailed: 'Не вдалося відкрити заняття. Перевірте з’єднання і спробуйте ще раз.',
    transfer: 'Перенести заняття',
    transferHint: 'Перенести можна не пізніше ніж за добу до початку.',
    sections: {
      homework: 'Домашнє завдання',
      messages: 'Повідомлення',
      reports: 'Звіти викладача',
      recordings: 'Записи уроку',
    },
  },
  transfer: {
    title: 'Перенесення заняття',
    now: 'Зараз: {{time}}',
    hint: 'Виберіть вільний час викладача. Зелені клітинки — вільні.',
    window: 'Доступно з {{from}} до {{to}}',
    free: 'Вільно',
    current: 'Це заняття',
    noSlots: 'Цього тижня вільного часу немає. Перегляньте інший тиждень.',
    loading: 'Шукаємо вільний час…',
    back: 'Назад до заняття',
    confirmTitle: 'Перенести заняття?',
    confirmFrom: 'Було',
    confirmTo: 'Стане',
    confirm: 'Перенести',
    cancel: 'Скасувати',
    saving: 'Переносимо…',
    done: 'Заняття перенесено на {{time}}',
    legendFree: 'Вільний час викладача',
    legendOff: 'Викладач не працює',
  },
  settings: {
    passwordTitle: 'Зміна пароля',
    passwordHint: 'Пароль має містити щонайменше {{min}} символів.',
    languageTitle: 'Мова інтерфейсу',
    languageHint: 'Вибір запам’ятовується в цьому браузері.',
    messengersTitle: 'Сповіщення в Telegram і Viber',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape the other languages fill: Ukrainian is the reference. */
export type FamilyTexts = Texts<typeof family>;
