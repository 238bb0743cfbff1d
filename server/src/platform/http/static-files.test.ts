import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from './compression.js';
import { spa } from './static-files.js';

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово ${i}`))};\n`;
const shell = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

function request(port: number, p: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path: p, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    },
  );
}

describe('static files: precompressed twins', () => {
  let dir: string;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = path.join(dir, 'assets', 'app-1a2b.js');
    fs.writeFileSync(js, script);
    fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${js}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'index.html'), shell);
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(shell));
    // An asset the build left without twins (a font): sent as it is.
    fs.writeFileSync(path.join(dir, 'assets', 'font-9f.woff2'), Buffer.alloc(3000, 1));
    const app = new Koa();
    app.use(compression());
    app.use(spa('/', dir, (p) => p.startsWith('/api')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the .br twin to a browser that takes brotli, the .gz one to gzip-only clients, immutable', async () => {
    const br = await request(port, '/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(script);
    const gz = await request(port, '/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(script);
  });

  it('an uncompressed request gets the file itself; HEAD gets the headers of the GET', async () => {
    const plain = await request(port, '/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString('utf8')).toBe(script);
    const head = await request(port, '/assets/app-1a2b.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBe(
      fs.statSync(path.join(dir, 'assets', 'app-1a2b.js.br')).size,
    );
    expect(head.body.length).toBe(0);
  });

  it('the HTML shell of a history-mode route goes out precompressed, never cached; a twin-less file as it is', async () => {
    const page = await request(port, '/calendar/2026-11', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.body).toString('utf8')).toBe(shell);
    // No .gz twin of the shell: compressed on the way instead.
    const gz = await request(port, '/', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(shell);
    const font = await request(port, '/assets/font-9f.woff2', { 'Accept-Encoding': 'br' });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body.length).toBe(3000);
  });
});
