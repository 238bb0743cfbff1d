/** A message in a lesson chat: the desktop app's notification of a new chat message in a study the user teaches. */
export const desktopNotifications = {
  messageTitle: '{{sender}} · lesson of {{date}}',
  /** When the author's name is hidden from the reader. */
  someone: 'New message',
};
