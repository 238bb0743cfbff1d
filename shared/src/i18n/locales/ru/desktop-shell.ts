import type { Translation } from '../translation.types';

export const desktopShell: Translation['desktopShell'] = {
  openInNewWindow: 'Открыть в новом окне',
  firstRun: {
    title: 'Адрес сервера школы',
    hint: 'Укажите адрес, который дал администратор школы. Он будет сохранён, и в следующий раз приложение откроется сразу.',
    label: 'Адрес сервера',
    save: 'Сохранить и продолжить',
    invalid: 'Введите адрес, начинающийся с http:// или https://',
  },
};
