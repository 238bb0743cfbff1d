/** Повідомлення в чаті заняття: the desktop app's notification of a new chat message in a study the user teaches. */
export const desktopNotifications = {
  messageTitle: '{{sender}} · заняття {{date}}',
  /** When the author's name is hidden from the reader. */
  someone: 'Нове повідомлення',
};
