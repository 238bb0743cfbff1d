import type { Translation } from '../translation.types';

/** Messenger bots: what the bots write and the settings buttons (spec part 2 §2, §7, §8). */
export const bots: Translation['bots'] = {
  messages: {
    connected: 'Бот подключён: теперь вы будете получать здесь уведомления школы.',
  },
  settings: {
    connectTelegram: 'Подключить Telegram',
    connectViber: 'Подключить Viber',
    disconnectTelegram: 'Отключить Telegram',
    disconnectViber: 'Отключить Viber',
    connected: 'Подключено',
    linkHint: 'Кнопка «Подключить» копирует ссылку на бота: откройте её на телефоне, и бот подключится.',
  },
  toasts: {
    successTitle: 'Успех',
    errorTitle: 'Ошибка',
    linkCopied: 'Ссылка для {{type}} скопирована в буфер',
    linkNotCopied: 'Ссылка для {{type}} не скопирована в буфер',
    connected: '{{type}} успешно подключён',
    disconnected: '{{type}} отключён',
  },
};
