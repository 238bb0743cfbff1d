import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.test-kit.js';

let srv: TestServer;
let teacher: TestClient;
let studyId: number;

beforeAll(async () => {
  srv = await startTestServer();
  teacher = await srv.signInAs('Teacher');
  const study = await srv
    .knex('study_user')
    .join('users', 'users.id', 'study_user.user_id')
    .where('users.email', 'teacher@example.com')
    .first('study_user.study_id');
  studyId = study.study_id;
});
afterAll(() => srv.close());

/** Sends raw bytes as the client's session would (TestClient sends objects as JSON). */
async function send(
  client: TestClient,
  path: string,
  body: Buffer | string,
  headers: Record<string, string>,
) {
  const res = await fetch(srv.url + path, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const json = (client: TestClient, path: string, encoding: string, body: Buffer | string) =>
  send(client, path, body, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });

/** A write route without a session (/login) and one behind it. */
const routes = () => [
  {
    name: '/login',
    client: srv.client(),
    path: '/login',
    payload: { email: 'teacher@example.com', password: DEMO_PASSWORD },
  },
  {
    name: '/api/study_messages',
    client: teacher,
    path: '/api/study_messages',
    payload: { study_id: studyId, content: 'gz' },
  },
];

describe('Content-Encoding of request bodies', () => {
  it('answers 400 (not 500) when the body is not in the declared coding, on /login and on /api', async () => {
    for (const r of routes()) {
      for (const coding of ['gzip', 'deflate', 'br']) {
        const res = await json(r.client, r.path, coding, JSON.stringify(r.payload));
        expect(res.status, `${r.name} ${coding}`).toBe(400);
        expect(res.body.code).toBe('bad_request');
        expect(res.body.message).toMatch(/Content-Encoding/);
      }
    }
  });

  it('answers 415 for a coding it does not read, on /login and on /api', async () => {
    for (const r of routes()) {
      for (const coding of ['compress', 'zstd', 'gzip, br']) {
        const res = await json(r.client, r.path, coding, JSON.stringify(r.payload));
        expect(res.status, `${r.name} ${coding}`).toBe(415);
        expect(res.body.code).toBe('unsupported_encoding');
      }
    }
  });

  it('reads a body that really is compressed, and limits its decoded size (a small bomb is 413)', async () => {
    for (const r of routes()) {
      const res = await json(r.client, r.path, 'gzip', zlib.gzipSync(JSON.stringify(r.payload)));
      expect(res.status, r.name).toBeLessThan(300);
    }
    const bomb = zlib.gzipSync(JSON.stringify({ study_id: studyId, content: 'a'.repeat(16 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await json(teacher, '/api/study_messages', 'gzip', bomb);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('applies the same to multipart and urlencoded forms', async () => {
    const form = new FormData();
    form.set('content', 'x');
    const encoded = new Response(form);
    const type = encoded.headers.get('content-type')!;
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const broken = await send(teacher, '/api/study_messages', bytes, {
      'Content-Type': type,
      'Content-Encoding': 'gzip',
    });
    expect(broken.status).toBe(400);
    const urlencoded = await send(srv.client(), '/login', 'email=a%40b.cd', {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Encoding': 'gzip',
    });
    expect(urlencoded.status).toBe(400);
  });
});
