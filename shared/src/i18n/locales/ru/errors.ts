import type { Translation } from '../translation.types';

export const errors: Translation['errors'] = {
  bad_multipart: 'Форма отправлена в повреждённом виде.',
  overlap: 'Это время уже занято другим занятием.',
  unsupported_media_type: 'Такой формат тела запроса не поддерживается.',
  unsupported_encoding: 'Такое сжатие тела запроса (Content-Encoding) не поддерживается.',
  bad_encoding: 'Тело запроса не соответствует заявленному сжатию (Content-Encoding).',
  files_not_accepted: 'Этот адрес не принимает файлов.',
  unauthenticated: 'Необходимо войти в систему.',
  forbidden: 'У вас нет прав на это действие.',
  not_found: 'Запись не найдена.',
  route_not_found: 'Такого адреса нет.',
  csrf: 'Запрос отклонён: отсутствует заголовок X-Requested-With.',
  payload_too_large: 'Слишком большой запрос.',
  bad_request: 'Неверный запрос.',
  throttled: 'Слишком много попыток. Повторите через {{seconds}} с.',
  conflict: 'Это время уже занято. Обновите данные и попробуйте ещё раз.',
  server_error: 'На сервере произошла ошибка. Попробуйте позже.',
  service_unavailable: 'Сервер временно недоступен. Попробуйте ещё раз через несколько секунд.',
  invalid_json: 'Тело запроса не является правильным JSON.',
  json_not_object: 'Тело запроса должно быть JSON-объектом.',
  validation: 'Проверьте правильность заполнения полей.',
  credentials: 'Неверная электронная почта или пароль.',
  reset_token_invalid: 'Ссылка для восстановления пароля недействительна или устарела.',
  password_current_wrong: 'Текущий пароль указан неверно.',
  user_protected: 'Этого пользователя нельзя удалить.',
  role_not_grantable: 'Вы не можете назначить эту роль.',
  account_not_manageable: 'Вы не можете изменять или удалять учётную запись администратора.',
  own_role_change: 'Вы не можете изменить собственную роль.',
  delete_restricted: 'Запись нельзя удалить, так как с ней связаны другие данные.',
  download_failed: 'Не удалось скачать файл.',
  clipboard_failed: 'Не удалось скопировать в буфер обмена.',
};

export const errorUnknown: Translation['errorUnknown'] = {
  toastTitle: 'Произошла ошибка',
  toastMessage: 'Неизвестная ошибка. Пожалуйста, обратитесь к разработчику.',
};
