import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import * as studyNotify from '../../db/migrations/015_study_notify.js';
import { realtimeEventsFor } from '../../features/realtime-events/realtime-events.setup.js';
import { createSessionAuthenticator } from '../../features/realtime-events/socket-session.auth.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, TestClient, type DemoRole } from '../../../test/harness.test-kit.js';
import { createKnex } from '../db/database.js';
import { createLogger } from '../logging/logger.js';
import { attachRealtime, type Realtime } from './realtime.server.js';
import type { CalendarAck } from './realtime.types.js';
import type { StudyChange } from './study-change.payload.js';

/** Test support for the real-time suites: whole server processes and real socket clients. */

/** Until migration 015 is in the list every template database is built from, add it here. */
export async function ensureStudyNotifyTriggers(knex: Knex): Promise<void> {
  const found = await knex.raw(`SELECT 1 FROM pg_proc WHERE proname = 'study_changes_send'`);
  if (found.rows.length === 0) await studyNotify.up(knex);
}

export interface AppProcess {
  url: string;
  knex: Knex;
  realtime: Realtime;
  signInAs(role: DemoRole): Promise<TestClient>;
  close(): Promise<void>;
}

/**
 * What one server process owns: its own knex pool, HTTP server, socket.io and LISTEN connection.
 * Two of these on one database behave as two processes behind a load balancer.
 */
export async function startAppProcess(dbUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const config = loadConfig(process.env, { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const logger = createLogger(config.LOG_LEVEL);
  const knex = createKnex(dbUrl, 5);
  const { server, channels } = createApp({ config, knex, logger });
  const realtime = attachRealtime(server, {
    knex,
    dbUrl,
    logger,
    authenticate: createSessionAuthenticator(knex),
    allowedOrigins: config.APP_ORIGINS,
    ...realtimeEventsFor(knex),
    channels,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await realtime.ready;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    knex,
    realtime,
    async signInAs(role) {
      const c = new TestClient(url);
      const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status}`);
      return c;
    },
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await knex.destroy();
    },
  };
}

export type ReceivedChange = StudyChange & { receivedAt: number };

export interface CalendarClient {
  socket: ClientSocket;
  changes: ReceivedChange[];
  resyncs: number;
  subscribe(userId: number | unknown): Promise<CalendarAck>;
  unsubscribe(userId: number): Promise<CalendarAck>;
  /** `study:open` / `study:close`: a study modal opened and closed. */
  openStudy(studyId: number | unknown): Promise<CalendarAck>;
  closeStudy(studyId: number): Promise<CalendarAck>;
  /** The first change (already received or still to come) matching the predicate. */
  waitFor(match: (c: ReceivedChange) => boolean, timeoutMs?: number): Promise<ReceivedChange>;
  close(): void;
}

export function sessionCookie(client: TestClient): string {
  const token = client.cookies.get('school_session');
  if (!token) throw new Error('the client is not signed in');
  return `school_session=${token}`;
}

/** A socket.io client as a browser would open it, carrying the session cookie. */
export async function openCalendarClient(
  url: string,
  cookie: string | undefined,
  transports: Array<'polling' | 'websocket'> = ['polling', 'websocket'],
  origin?: string,
): Promise<CalendarClient> {
  const socket = connect(url, {
    path: '/socket.io',
    transports,
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(cookie ? { Cookie: cookie } : {}), ...(origin ? { Origin: origin } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  const changes: CalendarClient['changes'] = [];
  const waiters = new Set<() => void>();
  const client: CalendarClient = {
    socket,
    changes,
    resyncs: 0,
    subscribe: (userId) => socket.timeout(5000).emitWithAck('calendar:subscribe', { userId }),
    unsubscribe: (userId) => socket.timeout(5000).emitWithAck('calendar:unsubscribe', { userId }),
    openStudy: (studyId) => socket.timeout(5000).emitWithAck('study:open', { studyId }),
    closeStudy: (studyId) => socket.timeout(5000).emitWithAck('study:close', { studyId }),
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = changes.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching study:changed within ${timeoutMs} ms; got ${JSON.stringify(changes)}`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => socket.close(),
  };
  socket.on('study:changed', (change: StudyChange) => {
    changes.push({ ...change, receivedAt: Date.now() });
    for (const w of [...waiters]) w();
  });
  socket.on('calendar:resync', () => client.resyncs++);
  return client;
}

/** Why a socket was refused: the connect_error message, or 'connected' if it was not. */
export async function refusalOf(url: string, cookie?: string): Promise<string> {
  try {
    const c = await openCalendarClient(url, cookie);
    c.close();
    return 'connected';
  } catch (err) {
    return (err as Error).message;
  }
}

export async function userIdByEmail(knex: Knex, email: string): Promise<number> {
  const row = await knex('users').where({ email }).first('id');
  if (!row) throw new Error(`no user ${email}`);
  return row.id as number;
}

/** A future study shared by the two users (teacher@ and student@ have one every week). */
export async function sharedFutureStudy(knex: Knex, a: number, b: number): Promise<number> {
  const row = await knex('study_user as x')
    .join('study_user as y', 'y.study_id', 'x.study_id')
    .join('studies as s', 's.id', 'x.study_id')
    .where('x.user_id', a)
    .where('y.user_id', b)
    .where('s.start', '>', knex.fn.now())
    .orderBy('s.start')
    .first('s.id');
  if (!row) throw new Error(`users ${a} and ${b} share no future study`);
  return row.id as number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
