import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredCoding } from './accept-encoding.js';
import { COMPRESSION, compression } from './compression.js';
import { SLICE_BYTES, setTextBody } from './sliced-body.js';

// A calendar-like answer: JSON with Cyrillic, several slices long.
const calendar = JSON.stringify({
  data: Array.from({ length: 6000 }, (_, i) => ({
    id: i,
    name: `Урок ${i}`,
    users: [{ id: i % 40, firstname: 'Олена' }],
  })),
});
const list = { data: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Учень ${i}` })) };
const tiny = { data: { id: 1 } };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

const decode = (a: Answer) =>
  a.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(a.body)
    : a.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(a.body)
      : a.body;

describe('preferredCoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*;q=0')).toBe(null);
    expect(preferredCoding('identity')).toBe(null);
    expect(preferredCoding(undefined)).toBe(null);
  });
});

describe('compression', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const app = new Koa();
    app.use(compression());
    app.use(async (ctx) => {
      if (ctx.path === '/calendar') setTextBody(ctx, calendar, 'application/json');
      else if (ctx.path === '/list') ctx.body = list;
      else if (ctx.path === '/tiny') ctx.body = tiny;
      else if (ctx.path === '/ical') {
        ctx.type = 'text/calendar; charset=utf-8';
        ctx.body = Readable.from([
          Buffer.from('BEGIN:VCALENDAR\r\n'),
          Buffer.from('SUMMARY:Урок\r\n'.repeat(500)),
          Buffer.from('END:VCALENDAR\r\n'),
        ]);
      } else if (ctx.path === '/docx') {
        ctx.type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
        ctx.body = Buffer.alloc(50_000, 7);
      } else if (ctx.path === '/range') {
        ctx.status = 206;
        ctx.set('Content-Range', 'bytes 0-9999/20000');
        ctx.type = 'text/plain';
        ctx.body = Buffer.alloc(10_000, 97);
      }
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a large sliced answer goes out brotli-compressed as it streams, and decodes to the same bytes', async () => {
    expect(Buffer.byteLength(calendar)).toBeGreaterThan(4 * SLICE_BYTES);
    const a = await request(port, '/calendar', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers.vary).toBe('Accept-Encoding');
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(decode(a).equals(Buffer.from(calendar, 'utf8'))).toBe(true);
    expect(a.body.length).toBeLessThan(Buffer.byteLength(calendar) * 0.15);
  });

  it('gzip for a client without brotli; the whole bytes without Accept-Encoding', async () => {
    const gz = await request(port, '/list', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(JSON.parse(decode(gz).toString('utf8'))).toEqual(list);
    const plain = await request(port, '/calendar');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(calendar)));
    expect(plain.body.toString('utf8')).toBe(calendar);
  });

  it(`leaves answers under ${COMPRESSION.thresholdBytes} bytes, HEAD, ranges and compressed types alone`, async () => {
    const small = await request(port, '/tiny', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual(tiny);
    const head = await request(port, '/calendar', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(calendar)));
    expect(head.body.length).toBe(0);
    const range = await request(port, '/range', { 'Accept-Encoding': 'br' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.length).toBe(10_000);
    const docx = await request(port, '/docx', { 'Accept-Encoding': 'br' });
    expect(docx.headers['content-encoding']).toBeUndefined();
    expect(docx.body.length).toBe(50_000);
  });

  it('a streamed iCal feed is compressed as it streams', async () => {
    const a = await request(port, '/ical', { 'Accept-Encoding': 'gzip' });
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(a.headers['transfer-encoding']).toBe('chunked');
    const text = decode(a).toString('utf8');
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
