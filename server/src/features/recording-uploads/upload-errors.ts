import type { Context, Next } from 'koa';
import { AppError } from '../../platform/http/app-error.js';

/** The recording error codes of spec part 2 §8, each with the HTTP status the service answers. */
export const UPLOAD_ERROR_STATUS = {
  user_validation_failed: 401,
  user_not_allowed: 403,
  study_fetch_failed: 404,
  duplicate_file: 409,
  too_short: 422,
  existing_fetch_failed: 500,
  metadata_write_failed: 500,
  file_access_failed: 500,
  upload_failed: 500,
  existing_download_failed: 409,
  session_move_failed: 500,
  server_configuration: 503,
} as const;

export type UploadErrorCode = keyof typeof UPLOAD_ERROR_STATUS;
export const UPLOAD_ERROR_CODES = Object.keys(UPLOAD_ERROR_STATUS) as UploadErrorCode[];

/** A refusal of the upload service: `{ code, message }` with the code's status (or the one given). */
export function uploadError(
  code: UploadErrorCode,
  status: number = UPLOAD_ERROR_STATUS[code],
  params: Record<string, unknown> = {},
) {
  return new AppError(status, code, `recordingUploads.${code}`, params);
}

/** Runs one step of the upload; any failure that is not already a refusal becomes `code` (the cause is logged). */
export async function step<T>(code: UploadErrorCode, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(uploadError(code), { cause: err });
  }
}

export const isUploadErrorCode = (code: string): code is UploadErrorCode => code in UPLOAD_ERROR_STATUS;

interface UploadEnvelope {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  params?: Record<string, unknown>;
}

function translateFieldErrors(
  ctx: Context,
  fe: NonNullable<AppError['fieldErrors']>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, msgs] of Object.entries(fe)) {
    out[field] = (msgs as Array<string | { key: string; params?: Record<string, unknown> }>).map((m) =>
      typeof m === 'string' ? m : ctx.t(m.key, { attribute: field, ...m.params }),
    );
  }
  return out;
}

/**
 * The service's only error writer: `{ code, message }` in the request's language (plus `errors`
 * for field refusals). The service has no sessions, so 401 carries its code like every other
 * answer. Anything unexpected is a logged 500 `upload_failed`: nothing of it reaches the client.
 */
export function uploadErrorHandler() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined)
        throw new AppError(404, 'not_found', 'errors.route_not_found');
    } catch (err) {
      let e: AppError;
      if (err instanceof AppError) e = err;
      else {
        const status = (err as { status?: unknown }).status;
        e =
          typeof status === 'number' && status >= 400 && status < 500
            ? new AppError(status, `http_${status}`, 'errors.bad_request')
            : uploadError('upload_failed');
      }
      if (e.status >= 500) {
        const cause = err instanceof AppError ? (err as { cause?: unknown }).cause : err;
        ctx.log.warn({ code: e.code, err: cause }, 'upload refused');
      }
      ctx.status = e.status;
      for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
      const body: UploadEnvelope = { code: e.code, message: ctx.t(e.key, e.params) };
      if (e.fieldErrors) body.errors = translateFieldErrors(ctx, e.fieldErrors);
      if (Object.keys(e.params).length) body.params = e.params;
      ctx.body = body;
    }
  };
}
