/**
 * One HTTP byte range (RFC 9110 §14) resolved against a size: `bytes=0-99`, `bytes=100-`,
 * `bytes=-500` (the last 500). Several ranges, another unit or bad syntax: `null`, and the
 * whole representation is sent (a server may ignore Range). A range that starts past the end:
 * `'unsatisfiable'` (416 with `Content-Range: bytes * /size`).
 */
export type ResolvedRange = { start: number; end: number } | 'unsatisfiable' | null;

export function resolveByteRange(header: string | undefined, size: number): ResolvedRange {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || (m[2] !== '' && Number(m[2]) < start)) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
