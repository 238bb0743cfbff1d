import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Knex } from 'knex';
import { spawnServerProcess, type ServerProcess } from '../../../test/server-process.test-kit.js';
import { TestClient } from '../../../test/test-client.test-kit.js';
import { seedDemoSchool } from '../../db/seeds/demo-school.seed.js';
import {
  startFakeTelegram,
  type FakeTelegram,
} from '../../features/messenger-bots/fake-telegram.test-kit.js';
import { openCalendarClient, sessionCookie, type CalendarClient } from '../realtime/realtime.test-kit.js';
import { hashPassword } from '../security/secrets.js';
import { createKnex, ensureDatabase, migrateLatest } from './database.js';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';

/**
 * The database outage rig of issue 36: a PostgreSQL cluster of its own (never the machine's shared
 * server), the real server process (server/src/main.ts with pg-boss, the reminders' minute job, the
 * LISTEN connection) on it, the fake Telegram Bot API, and a signed-in staff client with a socket
 * watching a teacher's calendar. `runOutageCycle` stops PostgreSQL (fast or immediate) while all
 * of that is busy and starts it again. The short fault test (database-outage.int.test.ts) runs a
 * few cycles; `npm run bench:outage` runs fifty.
 */

/** `fast`: an operator's or a service manager's restart (SIGINT). `immediate`: a crash (SIGQUIT). */
export type StopMode = 'fast' | 'immediate';

const CHAT = '990036';

