import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '@school/shared/i18n';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import { sendRaw } from '../../drills/raw-http.test-kit.js';

/**
 * What Node's HTTP parser refuses before the app runs is answered in the error envelope too
 * (found by the fuzz drill: a long query string got a bare 431 with no body).
 */

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const t = i18nFor('uk').t;

/** Writes raw bytes on a fresh connection and reads until the server closes it. */
function rawExchange(bytes: string): Promise<string> {
  const { port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('a query over the query language limit, with a session cookie, reaches the app: 400 bad_query, not a bare 431', async () => {
    const admin = await srv.signInAs('Administrator');
    const query = `filter[full_name]=${'a'.repeat(16_400)}`;
    const res = await admin.get(`/api/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_query', params: { parameter: 'query' } });
  });

  it('headers past the limit: 431 in the envelope, in the school language', async () => {
    const res = await sendRaw(
      srv.url,
      'GET',
      `/api/users?q=${'a'.repeat(40_000)}`,
      { Accept: 'application/json' },
      Buffer.alloc(0),
    );
    expect(res.status).toBe(431);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({
      message: t('errors.headers_too_large'),
      code: 'headers_too_large',
    });
  });

  it('a malformed request: 400 in the envelope; the server keeps serving', async () => {
    const answer = await rawExchange('GET /api/user HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: t('errors.bad_request'),
      code: 'bad_request',
    });
    expect((await srv.client().get('/api/user')).status).toBe(401);
  });
});
