import type { Context, Next } from 'koa';
import { AppError } from '../../platform/http/app-error.js';

/**
 * Business refusals of the scheduling commands: 422 with a machine-readable `code` (a transfer
 * rule, the billed-miss lock…), the translated message, and the message on the field it is about.
 */
export function refusal(
  field: string,
  code: string,
  key: string,
  params: Record<string, unknown> = {},
): AppError {
  return new AppError(422, code, key, params, { [field]: [{ key, params }] });
}

/**
 * The shared error handler drops `code` from every 422 (field validation has none). Clients of
 * these commands branch on the refusal code, so our routes write those 422 bodies themselves, in
 * the same envelope: `{ message, code, errors: { field: [message] } }`, plus `error` (the
 * move-to-end checkbox alerts the server's `error` field, spec part 2 §8).
 */
export function withRefusalCodes(handler: (ctx: Context, next: Next) => Promise<void>) {
  return async (ctx: Context, next: Next) => {
    try {
      await handler(ctx, next);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 422 || err.code === 'validation') throw err;
      const message = ctx.t(err.key, err.params);
      const errors: Record<string, string[]> = {};
      for (const [field, list] of Object.entries(err.fieldErrors ?? {})) {
        errors[field] = (list as Array<string | { key: string; params?: Record<string, unknown> }>).map(
          (m) => (typeof m === 'string' ? m : ctx.t(m.key, m.params)),
        );
      }
      ctx.status = 422;
      ctx.body = { message, code: err.code, error: message, errors };
    }
  };
}