export interface OutageRig {
  server: ServerProcess;
  telegram: FakeTelegram;
  /** The test's own connection (two at most), for checks; it reconnects like any pool. */
  knex: Knex;
  url: string;
  stop(mode: StopMode): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface RigState {
  staff: TestClient;
  socket: CalendarClient;
  teacherId: number;
  studentId: number;
  studyId: number;
}

const states = new WeakMap<OutageRig, RigState>();

/** The rig's signed-in staff client, its socket and the study both watch. */
export function rigClients(rig: OutageRig): RigState {
  return states.get(rig)!;
}

export async function openOutageRig(opts: {
  dir: string;
  durable: boolean;
  env?: Record<string, string>;
}): Promise<OutageRig> {
  const { dir } = opts;
  fs.rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  let pg: EmbeddedServer | undefined;
  const start = async () => {
    // Not durable (the short test): no fsync, which a crash of PostgreSQL alone (SIGQUIT, not the
    // machine) does not need; but acknowledged commits must survive it, or a job recorded as
    // finished comes back `active` after the restart (seen: a `messenger-send` job stuck so).
    pg = await startEmbeddedPostgres(dir, {
      port,
      persistent: true,
      durable: opts.durable,
      settings: ['synchronous_commit=on'],
    });
  };
  await start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, 'school');
  const dbUrl = `postgres://postgres:postgres@127.0.0.1:${port}/school`;
  // Its own application name (the URL's wins over createKnex's), so that ending the server's
  // connections by name leaves it alone; its warnings while PostgreSQL is down are expected.
  const knex = createKnex(`${dbUrl}?application_name=outage-rig`, 2, { warn: () => undefined });
  await migrateLatest(knex);
  await seedDemoSchool(knex, { hashPassword });
  const { teacherId, studentId, studyId } = await notifyStudy(knex);
  const telegram = await startFakeTelegram();
  const dataDir = `${dir}-data`;
  const server = await spawnServerProcess({
    DATABASE_URL: dbUrl,
    TEST_DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    UPLOADER_START: '0',
    SEED_DEMO: '0',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: '123456:outage',
    BOT_RETRY_BASE_MS: '200',
    ...opts.env,
  });
  const url = /School platform is running: (\S+)/
    .exec(server.output())![1]!
    .replace('localhost', '127.0.0.1');
  const rig: OutageRig = {
    server,
    telegram,
    knex,
    url,
    start,
    async stop(mode) {
      const running = pg;
      pg = undefined;
      if (!running) return;
      if (mode === 'fast') return running.stop();
      const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      await until(() => !alivePid(pid), 30_000, 'PostgreSQL to exit after SIGQUIT');
    },
    async close() {
      const state = states.get(rig);
      state?.socket.close();
      await server.stop();
      await telegram.close();
      await knex.destroy();
      await pg?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const staff = new TestClient(url);
  const signedIn = await staff.post('/login', { email: 'admin@example.com', password: 'demo12345' });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`);
  const socket = await openCalendarClient(url, sessionCookie(staff));
  const ack = await socket.subscribe(teacherId);
  if (!ack.ok) throw new Error(`calendar:subscribe refused: ${JSON.stringify(ack)}`);
  states.set(rig, { staff, socket, teacherId, studentId, studyId });
  return rig;
}

/** A study in progress (notify is refused otherwise) of a free teacher and student; the student's Telegram is the fake's chat. */
async function notifyStudy(knex: Knex) {
  const free = async (roleId: number) => {
    const row = (
      await knex.raw(
        `SELECT u.id FROM users u WHERE u.role_id = ? AND u.active
           AND NOT EXISTS (SELECT 1 FROM study_user su JOIN studies s ON s.id = su.study_id
                           WHERE su.user_id = u.id AND s.start < now() + interval '4 hours' AND s."end" > now() - interval '1 hour')
         ORDER BY u.id LIMIT 1`,
        [roleId],
      )
    ).rows[0] as { id: number } | undefined;
    if (!row) throw new Error(`no free user of role ${roleId} in the demo school`);
    return row.id;
  };
  const teacherId = await free(3);
  const studentId = await free(4);
  const [study] = await knex('studies')
    .insert({
      start: knex.raw(`now() - interval '10 minutes'`),
      end: knex.raw(`now() + interval '170 minutes'`),
      type_id: 1,
      comment: 'outage',
    })
    .returning('id');
  await knex('study_user').insert([
    { study_id: study.id, user_id: teacherId, role_id: 3 },
    { study_id: study.id, user_id: studentId, role_id: 4 },
  ]);
  // Telegram only: the demo student's Viber would be given up at once (no Viber bot configured).
  await knex('users').where('id', studentId).update({ telegram_id: CHAT, viber_id: null });
  return { teacherId, studentId, studyId: study.id as number };
}

export interface OutageCycle {
  cycle: number;
  mode: StopMode;
  /** From the stop call to PostgreSQL accepting connections again. */
  down_ms: number;
  answers: number;
  while_down: { answers: number; clean_503: number; ok: number };
  /** Answers (any phase) that were neither 2xx nor a clean 503: another status, a reset, a refused connection. */
  unclean: number;
  unclean_kinds: Record<string, number>;
  /** From PostgreSQL accepting connections to the first 2xx answer. */
  first_2xx_after_ms: number | null;
  /** From PostgreSQL back to the socket's `calendar:resync` (the LISTEN connection is back). */
  resync_after_ms: number | null;
  /** A study saved after the resync: when its `study:changed` reached the socket (ms after the save). */
  change_after_ms: number | null;
  /** The server process still runs (the same process: no restart). */
  alive: boolean;
  /**
   * The two bot messages the provider answered while PostgreSQL was down (one accepted, one 500):
   * the sends they took (3 = the accepted one once, the refused one twice) and their outbox statuses.
   */
  bot: { sends: number; statuses: string[]; provider_ids: Array<string | null>; accepted_id: string };
  failure: string | null;
}

interface Sample {
  request: string;
  status: number;
  code?: string;
  at: number;
}

const now = () => performance.now();

function alivePid(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls a condition (no fixed sleeps); throws with `what` when it is not met within `timeoutMs`. */
async function until(
  cond: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  abort?: () => string | null,
) {
  const deadline = now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    const reason = abort?.();
    if (reason) throw new Error(`${reason} (waiting for ${what})`);
    if (now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const telegramOk = (messageId: number) =>
  JSON.stringify({ ok: true, result: { message_id: messageId, chat: { id: CHAT } } });

/**
 * One outage: traffic (session reads, lists, saves) from four clients, a bot message whose
 * provider answer is held until PostgreSQL is stopped (its job then records "sent" with the
 * database down), the reminders' minute job queued; PostgreSQL stopped, the answers watched until
 * enough came while it was down, started again; then the first 2xx, the socket's resync and the
 * next change, and the bot message's fate. Never throws: a failure is in `failure`.
 */
export async function runOutageCycle(
  rig: OutageRig,
  cycle: number,
  mode: StopMode,
  opts: { minDownMs?: number } = {},
): Promise<OutageCycle> {
  const minDownMs = opts.minDownMs ?? 0;
  const state = states.get(rig)!;
  const result: OutageCycle = {
    cycle,
    mode,
    down_ms: 0,
    answers: 0,
    while_down: { answers: 0, clean_503: 0, ok: 0 },
    unclean: 0,
    unclean_kinds: {},
    first_2xx_after_ms: null,
    resync_after_ms: null,
    change_after_ms: null,
    alive: true,
    bot: { sends: 0, statuses: [], provider_ids: [], accepted_id: String(1000 + cycle) },
    failure: null,
  };
  const samples: Sample[] = [];
  const exited = () => {
    const p = rig.server.proc;
    return p.exitCode !== null || p.signalCode !== null
      ? `the server process exited (${p.exitCode ?? p.signalCode})`
      : null;
  };
  let traffic = true;
  let downAt = Number.POSITIVE_INFINITY;
  let upAt = Number.POSITIVE_INFINITY;
  const loops: Promise<void>[] = [];
  try {
    const sendsBefore = rig.telegram.sendsTo(CHAT);
    const outboxBefore = Number((await rig.knex('messenger_outbox').max({ id: 'id' }))[0]?.id ?? 0);
    // Two bot messages whose provider answers are held until PostgreSQL is down: one accepted
    // (its job must record "sent" without the database), one refused with a 500 (its job fails
    // while the database is gone, and pg-boss must record that failure).
    const held: http.ServerResponse[] = [];
    rig.telegram.answer(
      (res) => void held.push(res),
      (res) => void held.push(res),
    );
    for (let i = 0; i < 2; i++) {
      const notified = await state.staff.post(`/api/users/${state.studentId}/notify`, {
        type_id: 1,
        study_id: state.studyId,
      });
      if (notified.status !== 200)
        throw new Error(`notify answered ${notified.status} ${notified.text.slice(0, 200)}`);
    }
    // The minute job of the reminders, due now (its cron fires only on the minute).
    await rig.knex.raw(
      `INSERT INTO pgboss.job (name, data, retry_limit, policy) VALUES ('study-reminders-tick', '{}', 0, 'standard')`,
    );

    const requests: Array<[string, () => Promise<{ status: number; body: any }>]> = [
      ['GET /api/user', () => state.staff.get('/api/user')],
      ['GET /api/studies', () => state.staff.get('/api/studies?page=1&perpage=20')],
      [
        'PATCH /api/studies/:id',
        () =>
          state.staff.patch(`/api/studies/${state.studyId}`, { comment: `cycle ${cycle} ${samples.length}` }),
      ],
      ['GET /api/studies/:id', () => state.staff.get(`/api/studies/${state.studyId}`)],
    ];
    for (let k = 0; k < 4; k++) {
      loops.push(
        (async () => {
          for (let i = k; traffic; i++) {
            const [name, send] = requests[i % requests.length]!;
            try {
              const res = await send();
              samples.push({ request: name, status: res.status, code: res.body?.code, at: now() });
            } catch (err) {
              const cause = (err as { cause?: { code?: string } }).cause;
              samples.push({ request: name, status: 0, code: cause?.code ?? 'network', at: now() });
            }
            // Pacing, not waiting for a condition: 503s come back at once and would spin the CPU.
            await new Promise((r) => setTimeout(r, 15));
          }
        })(),
      );
    }
    await until(() => held.length === 2, 20_000, 'the bot messages to reach the fake Telegram', exited);
    await until(
      () => samples.filter((s) => s.status >= 200 && s.status < 300).length >= 4,
      20_000,
      'traffic answered before the stop',
      exited,
    );

    const resyncsBefore = state.socket.resyncs;
    downAt = now();
    await rig.stop(mode);
    // The provider answers now, with the database gone.
    const [accepted, refused] = held as [http.ServerResponse, http.ServerResponse];
    accepted.writeHead(200, { 'Content-Type': 'application/json' });
    accepted.end(telegramOk(Number(result.bot.accepted_id)));
    refused.writeHead(500, { 'Content-Type': 'application/json' });
    refused.end(JSON.stringify({ ok: false, error_code: 500, description: 'Internal Server Error' }));
    const stoppedAt = now();
    // Enough answers while it is down; the drill may also keep it down for a while (an outage of
    // seconds, as a real restart takes, lets the LISTEN connection's backoff grow).
    await until(
      () => samples.filter((s) => s.at > stoppedAt).length >= 8 && now() - stoppedAt >= minDownMs,
      20_000 + minDownMs,
      'answers while PostgreSQL is down',
      exited,
    );
    await rig.start();
    upAt = now();
    result.down_ms = Math.round(upAt - downAt);
    await until(
      () => samples.some((s) => s.at >= upAt && s.status >= 200 && s.status < 300),
      20_000,
      'a 2xx after PostgreSQL is back',
      exited,
    );
    traffic = false;
    await Promise.all(loops);

    await until(
      () => state.socket.resyncs > resyncsBefore || !state.socket.socket.connected,
      30_000,
      'the LISTEN connection back (calendar:resync)',
      exited,
    );
    if (!state.socket.socket.connected) throw new Error('the socket was disconnected');
    result.resync_after_ms = Math.round(now() - upAt);
    const saved = now();
    const savedAt = Date.now();
    const patched = await state.staff.patch(`/api/studies/${state.studyId}`, {
      comment: `after cycle ${cycle}`,
    });
    if (patched.status !== 200) throw new Error(`the save after the restart answered ${patched.status}`);
    await state.socket.waitFor((c) => c.studyId === state.studyId && c.receivedAt >= savedAt, 15_000);
    result.change_after_ms = Math.round(now() - saved);

    // The held messages: both recorded as sent once the database is back; the accepted one never
    // sent again, the refused one once more (its retry).
    const rows = async () =>
      (await rig
        .knex('messenger_outbox')
        .where('id', '>', outboxBefore)
        .where('chat_id', CHAT)
        .orderBy('id')
        .select('id', 'status', 'provider_message_id')) as Array<{
        id: number;
        status: string;
        provider_message_id: string | null;
      }>;
    await until(
      async () => !(await rows()).some((r) => r.status === 'pending'),
      30_000,
      'the bot messages recorded',
      exited,
    );
    const recorded = await rows();
    result.bot.statuses = recorded.map((r) => r.status);
    result.bot.provider_ids = recorded.map((r) => r.provider_message_id);
    // A second send would follow a failed job's retry (a second or so): their pg-boss jobs must be
    // over. Only theirs: a job whose fetch PostgreSQL committed but whose answer the stop cut off
    // stays `active` until it expires (the parent's Viber message, say; docs/reliability.md).
    const ids = recorded.map((r) => r.id);
    const unfinished = () =>
      rig
        .knex('pgboss.job')
        .where('name', 'messenger-send')
        .whereIn('state', ['created', 'retry', 'active'])
        .whereRaw(`(data->>'id')::int = ANY(?)`, [ids]);
    try {
      await until(async () => (await unfinished()).length === 0, 30_000, 'the send jobs to end', exited);
    } catch (err) {
      const jobs = await unfinished().select('state', 'data', 'retry_count', 'start_after', 'started_on');
      throw new Error(`${(err as Error).message}: ${JSON.stringify(jobs)}`);
    }
    result.bot.sends = rig.telegram.sendsTo(CHAT) - sendsBefore;
  } catch (err) {
    result.failure = (err as Error).message;
  } finally {
    traffic = false;
    await Promise.all(loops);
  }
  result.alive = exited() === null;
  result.answers = samples.length;
  const down = samples.filter((s) => s.at >= downAt && s.at < upAt);
  const clean = (s: Sample) => s.status === 503 && s.code === 'service_unavailable';
  const ok = (s: Sample) => s.status >= 200 && s.status < 300;
  result.while_down = {
    answers: down.length,
    clean_503: down.filter(clean).length,
    ok: down.filter(ok).length,
  };
  for (const s of samples.filter((x) => !ok(x) && !clean(x))) {
    result.unclean++;
    const kind = `${s.request} ${s.status} ${s.code ?? ''}`.trim();
    result.unclean_kinds[kind] = (result.unclean_kinds[kind] ?? 0) + 1;
  }
  const first = samples.filter((s) => s.at >= upAt && ok(s)).sort((a, b) => a.at - b.at)[0];
  result.first_2xx_after_ms = first ? Math.round(first.at - upAt) : null;
  return result;
}

/** What a cycle must show (issue 36 point 1); empty when it passed. */
export function cycleProblems(c: OutageCycle, first2xxLimitMs = 2000): string[] {
  const problems: string[] = [];
  if (c.failure) problems.push(c.failure);
  if (!c.alive) problems.push('the server process died');
  if (c.unclean > 0) problems.push(`unclean answers: ${JSON.stringify(c.unclean_kinds)}`);
  if (c.while_down.clean_503 === 0) problems.push('no 503 while PostgreSQL was down');
  if (c.first_2xx_after_ms === null || c.first_2xx_after_ms > first2xxLimitMs)
    problems.push(`first 2xx ${c.first_2xx_after_ms} ms after PostgreSQL was back`);
  if (c.change_after_ms === null) problems.push('the socket got no change after the restart');
  if (c.bot.statuses.join() !== 'sent,sent')
    problems.push(`the held bot messages are ${c.bot.statuses.join() || 'missing'}`);
  if (!c.bot.provider_ids.includes(c.bot.accepted_id))
    problems.push(`the accepted message's provider id ${c.bot.accepted_id} is not recorded`);
  // More is the accepted message sent again; less, the refused one never retried.
  if (c.bot.sends !== 3) problems.push(`the two held bot messages took ${c.bot.sends} sends, not 3`);
  return problems;
}
