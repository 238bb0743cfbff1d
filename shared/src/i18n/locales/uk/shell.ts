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
    comingSoon: 'Цей розділ незабаром з\'явиться',
    administration: 'Адміністрування',
    greeting: 'Вітаємо, {{name}}!',
  },
};
