import type { Translation } from '../translation.types';

/** The family web's profile page (spec part 1 §1: students and parents see their profile). */
export const familyProfile: Translation['familyProfile'] = {
  about: 'Обо мне',
  name: 'Имя',
  role: 'Роль',
  birthdate: 'Дата рождения',
  classes: 'Класс',
  email: 'Электронная почта',
  phones: 'Телефоны',
  none: 'Не указано',
  children: 'Дети',
  noChildren: 'К вашей учётной записи ещё не добавлены дети.',
  inactive: 'неактивен',
  classOf: 'Класс: {{numbers}}',
  teachers: 'Преподаватели',
  noTeachers: 'За последние 60 дней и далее занятий с преподавателями нет.',
  teaches: 'Учит: {{names}}',
  meetingLinks: 'Ссылки на встречу',
  noLinks: 'Преподаватель ещё не добавил ссылок на встречу.',
  messengers: 'Telegram и Viber',
  changeTitle: 'Как изменить данные',
  changeText:
    'Ваши данные (имя, контакты, дети) меняет менеджер школы. Пароль и язык интерфейса вы меняете сами в настройках.',
  toSettings: 'Открыть настройки',
  loadFailed: 'Не удалось загрузить профиль.',
  retry: 'Попробовать ещё раз',
};
