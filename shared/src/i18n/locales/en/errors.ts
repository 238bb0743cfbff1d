import type { Translation } from '../translation.types';

export const errors: Translation['errors'] = {
  bad_multipart: 'The form arrived damaged.',
  overlap: 'This time is already taken by another study.',
  unsupported_media_type: 'This request body format is not supported.',
  unsupported_encoding: 'This request body compression (Content-Encoding) is not supported.',
  bad_encoding: 'The request body does not match its declared compression (Content-Encoding).',
  files_not_accepted: 'This address does not take files.',
  unauthenticated: 'Please sign in.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found.',
  route_not_found: 'There is no such address.',
  csrf: 'Request refused: the X-Requested-With header is missing.',
  payload_too_large: 'The request is too large.',
  headers_too_large: 'The request address or its headers are too long.',
  request_timeout: 'The request took too long to arrive.',
  bad_request: 'Bad request.',
  throttled: 'Too many attempts. Please try again in {{seconds}} s.',
  conflict: 'This time is already taken. Refresh and try again.',
  server_error: 'A server error occurred. Please try again later.',
  service_unavailable: 'The server is temporarily unavailable. Please try again in a few seconds.',
  invalid_json: 'The request body is not valid JSON.',
  json_not_object: 'The request body must be a JSON object.',
  json_too_deep: 'The request body is nested too deeply.',
  validation: 'Please check the highlighted fields.',
  credentials: 'Wrong email or password.',
  reset_token_invalid: 'This password reset link is invalid or has expired.',
  password_current_wrong: 'The current password is wrong.',
  user_protected: 'This user cannot be deleted.',
  role_not_grantable: 'You may not give this role.',
  account_not_manageable: "You may not change or delete an Administrator's account.",
  own_role_change: 'You may not change your own role.',
  delete_restricted: 'This record cannot be deleted because other data depends on it.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  idempotency_key_reused:
    'This idempotency key was already used for another request. Send the new request with a new key.',
  idempotency_in_progress: 'This request is still running. Please try again in a few seconds.',
  if_match_invalid: 'The If-Match header must hold a version of the record the server sent.',
  version_conflict:
    'The record changed while you were editing it. Compare your version with the current one.',
  download_failed: 'Download failed',
  clipboard_failed: 'Failed to copy to clipboard',
};

export const errorUnknown: Translation['errorUnknown'] = {
  toastTitle: 'An error occurred',
  toastMessage: 'Unknown error. Please contact the developer.',
};
