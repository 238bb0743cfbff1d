import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe('HTTP platform', () => {
  it('answers 413 for an oversized body and leaves the server healthy', async () => {
    const big = JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await srv.client().post('/login', big, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(
      (await srv.client().post('/login', { email: 'admin@example.com', password: 'demo12345' })).status,
    ).toBe(200);
  });

  it('answers 415 for a body type it does not read, and 400 for a broken multipart body', async () => {
    const xml = await srv.client().post('/login', '<a/>', { 'Content-Type': 'application/xml' });
    expect(xml.status).toBe(415);
    const broken = await srv
      .client()
      .post('/login', '--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=x' });
    expect([400, 422]).toContain(broken.status);
  });

  it('sends security headers and a request id', async () => {
    const res = await srv.client().get('/api/user');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it("lets pages connect to the recordings upload service named by UPLOADER_URL and to the app's own socket origins, nowhere else", async () => {
    const own = await srv.client().get('/api/user');
    const connectSrc = (h: string | null) => /connect-src ([^;]*)/.exec(h ?? '')?.[1].split(' ');
    // Bare schemes would let a page open a socket to any host (issue 27 point 10).
    expect(connectSrc(own.headers.get('content-security-policy'))).not.toContain('ws:');
    expect(connectSrc(own.headers.get('content-security-policy'))).not.toContain('wss:');
    const withUploader = await startTestServer({
      env: {
        UPLOADER_URL: 'http://uploads.example.org:8081/base/',
        APP_URL: 'https://school.example.org/app',
        APP_ORIGINS: 'http://localhost:5173, app://staff, https://staff.example.org',
      },
    });
    try {
      const res = await withUploader.client().get('/api/user');
      expect(connectSrc(res.headers.get('content-security-policy'))).toEqual([
        "'self'",
        'wss://school.example.org',
        'ws://localhost:5173',
        'wss://staff.example.org',
        'http://uploads.example.org:8081',
      ]);
    } finally {
      await withUploader.close();
    }
  });

  it("lets pages post forms to their own origin and, with LiqPay configured, to LiqPay's checkout only", async () => {
    const formAction = (h: string | null) => /form-action ([^;]*)/.exec(h ?? '')?.[1].split(' ');
    const own = await srv.client().get('/api/user');
    expect(formAction(own.headers.get('content-security-policy'))).toEqual(["'self'"]);
    const withLiqpay = await startTestServer({
      seed: false,
      env: { LIQPAY_PUBLIC_KEY: 'pub', LIQPAY_PRIVATE_KEY: 'priv', LIQPAY_API_URL: 'https://www.liqpay.ua/' },
    });
    try {
      const res = await withLiqpay.client().get('/api/user');
      expect(formAction(res.headers.get('content-security-policy'))).toEqual([
        "'self'",
        'https://www.liqpay.ua',
      ]);
    } finally {
      await withLiqpay.close();
    }
  });

  it('translates errors into the request language, Ukrainian by default', async () => {
    const c = await srv.signInAs('Teacher');
    const uk = await c.get('/api/no-such-resource');
    c.lang = 'ru';
    const ru = await c.get('/api/no-such-resource');
    c.lang = 'de, fr;q=0.5';
    const fallback = await c.get('/api/no-such-resource');
    expect(uk.status).toBe(404);
    expect(ru.status).toBe(404);
    expect(uk.body.message).not.toBe(ru.body.message);
    expect(fallback.body.message).toBe(uk.body.message);
  });

  it('serves the family web at / and the staff app at /staff/, with history-mode fallbacks', async () => {
    // A browser navigation: no X-Requested-With (an API call never gets the app shell).
    const browser = () => Object.assign(srv.client(), { xhr: false });
    const home = await browser().get('/login');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    const staff = await browser().get('/staff/admin/users');
    expect(staff.status).toBe(200);
    expect(staff.text).toContain('<div id="root"');
    expect(staff.text).not.toBe(home.text);
    expect((await srv.client().get('/assets/missing-file.js')).status).toBe(404);
    expect((await srv.client().get('/../package.json')).status).not.toBe(500);
  });

  it('sends the family app precompressed, a large list compressed, and both whole to a client that asks for neither', async () => {
    const raw = (p: string, headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(srv.url + p, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const shell = await raw('/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(shell.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(shell.body).toString('utf8');
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const script = await raw(entry!, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers.vary).toBe('Accept-Encoding');
    const plain = await raw(entry!, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zlib.brotliDecompressSync(script.body).equals(plain.body)).toBe(true);
    expect(script.body.length).toBeLessThan(plain.body.length / 3);

    const teacher = await srv.signInAs('Teacher');
    const auth = {
      Cookie: [...teacher.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-Requested-With': 'XMLHttpRequest',
    };
    const listPath = '/api/studies?with[]=users&perpage=100';
    const gz = await raw(listPath, { ...auth, 'Accept-Encoding': 'gzip' });
    const whole = await raw(listPath, auth);
    expect(whole.body.length).toBeGreaterThan(2048);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(whole.body.toString('utf8'));
  });
});
