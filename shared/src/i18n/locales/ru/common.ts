import type { Translation } from '../translation.types';

export const app: Translation['app'] = {
  name: 'Школа онлайн',
  titleSeparator: ' | ',
};

export const common: Translation['common'] = {
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
  areYouSure: 'Вы уверены?',
  add: 'Добавить',
  edit: 'Редактировать',
  close: 'Закрыть',
  logout: 'Выйти',
  settings: 'Настройки',
  profile: 'Профиль',
  language: 'Язык',
  today: 'Сегодня',
  refresh: 'Обновить',
  hide: 'Скрыть',
  unpaid: 'Не оплачено',
  yes: 'Да',
  no: 'Нет',
  all: 'Все',
  notAvailable: 'Н/Д',
  deleted: 'УДАЛЕНО',
  loading: 'Загрузка…',
  search: 'Поиск',
  total: 'Всего',
  success: 'Успешно',
  error: 'Ошибка',
};

export const roles: Translation['roles'] = {
  1: 'Администратор',
  2: 'Менеджер',
  3: 'Преподаватель',
  4: 'Ученик',
  5: 'Ответственное лицо',
  6: 'Лид',
  7: 'Методист',
  8: 'Гость',
};

export const languages: Translation['languages'] = {
  uk: 'Українська',
  ru: 'Русский',
  en: 'English',
};
