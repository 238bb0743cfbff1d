import type { Context, Next } from 'koa';
import { AppError, errors } from './app-error.js';
import { abandonBody, hasBody, readLimited, WRITE_METHODS } from './body-stream.js';
import { JsonInputError, parseJsonInput } from './json-input.js';
import { parseForm, readMultipart } from './multipart.js';

export type { UploadedFile } from './multipart.js';

export interface BodyLimits {
  /** JSON, urlencoded and multipart bodies (text fields only), decoded bytes. */
  bodyBytes: number;
}

/**
 * JSON, urlencoded and multipart bodies land in `ctx.request.body` alike, because the spec's
 * client sends forms. Everything here is small and read into memory; no file touches the disk:
 * multipart file content is refused (415) unless the route mounted `multipart()` with its own
 * limits, before this parser.
 */
export function bodyParser(limits: BodyLimits) {
  return async (ctx: Context, next: Next) => {
    ctx.request.body = {};
    ctx.request.files = [];
    if (!WRITE_METHODS.has(ctx.method) || !hasBody(ctx)) return next();
    if (ctx.is('multipart/form-data')) {
      const max = limits.bodyBytes;
      ctx.request.body = (await readMultipart(ctx, { fieldBytes: max, totalBytes: max })).body;
    } else if (ctx.is('application/json', '+json')) {
      ctx.request.body = parseJson(await readLimited(ctx, limits.bodyBytes));
    } else if (ctx.is('application/x-www-form-urlencoded')) {
      ctx.request.body = parseForm((await readLimited(ctx, limits.bodyBytes)).toString('utf8'));
    } else {
      abandonBody(ctx);
      throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
    }
    return next();
  };
}

function parseJson(raw: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parseJsonInput(raw.toString('utf8'));
  } catch (err) {
    throw errors.badRequest(
      err instanceof JsonInputError && err.reason === 'too_deep'
        ? 'errors.json_too_deep'
        : 'errors.invalid_json',
    );
  }
  // Every call takes named fields: an array or a scalar would otherwise read as an empty
  // form, and a command with no required field (move to the end, prolong) would run.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw errors.badRequest('errors.json_not_object');
  }
  return parsed as Record<string, unknown>;
}
