import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cycleProblems,
  openOutageRig,
  rigClients,
  runOutageCycle,
  type OutageCycle,
  type OutageRig,
  type StopMode,
} from './database-outage.test-kit.js';

/**
 * Issue 36 point 1, the short fault test: the real server process (main.ts) on a PostgreSQL
 * cluster of this file's own, stopped and started four times (fast and immediate) while requests,
 * the job queue, the reminders' minute job, the LISTEN connection and a socket are busy. Each
 * cycle: the process still runs, every failure is a clean 503, a 2xx within 2 s of PostgreSQL
 * accepting connections, the socket gets the next change, and the bot message the provider
 * accepted while the database was down is recorded as sent and not sent again.
 * The fifty-cycle drill: `npm run bench:outage` (docs/reliability.md, "Database outages").
 */

// Under the repo, not /tmp: as root, the embedded PostgreSQL runs as a `postgres` user that
// cannot enter a private mkdtemp directory.
const dir = path.resolve('.tmp', `pg-outage-${process.pid}`);
let rig: OutageRig;

beforeAll(async () => {
  rig = await openOutageRig({ dir, durable: false });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe('PostgreSQL stopped and started under the real server process', () => {
  const modes: StopMode[] = ['fast', 'immediate', 'fast', 'immediate'];
  it.each(modes.map((mode, i) => [i + 1, mode] as const))(
    'cycle %i (%s stop): the process survives, 503s, back within 2 s, sockets, bot message once',
    async (n, mode) => {
      const cycle: OutageCycle = await runOutageCycle(rig, n, mode);
      const problems = cycleProblems(cycle);
      if (problems.length) {
        // What the server printed says why (an uncaught error's stack, the fatal log line).
        const log = path.resolve('test-results', 'drills', 'database-outage.server.log');
        fs.mkdirSync(path.dirname(log), { recursive: true });
        fs.writeFileSync(log, rig.server.output());
        process.stderr.write(`cycle ${n}: ${JSON.stringify(cycle)}\nthe server's output: ${log}\n`);
      }
      expect(problems).toEqual([]);
      expect(cycle.while_down.clean_503).toBeGreaterThan(0);
    },
    90_000,
  );
});

describe('errors nothing waits for (issue 36 point 2)', () => {
  it('a job that throws and connections PostgreSQL ends while idle are logged, and the same process carries on', async () => {
    const { staff, socket, studyId } = rigClients(rig);
    const from = rig.server.output().length;
    const logged = () => rig.server.output().slice(from);
    // A send job whose payload the database refuses (the id is no number): its handler throws.
    const [job] = (
      await rig.knex.raw(
        `INSERT INTO pgboss.job (name, data, retry_limit, policy) VALUES ('messenger-send', '{"id": "not-a-number", "attempt": 0}', 0, 'standard') RETURNING id`,
      )
    ).rows as Array<{ id: string }>;
    await expect
      .poll(async () => (await rig.knex('pgboss.job').where('id', job!.id).first('state'))?.state, {
        timeout: 20_000,
        interval: 50,
      })
      .toBe('failed');
    expect(logged()).toMatch(/"level":40[^\n]*"job":"messenger-send"[^\n]*"msg":"job failed"/);

    // Every connection of the server process ended by PostgreSQL, as pg_terminate_backend, a
    // pooler or a fail-over does: the LISTEN connection and the pools' idle ones get an 'error'.
    const resyncs = socket.resyncs;
    const ended = await rig.knex.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name IN ('school-server', 'school-jobs', 'school-realtime')`,
    );
    expect(ended.rows.length).toBeGreaterThan(0);
    await expect.poll(() => socket.resyncs, { timeout: 20_000, interval: 50 }).toBeGreaterThan(resyncs);
    expect(logged()).toContain('realtime listener connection lost; reconnecting');
    expect((await staff.get('/api/user')).status).toBe(200);
    const savedAt = Date.now();
    expect(
      (await staff.patch(`/api/studies/${studyId}`, { comment: 'after the connections were ended' })).status,
    ).toBe(200);
    await socket.waitFor((c) => c.studyId === studyId && c.receivedAt >= savedAt, 15_000);

    expect(rig.server.proc.exitCode).toBeNull();
    expect(logged()).not.toMatch(/"level":60/);
  }, 60_000);
});
