/**
 * Refusals of the write safeguards every write route has (issue 34, docs/api.md "Offline writes"):
 * Idempotency-Key and If-Match. Only the server says them (the staff app's queue sends those
 * headers), so the family app does not bundle them.
 */
export const writeGuards = {
  idempotency_key_invalid: 'Заголовок Idempotency-Key має містити від 1 до 200 видимих символів ASCII.',
  idempotency_key_reused:
    'Цей ключ ідемпотентності вже використано для іншого запиту. Надішліть новий запит з новим ключем.',
  idempotency_in_progress: 'Цей запит ще виконується. Спробуйте ще раз за кілька секунд.',
  if_match_invalid: 'Заголовок If-Match має містити версію запису, отриману від сервера.',
  version_conflict: 'Запис змінився, поки ви його редагували. Порівняйте свою версію з поточною.',
};
