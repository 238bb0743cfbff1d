/** Messenger bots: what the bots write and the settings buttons (spec part 2 §2, §7, §8). */
export const bots = {
  messages: {
    connected: 'Бота підключено: тепер ви отримуватимете тут сповіщення школи.',
  },
  settings: {
    connectTelegram: 'Підключити Telegram',
    connectViber: 'Підключити Viber',
    disconnectTelegram: 'Відключити Telegram',
    disconnectViber: 'Відключити Viber',
    connected: 'Підключено',
    linkHint: 'Кнопка «Підключити» копіює посилання на бота: відкрийте його на телефоні, і бот підключиться.',
  },
  toasts: {
    successTitle: 'Успіх',
    errorTitle: 'Помилка',
    linkCopied: 'Посилання для {{type}} скопійовано в буфер',
    linkNotCopied: 'Посилання для {{type}} не скопійовано в буфер',
    connected: '{{type}} успішно підключено',
    disconnected: '{{type}} відключено',
  },
};
