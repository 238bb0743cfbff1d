/** Texts of the desktop app's own screens (first run) and its window controls. */
export const desktopShell = {
  openInNewWindow: 'Відкрити в новому вікні',
  firstRun: {
    title: 'Адреса сервера школи',
    hint: 'Вкажіть адресу, яку дав адміністратор школи. Її буде збережено, і наступного разу застосунок відкриється одразу.',
    label: 'Адреса сервера',
    save: 'Зберегти й продовжити',
    invalid: 'Введіть адресу, що починається з http:// або https://',
  },
};
