import type { Translation } from '../translation.types';

export const nav: Translation['nav'] = {
  home: 'Календарь',
  users: 'Пользователи',
  contracts: 'Договоры',
  subscriptions: 'Абонементы',
  invoices: 'Счета',
  studies: 'Занятия',
  schedules: 'Расписания',
  studyReports: 'Отчёты',
  analytics: 'Аналитика',
  teachers: 'Преподаватели',
  profile: 'Профиль',
  settings: 'Настройки',
  logout: 'Выйти',
  switchRole: 'Сменить роль',
  restoreRole: 'Вернуть свою роль',
};

export const titles: Translation['titles'] = {
  login: 'Вход',
  forgotPassword: 'Забыли пароль',
  resetPassword: 'Восстановление пароля',
  home: 'Календарь',
  users: 'Пользователи',
  contracts: 'Договоры',
  subscriptions: 'Абонементы',
  invoices: 'Счета',
  studies: 'Занятия',
  schedules: 'Расписания',
  studyReports: 'Отчёты',
  analytics: 'Аналитика',
  teachers: 'Преподаватели',
  profile: 'Профиль',
  settings: 'Настройки',
  payments: 'Оплата',
  imports: 'Импорт',
};
