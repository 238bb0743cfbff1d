import type { Translation } from '../translation.types';

export const auth: Translation['auth'] = {
  login: {
    title: 'Вход',
    email: 'Электронная почта',
    password: 'Пароль',
    remember: 'Запомнить меня',
    submit: 'Войти',
    forgot: 'Забыли пароль?',
  },
  forgot: {
    title: 'Восстановление пароля',
    hint: 'Укажите электронную почту, и мы отправим ссылку для восстановления пароля.',
    submit: 'Отправить ссылку',
    backToLogin: 'Вернуться ко входу',
  },
  reset: {
    title: 'Новый пароль',
    password: 'Новый пароль',
    passwordConfirmation: 'Подтверждение пароля',
    submit: 'Сменить пароль',
  },
  change: {
    title: 'Смена пароля',
    currentPassword: 'Текущий пароль',
    newPassword: 'Новый пароль',
    newPasswordConfirmation: 'Подтверждение нового пароля',
    submit: 'Сменить пароль',
  },
  resetLinkSent: 'Если такой адрес есть в системе, мы отправили на него ссылку для восстановления пароля.',
  passwordChanged: 'Пароль успешно изменён',
  passwordReset: 'Пароль изменён, вы вошли в систему.',
  loggedOut: 'Вы вышли из системы.',
  resetMail: {
    subject: 'Восстановление пароля',
    text: 'Чтобы задать новый пароль, откройте ссылку (действует {{minutes}} мин):\n{{link}}\n\nЕсли вы не просили восстановить пароль, просто проигнорируйте это письмо.',
  },
};
