import type { Context, Next } from 'koa';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError, type RawFieldErrors } from './app-error.js';

interface Envelope {
  message: string;
  errors?: Record<string, string[]>;
  code?: string;
  params?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** PostgreSQL failures that mean the request, not the server, was wrong. */
const PG_ERRORS: Record<string, { status: number; code: string; key: string }> = {
  '23P01': { status: 409, code: 'overlap', key: 'errors.overlap' },
  '23505': { status: 409, code: 'conflict', key: 'errors.conflict' },
  '23503': { status: 409, code: 'delete_restricted', key: 'errors.delete_restricted' },
  '22P02': { status: 400, code: 'bad_request', key: 'errors.bad_request' },
  '22007': { status: 400, code: 'bad_request', key: 'errors.bad_request' },
  '22008': { status: 400, code: 'bad_request', key: 'errors.bad_request' },
  '22003': { status: 400, code: 'bad_request', key: 'errors.bad_request' },
  // A NUL character in a text value (query or body): PostgreSQL text cannot hold it.
  '22021': { status: 400, code: 'bad_request', key: 'errors.bad_request' },
};

/**
 * The only place that writes error bodies: the spec's envelope in the request's language.
 * Nothing of an unexpected error (stack, SQL) reaches the client.
 */
export function errorHandler() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      // Nothing answered: no such route (a missing row is thrown as errors.notFound() by its handler).
      if (ctx.status === 404 && ctx.body === undefined)
        throw new AppError(404, 'not_found', 'errors.route_not_found');
    } catch (err) {
      const e = normalizeError(err);
      // A 5xx the code chose (an outside service down: 503) or the database out of reach is
      // expected; anything else is a bug.
      if ((err instanceof AppError || e === DATABASE_UNAVAILABLE) && e.status >= 500)
        ctx.log.warn({ code: e.code, err: String(err) }, 'service unavailable');
      else if (e.status >= 500) ctx.log.error({ err }, 'unhandled error');
      writeError(ctx, e);
    }
  };
}

/** Writes the answer of an error already normalized (the idempotency middleware stores 4xx ones). */
export function writeError(ctx: Context, e: AppError): void {
  ctx.status = e.status;
  for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
  ctx.body = envelope(ctx, e);
}

/**
 * PostgreSQL down, restarting or out of connections: the request was fine and may be sent again
 * shortly (clients show the message; the server reconnects by itself).
 */
const DATABASE_UNAVAILABLE = new AppError(
  503,
  'service_unavailable',
  'errors.service_unavailable',
  {},
  undefined,
  { 'Retry-After': '5' },
);

/** Any thrown value as the AppError it is answered as. */
export function normalizeError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return DATABASE_UNAVAILABLE;
  const pgCode = (err as { code?: unknown }).code;
  const missing = pgCode === '23503' ? missingReference(err) : null;
  if (missing)
    return new AppError(
      422,
      'validation',
      'errors.validation',
      {},
      { [missing]: [{ key: 'validations.exists' }] },
    );
  if (typeof pgCode === 'string' && PG_ERRORS[pgCode]) {
    const m = PG_ERRORS[pgCode];
    return new AppError(m.status, m.code, m.key);
  }
  // Koa's own ctx.throw(status) errors are client errors with an http status.
  const status = (err as { status?: unknown; expose?: boolean }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, 'http_' + status, status === 404 ? 'errors.not_found' : 'errors.bad_request');
  }
  return new AppError(500, 'server_error', 'errors.server_error');
}

/**
 * A write naming a row that does not exist (`Key (type_id)=(9) is not present in table …`) is
 * the client's bad field, not a delete blocked by dependants: the column whose value is unknown.
 */
function missingReference(err: unknown): string | null {
  const detail = (err as { detail?: unknown }).detail;
  if (typeof detail !== 'string' || !detail.includes('is not present in table')) return null;
  return /^Key \((\w+)\)=/.exec(detail)?.[1] ?? null;
}

/** `{{attribute}}` of a one-field error's own message (errors.invalidField) names that field. */
function attributeOf(ctx: Context, e: AppError): Record<string, unknown> {
  const fields = Object.keys(e.fieldErrors ?? {});
  if (fields.length !== 1) return {};
  return { attribute: ctx.t(`attributes.${fields[0]}`, { defaultValue: fields[0] }) };
}

function envelope(ctx: Context, e: AppError): Envelope {
  // The spec's clients compare this literal to reload the page, in every language.
  if (e.status === 401) return { message: 'Unauthenticated.' };
  const body: Envelope = { message: ctx.t(e.key, { ...attributeOf(ctx, e), ...e.params }) };
  if (e.fieldErrors) body.errors = translateFieldErrors(ctx, e.fieldErrors);
  if (e.status !== 422) {
    body.code = e.code;
    if (Object.keys(e.params).length) body.params = e.params;
  }
  return Object.assign(body, e.extra);
}

function translateFieldErrors(
  ctx: Context,
  fe: RawFieldErrors | Record<string, string[]>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, msgs] of Object.entries(fe)) {
    out[field] = (msgs as Array<string | { key: string; params?: Record<string, unknown> }>).map((m) =>
      typeof m === 'string'
        ? m
        : ctx.t(m.key, { attribute: ctx.t(`attributes.${field}`, { defaultValue: field }), ...m.params }),
    );
  }
  return out;
}
