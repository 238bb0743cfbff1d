import type { Translation } from '../translation.types';

/** The staff app without a connection to the server (issue 34): the banner and the empty states. */
export const offline: Translation['offline'] = {
  banner: 'Нет соединения с {{since}}. Данные на {{asOf}}.',
  bannerNoData: 'Нет соединения с {{since}}. Сохранённых данных нет.',
  backOnline: 'Соединение восстановлено',
  retry: 'Проверить сейчас',
  notLoaded: 'Не загружено, пока была связь',
  notLoadedHint:
    'Эти данные не открывали, пока было соединение. Они появятся, как только сервер станет доступен.',
};
