/**
 * Refusals of the write safeguards every write route has (issue 34, docs/api.md "Offline writes"):
 * Idempotency-Key and If-Match. Only the server says them (the staff app's queue sends those
 * headers), so the family app does not bundle them.
 */
export const writeGuards = {
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  idempotency_key_reused:
    'This idempotency key was already used for another request. Send the new request with a new key.',
  idempotency_in_progress: 'This request is still running. Please try again in a few seconds.',
  if_match_invalid: 'The If-Match header must hold a version of the record the server sent.',
  version_conflict:
    'The record changed while you were editing it. Compare your version with the current one.',
};
