import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-postgres.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, TestClient, useTestDatabase } from '../../../test/harness.test-kit.js';
import { spawnServerProcess, type ServerProcess } from '../../../test/server-process.test-kit.js';

/**
 * Issue 34 point 6, the idempotency replay across processes: two `server/src/main.ts` started as
 * `npm start` starts them, on one database and nothing else in common. The offline queue's first
 * send reaches process A and its answer is lost; the retry goes to process B (another upstream of
 * the load balancer) and must get A's answer without writing again.
 */

const db = useTestDatabase();
const servers: Array<ServerProcess & { url: string }> = [];
let studyId: number;

async function startServer(): Promise<ServerProcess & { url: string }> {
  const port = await freePort();
  const started = await spawnServerProcess({
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
  });
  const server = { ...started, url: `http://127.0.0.1:${port}` };
  servers.push(server);
  return server;
}

/** The same signed-in session on another process (sessions live in PostgreSQL). */
function sameSessionOn(client: TestClient, url: string): TestClient {
  const other = new TestClient(url);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

beforeAll(async () => {
  // One after the other: both check the migrations on start.
  await startServer();
  await startServer();
  const teacher = (await db.knex('users').where({ email: DEMO_ACCOUNTS.Teacher }).first('id')).id as number;
  const start = new Date(Date.UTC(2004, 5, 7, 8));
  studyId = await db.knex.transaction(async (trx) => {
    const [row] = await trx('studies')
      .insert({ start, end: new Date(start.getTime() + 3_600_000), type_id: 1 })
      .returning('id');
    await trx('study_user').insert({ study_id: row.id, user_id: teacher });
    return row.id as number;
  });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const countMessages = async (content: string) =>
  Number((await db.knex('study_messages').where({ study_id: studyId, content }).count({ n: '*' }))[0]!.n);

describe('Idempotency-Key across two server processes on one database', () => {
  it('a write sent to process A and retried on process B: the same answer, one row', async () => {
    const [a, b] = servers as [ServerProcess & { url: string }, ServerProcess & { url: string }];
    const onA = new TestClient(a.url);
    const login = await onA.post('/login', { email: DEMO_ACCOUNTS.Teacher, password: DEMO_PASSWORD });
    expect(login.status, login.text).toBe(200);
    const onB = sameSessionOn(onA, b.url);

    const body = { study_id: studyId, content: 'Повідомлення з черги' };
    const headers = { 'Idempotency-Key': 'queue-7f1c2b9e' };
    const first = await onA.post('/api/study_messages', body, headers);
    expect(first.status, first.text).toBe(201);
    const retry = await onB.post('/api/study_messages', body, headers);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(retry.text).toBe(first.text);
    expect(await countMessages(body.content)).toBe(1);

    // Both at once, one to each process: still exactly one write.
    const both = { study_id: studyId, content: 'Одночасно на обидва процеси' };
    const race = { 'Idempotency-Key': 'queue-race-1' };
    const answers = await Promise.all([
      onA.post('/api/study_messages', both, race),
      onB.post('/api/study_messages', both, race),
    ]);
    expect(await countMessages(both.content)).toBe(1);
    for (const res of answers) expect([201, 409]).toContain(res.status);
    expect(answers.some((res) => res.status === 201)).toBe(true);
  });
});
