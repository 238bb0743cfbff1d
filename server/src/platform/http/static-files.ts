import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { isCompressibleType, preferredCoding, type Coding } from './accept-encoding.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.webmanifest': 'application/manifest+json',
};

/** The file name suffix of each precompressed variant the build writes (scripts/vite-precompress.ts). */
const VARIANT_SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/**
 * Serves a built single-page app under `mount`. Paths without a file fall back to index.html
 * (history-mode routes); hashed assets are cached for a year, index.html never. A text file the
 * build precompressed goes out as its `.br` or `.gz` twin when the client accepts that coding.
 */
export function spa(mount: string, dir: string, skip: (p: string) => boolean) {
  const root = path.resolve(dir);
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || skip(ctx.path)) return next();
    if (mount !== '/' && ctx.path === mount.replace(/\/$/, '')) return ctx.redirect(mount);
    if (!ctx.path.startsWith(mount)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path.slice(mount.length));
    } catch {
      return next();
    }
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep) && file !== root) return next();
    const stat = rel ? await fs.promises.stat(file).catch(() => null) : null;
    if (stat?.isFile()) return send(ctx, file, stat.size, rel.startsWith('assets/'));
    // A missing asset is a 404, not the app shell.
    if (path.extname(rel) && rel.startsWith('assets/')) return next();
    // An API call (the spec's clients send X-Requested-With on every call, e.g. GET
    // /viber/disconnect) wants JSON: the error envelope of whoever answers, never the app shell.
    if (ctx.get('X-Requested-With')) return next();
    const index = path.join(root, 'index.html');
    const indexStat = await fs.promises.stat(index).catch(() => null);
    if (!indexStat) return next();
    return send(ctx, index, indexStat.size, false);
  };
}

async function send(ctx: Context, file: string, size: number, immutable: boolean) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  let sent = file;
  let length = size;
  if (isCompressibleType(type)) {
    // Caches must key the answer on the coding asked for, compressed or not.
    ctx.vary('Accept-Encoding');
    const coding = preferredCoding(ctx.get('accept-encoding'));
    const variant = coding ? file + VARIANT_SUFFIX[coding] : null;
    const stat = variant ? await fs.promises.stat(variant).catch(() => null) : null;
    if (variant && coding && stat?.isFile()) {
      sent = variant;
      length = stat.size;
      ctx.set('Content-Encoding', coding);
    }
  }
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  // HEAD: the GET's status and headers, no body (a null body would make it a 204 without them).
  if (ctx.method === 'HEAD') ctx.status = 200;
  else ctx.body = fs.createReadStream(sent);
  ctx.type = type;
  ctx.length = length;
}
