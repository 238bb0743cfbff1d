import type { Context } from 'koa';
import type { z } from 'zod';
import { fieldErrors } from '@school/shared/validation';
import { errors } from './app-error.js';

/** Parses a request body with a shared schema; 422 with translated field errors otherwise. */
export function validateBody<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  const result = schema.safeParse(ctx.request.body ?? {});
  if (!result.success) throw errors.validation(fieldErrors(result.error, ctx.t));
  return result.data;
}
