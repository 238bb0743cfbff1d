/**
 * Refusals of the write safeguards every write route has (issue 34, docs/api.md "Offline writes"):
 * Idempotency-Key and If-Match. Only the server says them (the staff app's queue sends those
 * headers), so the family app does not bundle them.
 */
export const writeGuards = {
  idempotency_key_invalid: 'Заголовок Idempotency-Key должен содержать от 1 до 200 видимых символов ASCII.',
  idempotency_key_reused:
    'Этот ключ идемпотентности уже использован для другого запроса. Отправьте новый запрос с новым ключом.',
  idempotency_in_progress: 'Этот запрос ещё выполняется. Попробуйте ещё раз через несколько секунд.',
  if_match_invalid: 'Заголовок If-Match должен содержать версию записи, полученную от сервера.',
  version_conflict: 'Запись изменилась, пока вы её редактировали. Сравните свою версию с текущей.',
};
