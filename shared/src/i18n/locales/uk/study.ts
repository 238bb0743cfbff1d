export const calendar = {
  selectUser: 'Виберіть користувача в списку вище, щоб завантажити розклад.',
  numberOfHours: 'Кількість годин',
  timeReserved: 'Час зарезервовано',
  transferMode: 'Режим перенесення',
  markers: { last: 'Останнє!', trial: 'Пробне!', one: 'Одне!' },
};

export const recordings = {
  file_duplicate: 'Файл із такою назвою вже додано.',
  file_too_large: 'Файл завеликий. Максимальний розмір — {{maxSize}}.',
  file_must_be_video: 'Файл має бути відео.',
  file_not_selected: 'Файл не вибрано.',
  saved: 'Записи успішно збережено.',
  miss_status_blocked: 'Не можна завантажити запис, коли встановлено статус пропуску.',
};

export const reports = {
  miss_status_blocked: 'Не можна написати звіт, коли встановлено статус пропуску.',
};

export const missStatus = {
  0: 'Немає',
  1: 'Учень не прийшов',
  2: 'Оплачуваний пропуск',
  billedMissLocksDate: 'Не можна змінити дату, коли встановлено статус «Оплачуваний пропуск».',
};

export const transfer = {
  too_late: 'Заняття можна перенести не пізніше ніж за добу до його початку.',
  not_allowed: 'Це заняття не можна перенести.',
  slot_unavailable: 'Вибраний час недоступний.',
};

export const notify = {
  send: 'Надіслати сповіщення',
  success: {
    toastTitle: 'Сповіщення надіслано',
    toastMessage: 'Учень отримає повідомлення в месенджері.',
  },
  failed: 'Не вдалося надіслати повідомлення.',
};
