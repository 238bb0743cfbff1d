/** Texts of the client shells (sign-in pages, navigation shell). */
export const ui = {
  auth: {
    loginSubtitle: 'Войдите, чтобы увидеть расписание занятий',
    staffLoginSubtitle: 'Рабочее пространство преподавателей и администрации',
    resetSubtitle: 'Придумайте новый пароль',
  },
  shell: {
    signedInAs: 'Вы вошли как',
    children: 'Дети',
    noChildren: 'Детей ещё не добавили',
    administration: 'Администрирование',
    greeting: 'Здравствуйте, {{name}}!',
  },
  settings: {
    passwordTitle: 'Смена пароля',
    passwordHint: 'Пароль должен содержать не менее {{min}} символов.',
    languageTitle: 'Язык интерфейса',
    languageHint: 'То же, что и переключатель языка на верхней панели.',
    messengersTitle: 'Telegram и Viber',
  },
  profile: {
    manager: 'Менеджер',
    sex: 'Пол',
    birthdate: 'Дата рождения',
    languages: 'Языки',
    classes: 'Классы',
    teachingFormats: 'Форматы обучения',
    teachingStyles: 'Стили преподавания',
    studyTypes: 'Типы занятий',
    programs: 'Программы',
    notes: 'Заметки',
    sexes: { unknown: 'Неизвестно', male: 'Мужской', female: 'Женский' },
    loadFailed: 'Не удалось загрузить профиль.',
    notTeacher: 'Профиль есть только у преподавателей.',
  },
};
