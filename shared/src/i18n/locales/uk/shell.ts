/** Texts of the client shells (sign-in pages, navigation shell). */
export const ui = {
  auth: {
    loginSubtitle: 'Увійдіть, щоб побачити розклад занять',
    staffLoginSubtitle: 'Робочий простір викладачів і адміністрації',
    resetSubtitle: 'Придумайте новий пароль',
  },
  shell: {
    signedInAs: 'Ви увійшли як',
    children: 'Діти',
    noChildren: 'Дітей ще не додано',
    administration: 'Адміністрування',
    greeting: 'Вітаємо, {{name}}!',
  },
  settings: {
    passwordTitle: 'Зміна пароля',
    passwordHint: 'Пароль має містити щонайменше {{min}} символів.',
    languageTitle: 'Мова інтерфейсу',
    languageHint: 'Те саме, що й перемикач мови на верхній панелі.',
    messengersTitle: 'Telegram і Viber',
  },
  profile: {
    manager: 'Менеджер',
    sex: 'Стать',
    birthdate: 'Дата народження',
    languages: 'Мови',
    classes: 'Класи',
    teachingFormats: 'Формати навчання',
    teachingStyles: 'Стилі викладання',
    studyTypes: 'Типи занять',
    programs: 'Програми',
    notes: 'Нотатки',
    sexes: { unknown: 'Невідомо', male: 'Чоловіча', female: 'Жіноча' },
    loadFailed: 'Не вдалося завантажити профіль.',
    notTeacher: 'Профіль є лише у викладачів.',
  },
};
