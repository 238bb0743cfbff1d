/** The content codings the server writes, best first: brotli is smaller than gzip at like cost. */
export type Coding = 'br' | 'gzip';

/**
 * The coding to answer a request with, from its Accept-Encoding: brotli, else gzip, else none.
 * A coding listed with q=0 is refused (also through `*;q=0`); `*` alone accepts both.
 */
export function preferredCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k.trim().toLowerCase() === 'q') q = Number(v);
    }
    if (!(q > 0)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return br > 0 ? 'br' : null;
}

/** Media types worth compressing: text, JSON, JavaScript, SVG, iCal, CSV (not media, zips, docx). */
export function isCompressibleType(type: string | undefined): boolean {
  if (!type) return false;
  const t = type.toLowerCase();
  return (
    t.startsWith('text/') ||
    t.startsWith('application/json') ||
    t.includes('+json') ||
    t.startsWith('application/javascript') ||
    t.startsWith('application/xml') ||
    t.includes('+xml') ||
    t.startsWith('application/manifest+json')
  );
}
