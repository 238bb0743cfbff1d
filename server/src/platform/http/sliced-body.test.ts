import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLICE_BYTES, setTextBody } from './sliced-body.js';

// Multi-byte text (Cyrillic, an emoji) across slice boundaries: the bytes must still be the text's.
const large = JSON.stringify({
  data: Array.from({ length: 8000 }, (_, i) => ({ id: i, name: `Урок ${i} 🎓` })),
});
const small = JSON.stringify({ data: [{ id: 1, name: 'Урок' }] });

function get(
  port: number,
  path: string,
  method = 'GET',
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('setTextBody', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const app = new Koa();
    app.use(async (ctx) => setTextBody(ctx, ctx.path === '/large' ? large : small, 'application/json'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a large answer: the same bytes and headers as the text set as the body (length, type, no chunked encoding)', async () => {
    expect(Buffer.byteLength(large)).toBeGreaterThan(3 * SLICE_BYTES);
    const { headers, body } = await get(port, '/large');
    expect(body.equals(Buffer.from(large, 'utf8'))).toBe(true);
    expect(headers['content-length']).toBe(String(Buffer.byteLength(large)));
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['transfer-encoding']).toBeUndefined();
  });

  it('a small answer is sent as the text itself', async () => {
    const { headers, body } = await get(port, '/small');
    expect(body.toString('utf8')).toBe(small);
    expect(headers['content-length']).toBe(String(Buffer.byteLength(small)));
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('HEAD of a large answer: its headers, no body', async () => {
    const { headers, body } = await get(port, '/large', 'HEAD');
    expect(headers['content-length']).toBe(String(Buffer.byteLength(large)));
    expect(body.length).toBe(0);
  });
});
