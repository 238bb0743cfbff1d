/** Field errors before translation: each message is an i18n key with its params. */
export type RawFieldErrors = Record<string, Array<{ key: string; params?: Record<string, unknown> }>>;

/**
 * The one error type services throw. The error middleware turns it into the envelope
 * `{ message, errors?, code?, params? }` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: RawFieldErrors | Record<string, string[]>,
    readonly headers: Record<string, string> = {},
    /** More members of the envelope (a 409 version_conflict's `current` row). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const errors = {
  badRequest: (key = 'errors.bad_request', params: Record<string, unknown> = {}) =>
    new AppError(400, 'bad_request', key, params),
  unauthenticated: () => new AppError(401, 'unauthenticated', 'errors.unauthenticated'),
  forbidden: (key = 'errors.forbidden', params: Record<string, unknown> = {}) =>
    new AppError(403, 'forbidden', key, params),
  notFound: (key = 'errors.not_found', params: Record<string, unknown> = {}) =>
    new AppError(404, 'not_found', key, params),
  conflict: (code: string, key: string, params: Record<string, unknown> = {}) =>
    new AppError(409, code, key, params),
  payloadTooLarge: (params: Record<string, unknown> = {}) =>
    new AppError(413, 'payload_too_large', 'errors.payload_too_large', params),
  /** 422 on one field, with the field's message given as a key (Laravel's shape). */
  invalidField: (field: string, key: string, params: Record<string, unknown> = {}) =>
    new AppError(422, 'validation', key, params, { [field]: [{ key, params }] }),
  /** 422 from already translated field messages (zod schemas translate their own). */
  validation: (fieldErrors: Record<string, string[]>) =>
    new AppError(422, 'validation', 'errors.validation', {}, fieldErrors),
  throttled: (seconds: number, key = 'errors.throttled') =>
    new AppError(429, 'throttled', key, { seconds }, undefined, { 'Retry-After': String(seconds) }),
};
