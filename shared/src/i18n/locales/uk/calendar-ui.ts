/**
 * Texts of the home calendar, the study event modal, the user picker and the user dropdown
 * (staff app; the notices and legend are shared with the family web).
 */
export const calendarUi = {
  notices: {
    missingReport: 'Немає звіту',
    missingTopic: 'Немає теми',
    missingRecording: 'Немає запису',
    unreadMessages: 'Нове повідомлення',
  },
  legend: {
    default: 'Оплачене',
    unpaid: 'Не оплачене',
    last: 'Останнє в абонементі',
    noSubscriptions: 'Без абонемента',
    trial: 'Пробне',
    bonus: 'Бонусне',
    reserved: 'Зарезервовано',
    work: 'Робочий час',
    off: 'Вихідні',
    offWarning: 'Скоро вихідні',
  },
  picker: {
    label: 'Розклад користувача',
    placeholder: 'Виберіть користувача…',
    me: '{{name}} (я)',
    loading: 'Завантаження списку…',
    openWindow: 'Відкрити в окремому вікні',
  },
  toolbar: {
    prev: 'Назад',
    next: 'Далі',
    today: 'Сьогодні',
    years: 'Роки',
    year: 'Рік',
    month: 'Місяць',
    week: 'Тиждень',
    day: 'День',
    refresh: 'Оновити',
    hide: 'Сховати',
    show: 'Показати',
    hideHint: 'Сховати або показати робочий час і вихідні',
    liveOn: 'Зміни з’являються одразу',
    liveOff: 'Оновлення щохвилини',
  },
  editStudy: 'Відкрити в таблиці занять',
  freeSlotHint: 'Натисніть на вільний робочий час, щоб створити пробне заняття',
  modal: {
    title: 'Заняття №{{id}}',
    inProgress: 'Триває зараз',
    participants: 'Учасники',
    responsibles: 'Відповідальні',
    phoneTypes: { 1: 'мобільний', 2: 'домашній', 3: 'робочий' },
    responsibleTypes: { 1: 'Мама', 2: 'Тато', 3: 'Син', 4: 'Донька' },
    noContacts: 'Контактів немає',
    meeting: 'Посилання на зустріч',
    notify: 'Надіслати нагадування',
    comment: 'Коментар',
    commentPlaceholder: 'Внутрішній коментар для персоналу',
    missStatus: 'Статус пропуску',
    missStatusLocked: 'Статус «Оплачуваний пропуск» може змінити лише адміністратор або менеджер.',
    save: 'Зберегти',
    close: 'Закрити',
    saved: 'Зміни збережено',
    homework: 'Домашнє завдання',
    messages: 'Повідомлення',
    recordings: 'Записи уроку',
    reports: 'Звіти',
    writeReport: 'Написати звіт',
    editReport: 'Редагувати звіт',
    previousReport: 'Попередній звіт',
    noPreviousReport: 'Попереднього звіту немає.',
    comesLater: 'Цей розділ з’явиться незабаром.',
    notFound: 'Заняття не знайдено. Можливо, його вже видалено.',
  },
  notify: {
    unavailable: 'Нагадування в месенджери ще недоступні: ботів Telegram і Viber ще не підключено.',
    network: 'Сервер не відповідає. Перевірте з’єднання і спробуйте ще раз.',
  },
  role: {
    impersonated: 'Чужа роль',
    switched: 'Тепер ви працюєте як {{role}}',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape the other languages fill: Ukrainian is the reference. */
export type CalendarUiTexts = Texts<typeof calendarUi>;
