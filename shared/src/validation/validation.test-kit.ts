import type { z } from 'zod';
import { parseBody } from './field-errors';

/** Test helper: path → message keys of a failed parse ({} when it passes). */
export function keysOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = parseBody(schema, input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) (out[issue.path] ??= []).push(issue.key);
  return out;
}

export function dataOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseBody(schema, input);
  if (!result.success) throw new Error(JSON.stringify(result.issues));
  return result.data;
}
