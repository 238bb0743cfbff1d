/** Сообщение в чате занятия: the desktop app's notification of a new chat message in a study the user teaches. */
export const desktopNotifications = {
  messageTitle: '{{sender}} · занятие {{date}}',
  /** When the author's name is hidden from the reader. */
  someone: 'Новое сообщение',
};
