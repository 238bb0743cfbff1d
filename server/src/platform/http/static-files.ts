import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';

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

/**
 * Serves a built single-page app under `mount`. Paths without a file fall back to index.html
 * (history-mode routes); hashed assets are cached for a year, index.html never.
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

function send(ctx: Context, file: string, size: number, immutable: boolean) {
  ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  ctx.length = size;
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
}
