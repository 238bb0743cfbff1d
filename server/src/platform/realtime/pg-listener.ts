import pg from 'pg';
import { createPgClient } from '../db/pg-client.js';
import type { Logger } from '../logging/logger.js';

export interface PgListenerOptions {
  connectionString: string;
  /** Every channel is LISTENed on the one connection (one connection per process, not per channel). */
  channels: readonly string[];
  logger: Logger;
  onNotification(channel: string, payload: string | undefined): void;
  /** Called after a lost connection is back: notifications sent meanwhile are gone. */
  onReconnect?(): void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  heartbeatMs?: number;
}

export interface PgListener {
  /** Resolves once LISTEN is in place for the first time (it never rejects: it keeps retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTEN on a dedicated connection, outside the knex pool: a pooled connection is handed to
 * other queries and recycled, and would silently stop listening. The connection is re-opened
 * with exponential backoff whenever it fails, and a heartbeat query finds connections that died
 * without an error (a restarted database behind a proxy, a half-open TCP connection).
 */
export function createPgListener(opts: PgListenerOptions): PgListener {
  const initialDelay = opts.initialDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 10_000;
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let everConnected = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(maxDelay, initialDelay * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const dropClient = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    opts.logger.warn({ err, channels: opts.channels }, 'realtime listener connection lost; reconnecting');
    scheduleRetry();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c: pg.Client = createPgClient(
      { connectionString: opts.connectionString, application_name: 'school-realtime', keepAlive: true },
      (err) => dropClient(c, err),
    );
    client = c;
    c.on('end', () => dropClient(c));
    c.on('notification', (msg) => {
      if (opts.channels.includes(msg.channel)) opts.onNotification(msg.channel, msg.payload);
    });
    try {
      await c.connect();
      for (const channel of opts.channels) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      dropClient(c, err);
      return;
    }
    if (closed || client !== c) return;
    attempt = 0;
    heartbeat = setInterval(() => void ping(c), heartbeatMs);
    heartbeat.unref();
    if (everConnected) opts.onReconnect?.();
    everConnected = true;
    markReady();
  }

  async function ping(c: pg.Client) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('listener heartbeat timed out')),
        Math.min(10_000, heartbeatMs),
      );
    });
    try {
      await Promise.race([c.query('SELECT 1'), timeout]);
    } catch (err) {
      dropClient(c, err);
    } finally {
      clearTimeout(timer);
    }
  }

  void connect();

  return {
    ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (heartbeat) clearInterval(heartbeat);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('notification');
        await c.end().catch(() => undefined);
      }
    },
  };
}
