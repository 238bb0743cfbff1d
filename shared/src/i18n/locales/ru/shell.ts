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
    comingSoon: 'Этот раздел скоро появится',
    administration: 'Администрирование',
    greeting: 'Здравствуйте, {{name}}!',
  },
};
