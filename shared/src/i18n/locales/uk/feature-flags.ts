/** The Administrator's feature flags in the staff settings (spec part 1 §4). */
export const featureFlags = {
  title: 'Функції школи',
  hint: 'Змінювати може лише адміністратор; зміна діє для всіх користувачів.',
  on: 'Увімкнено',
  off: 'Вимкнено',
  saved: 'Збережено: {{name}} — {{state}}',
  names: {
    recordings_uploader_enabled: 'Окремий сервіс завантаження записів',
  },
  descriptions: {
    recordings_uploader_enabled: 'Записи занять надсилаються до сервісу завантаження, а не до API. Вмикайте, лише коли сервіс запущено.',
  },
};
