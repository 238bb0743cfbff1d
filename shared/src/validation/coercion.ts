import { z } from 'zod';
import { INT_COLUMN_MAX } from '../domain/constants';

/**
 * Bodies arrive as JSON or as urlencoded/multipart strings. These preprocessors bring both to one
 * shape before the schema runs. Like Laravel's ConvertEmptyStringsToNull, blank means null, so a
 * required field reports `required` and an optional one may be cleared.
 */

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const TRUE_STRINGS = new Set(['1', 'true', 'on']);
const FALSE_STRINGS = new Set(['0', 'false', 'off']);

export function toText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Passwords are not trimmed (Laravel's TrimStrings skips them too). */
export function toSecret(value: unknown): unknown {
  return value === '' ? null : value;
}

export function toNumber(value: unknown): unknown {
  const text = toText(value);
  return typeof text === 'string' && NUMERIC.test(text) ? Number(text) : text;
}

export function toBoolean(value: unknown): unknown {
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return value;
  const text = toText(value);
  if (typeof text !== 'string') return text;
  const lower = text.toLowerCase();
  if (TRUE_STRINGS.has(lower)) return true;
  if (FALSE_STRINGS.has(lower)) return false;
  return text;
}

/** qs turns long `a[25][x]=…` lists into objects keyed by index: read those back as arrays. */
export function toList(value: unknown): unknown {
  if (value === '' || value === null) return null;
  if (Array.isArray(value) || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([key]) => /^\d+$/.test(key))) return value;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
}

function coerced(coerce: (value: unknown) => unknown) {
  return {
    required: <S extends z.ZodType>(schema: S) => z.preprocess(coerce, schema),
    optional: <S extends z.ZodType>(schema: S) => z.preprocess(coerce, schema.nullable().optional()),
    /** Laravel's `sometimes|required`: may be left out of a PATCH, but when sent it cannot be cleared. */
    sometimes: <S extends z.ZodType>(schema: S) => z.preprocess(coerce, schema.optional()),
  };
}

export const text = coerced(toText);
export const secret = coerced(toSecret);
export const numeric = coerced(toNumber);
export const flag = coerced(toBoolean);
export const list = coerced(toList);

/** Database id: a positive integer, from `5` or `'5'`; past the column's range it is a field error, not a database one. */
export const id = () => numeric.required(z.number().int().min(1).max(INT_COLUMN_MAX));
export const optionalId = () => numeric.optional(z.number().int().min(1).max(INT_COLUMN_MAX));

/** A list of ids, e.g. `users[]=3&users[]=5` or `[3, 5]`; `required` fails on an empty list. */
export const idList = () => list.required(z.array(id()).min(1));
export const optionalIdList = () => list.optional(z.array(id()));

export const requiredFlag = () => flag.required(z.boolean());
export const flagWithDefault = (fallback: boolean) =>
  flag.optional(z.boolean()).transform((v) => v ?? fallback);
