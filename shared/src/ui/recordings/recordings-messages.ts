import { ApiError, errorToToast, isApiError, isApiErrorBody, type TranslateFn } from '@school/shared/api';
import { RECORDING_MAX_MB } from '@school/shared/domain';
import type { RowProblem } from '@school/shared/rules';

/**
 * The upload service's error codes (spec part 2 §8). The service answers them bare (`duplicate_file`)
 * with a translated message; their texts live under `recordingUploads.*`.
 */
export const RECORDING_ERROR_CODES = [
  'user_not_allowed',
  'duplicate_file',
  'too_short',
  'user_validation_failed',
  'study_fetch_failed',
  'existing_fetch_failed',
  'metadata_write_failed',
  'file_access_failed',
  'upload_failed',
  'existing_download_failed',
  'session_move_failed',
  'server_configuration',
] as const;

export type RecordingErrorCode = (typeof RECORDING_ERROR_CODES)[number];

export function isRecordingErrorCode(code: unknown): code is RecordingErrorCode {
  return typeof code === 'string' && (RECORDING_ERROR_CODES as readonly string[]).includes(code);
}

/** A row problem in words; the size limit is shown in megabytes ("1024 MB"). */
export function rowProblemText(problem: RowProblem, t: TranslateFn): string {
  if (problem.key === 'recordings.file_too_large') {
    return t(problem.key, { maxSize: t('recordingsUi.megabytes', { count: RECORDING_MAX_MB }) });
  }
  return t(problem.key, problem.params);
}

/** Turns a non-2xx upload answer into the ApiError the rest of the client handles. */
export function uploadAnswerError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) return new ApiError(status, body);
  return new ApiError(status, {
    message: typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : `HTTP ${status}`,
  });
}

/**
 * What a refused save says, by the global rules of spec part 1 §8 (field errors, else the
 * translated code, else the message), with the upload service's codes translated by us.
 * `null` means the session is over and the page reloads.
 */
export function saveErrorMessage(error: unknown, t: TranslateFn): string | null {
  const body = isApiError(error) ? error.body : undefined;
  const translate: TranslateFn = (key, params) => {
    if (!isRecordingErrorCode(key)) return t(key, params);
    const own = `recordingUploads.${key}`;
    const text = t(own, params);
    // Untranslated answers its key: hand back the code's own key so the server's message is used.
    return text === own ? key : text;
  };
  const result = errorToToast(body, translate);
  return result.kind === 'reload' ? null : result.message;
}
