/** The recordings upload service's answers (spec part 2 §8 codes) and the token it takes. */
export const recordingUploads = {
  user_not_allowed: 'Ви не можете завантажувати записи до цього заняття.',
  duplicate_file: 'Файл із такою назвою вже є в цьому занятті.',
  too_short: 'Запис закороткий.',
  user_validation_failed: 'Не вдалося підтвердити користувача. Увійдіть знову та повторіть спробу.',
  study_fetch_failed: 'Не вдалося знайти заняття.',
  existing_fetch_failed: 'Не вдалося прочитати наявні записи заняття.',
  metadata_write_failed: 'Не вдалося зберегти дані записів.',
  file_access_failed: 'Не вдалося прочитати отриманий файл.',
  upload_failed: 'Не вдалося зберегти файл.',
  existing_download_failed: 'Файл запису, який ви замінюєте, не знайдено.',
  session_move_failed: 'Не вдалося завершити завантаження файлу.',
  server_configuration: 'Сервіс завантаження налаштовано неправильно. Зверніться до адміністратора.',
  uploader_disabled: 'Сервіс завантаження записів вимкнено.',
  study_mismatch: 'Дані запиту стосуються іншого заняття, ніж токен.',
};
