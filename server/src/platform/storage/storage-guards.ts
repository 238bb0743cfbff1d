import { Transform } from 'node:stream';
import { StorageError, type ByteRange } from './storage.types.js';

// Each segment starts with a letter or digit: dot-names (".", "..", ".tmp") can never be keys.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys come from our code, but often carry user input: anything path-like beyond plain segments is refused. */
export function assertValidKey(key: string): void {
  const ok =
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= 512 &&
    key.split('/').every((s) => s.length <= 200 && SEGMENT.test(s));
  if (!ok) throw new StorageError('invalid_key', String(key));
}

/** Resolves an inclusive range against the object's size; null means the whole object. */
export function resolveRange(
  key: string,
  size: number,
  range?: ByteRange,
): { start: number; end: number } | null {
  if (!range) return null;
  const { start } = range;
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (
    !Number.isInteger(start) ||
    start < 0 ||
    start >= size ||
    (range.end !== undefined && (!Number.isInteger(range.end) || range.end < start))
  ) {
    throw new StorageError('invalid_range', key);
  }
  return { start, end };
}

/** Passes bytes through, counting them; fails with `too_large` past the limit. */
export function countBytes(
  key: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Transform & { bytes: () => number } {
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new StorageError('too_large', key));
      else done(null, chunk);
    },
  });
  return Object.assign(t, { bytes: () => bytes });
}
