import type { Translation } from '../translation.types';

export const limits: Translation['limits'] = {
  botTokens: 'Слишком много запросов ссылок для подключения бота. Попробуйте снова через {{seconds}} с.',
  openUploads: 'У вас уже {{max}} незавершённых загрузок. Завершите или отмените одну из них.',
  openUploadBytes: 'Незавершённые загрузки превысили бы {{mb}} МБ. Завершите или отмените одну из них.',
};
