export const app = {
  name: 'Школа онлайн',
  titleSeparator: ' | ',
};

export const common = {
  save: 'Зберегти',
  cancel: 'Скасувати',
  delete: 'Видалити',
  areYouSure: 'Ви впевнені?',
  add: 'Додати',
  edit: 'Редагувати',
  close: 'Закрити',
  logout: 'Вийти',
  settings: 'Налаштування',
  profile: 'Профіль',
  language: 'Мова',
  today: 'Сьогодні',
  refresh: 'Оновити',
  hide: 'Приховати',
  unpaid: 'Не оплачено',
  yes: 'Так',
  no: 'Ні',
  all: 'Усі',
  notAvailable: 'Н/Д',
  deleted: 'ВИДАЛЕНО',
  loading: 'Завантаження…',
  search: 'Пошук',
  total: 'Усього',
  success: 'Успішно',
  error: 'Помилка',
};

export const roles = {
  1: 'Адміністратор',
  2: 'Менеджер',
  3: 'Викладач',
  4: 'Учень',
  5: 'Відповідальна особа',
  6: 'Лід',
  7: 'Методист',
  8: 'Гість',
};

export const languages = {
  uk: 'Українська',
  ru: 'Русский',
  en: 'English',
};
