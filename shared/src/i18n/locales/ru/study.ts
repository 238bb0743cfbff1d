import type { Translation } from '../translation.types';

export const calendar: Translation['calendar'] = {
  selectUser: 'Выберите пользователя в списке выше, чтобы загрузить расписание.',
  numberOfHours: 'Количество часов',
  timeReserved: 'Время зарезервировано',
  transferMode: 'Режим переноса',
  markers: { last: 'Последнее!', trial: 'Пробное!', one: 'Одно!' },
};

export const recordings: Translation['recordings'] = {
  file_duplicate: 'Файл с таким названием уже добавлен.',
  file_too_large: 'Файл слишком большой. Максимальный размер — {{maxSize}}.',
  file_must_be_video: 'Файл должен быть видео.',
  file_not_selected: 'Файл не выбран.',
  saved: 'Записи успешно сохранены.',
  miss_status_blocked: 'Нельзя загрузить запись, когда установлен статус пропуска.',
  user_not_allowed:
    'Загружать, заменять и удалять записи могут только администратор, менеджер и преподаватель этого занятия.',
  invalid_metadata: 'Список записей отправлен с ошибкой. Обновите страницу и попробуйте ещё раз.',
  too_short: 'Видео слишком короткое: не меньше {{seconds}} с.',
  archived_read_only: 'Архивная запись доступна только для просмотра.',
  list_changed: 'Записи этого занятия только что изменились. Обновите список и сохраните ещё раз.',
  upload_not_found: 'Загрузка не найдена или устарела. Выберите файл ещё раз.',
  upload_incomplete: 'Файл ещё не загружен полностью.',
  probe_failed: 'Сервер не смог проверить видео. Попробуйте позже.',
};

export const reports: Translation['reports'] = {
  miss_status_blocked: 'Нельзя написать отчёт, когда установлен статус пропуска.',
};

export const missStatus: Translation['missStatus'] = {
  0: 'Нет',
  1: 'Ученик не пришёл',
  2: 'Оплачиваемый пропуск',
  billedMissLocksDate: 'Нельзя изменить дату, когда установлен статус «Оплачиваемый пропуск».',
};

export const transfer: Translation['transfer'] = {
  too_late: 'Занятие можно перенести не позднее чем за сутки до его начала.',
  not_allowed: 'Это занятие нельзя перенести.',
  slot_unavailable: 'Выбранное время недоступно.',
};

export const notify: Translation['notify'] = {
  send: 'Отправить уведомление',
  success: {
    toastTitle: 'Уведомление отправлено',
    toastMessage: 'Ученик получит сообщение в мессенджере.',
  },
  failed: 'Не удалось отправить сообщение.',
};
