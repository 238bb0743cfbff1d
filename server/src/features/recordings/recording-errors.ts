import { RECORDING_MAX_MB } from '@school/shared/domain';
import { AppError, type RawFieldErrors } from '../../platform/http/app-error.js';

/**
 * The refusals of a recordings save, with stable codes (`code` of the error envelope; the
 * upload service maps them to its own, spec part 2 §8). The i18n key is the code.
 */
export const RECORDING_ERROR = {
  notAllowed: 'recordings.user_not_allowed',
  missStatus: 'recordings.miss_status_blocked',
  invalidMetadata: 'recordings.invalid_metadata',
  fileNotSelected: 'recordings.file_not_selected',
  duplicate: 'recordings.file_duplicate',
  tooLarge: 'recordings.file_too_large',
  notVideo: 'recordings.file_must_be_video',
  tooShort: 'recordings.too_short',
  archived: 'recordings.archived_read_only',
  listChanged: 'recordings.list_changed',
  uploadNotFound: 'recordings.upload_not_found',
  uploadIncomplete: 'recordings.upload_incomplete',
  probeFailed: 'recordings.probe_failed',
} as const;

export type RecordingErrorCode = (typeof RECORDING_ERROR)[keyof typeof RECORDING_ERROR];

/** What the spec's message shows as {{maxSize}}: "1024 MB" for the configured limit. */
export const maxSizeLabel = (maxBytes: number) =>
  `${Math.floor(maxBytes / 1024 / 1024) || RECORDING_MAX_MB} MB`;

export const recordingErrors = {
  notAllowed: () => new AppError(403, RECORDING_ERROR.notAllowed, RECORDING_ERROR.notAllowed),
  missStatus: () => new AppError(409, RECORDING_ERROR.missStatus, RECORDING_ERROR.missStatus),
  tooLarge: (maxBytes: number) =>
    new AppError(413, RECORDING_ERROR.tooLarge, RECORDING_ERROR.tooLarge, {
      maxSize: maxSizeLabel(maxBytes),
      maxBytes,
    }),
  archived: () => new AppError(409, RECORDING_ERROR.archived, RECORDING_ERROR.archived),
  listChanged: () => new AppError(409, RECORDING_ERROR.listChanged, RECORDING_ERROR.listChanged),
  probeFailed: () => new AppError(503, RECORDING_ERROR.probeFailed, RECORDING_ERROR.probeFailed),
  /** 422 with the message on each field; the envelope's code is the first refusal's. */
  fields: (code: RecordingErrorCode, fieldErrors: RawFieldErrors, params: Record<string, unknown> = {}) =>
    new AppError(422, code, code, params, fieldErrors),
  field: (code: RecordingErrorCode, field: string, params: Record<string, unknown> = {}) =>
    new AppError(422, code, code, params, { [field]: [{ key: code, params }] }),
};
