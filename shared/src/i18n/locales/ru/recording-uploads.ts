import type { Translation } from '../translation.types';

export const recordingUploads: Translation['recordingUploads'] = {
  user_not_allowed: 'Вы не можете загружать записи в это занятие.',
  duplicate_file: 'Файл с таким названием уже есть в этом занятии.',
  too_short: 'Запись слишком короткая.',
  user_validation_failed: 'Не удалось подтвердить пользователя. Войдите снова и повторите попытку.',
  study_fetch_failed: 'Не удалось найти занятие.',
  existing_fetch_failed: 'Не удалось прочитать имеющиеся записи занятия.',
  metadata_write_failed: 'Не удалось сохранить данные записей.',
  file_access_failed: 'Не удалось прочитать полученный файл.',
  upload_failed: 'Не удалось сохранить файл.',
  existing_download_failed: 'Файл записи, которую вы заменяете, не найден.',
  session_move_failed: 'Не удалось завершить загрузку файла.',
  server_configuration: 'Сервис загрузки настроен неправильно. Обратитесь к администратору.',
  uploader_disabled: 'Сервис загрузки записей выключен.',
  study_mismatch: 'Данные запроса относятся к другому занятию, чем токен.',
};
