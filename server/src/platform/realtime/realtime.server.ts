import type http from 'node:http';
import type { Knex } from 'knex';
import { Server } from 'socket.io';
import { createCalendarAccessRepository } from '../../features/realtime-events/calendar-access.repository.js';
import { calendarChannel } from '../../features/realtime-events/calendar.channel.js';
import type { SocketAuthenticator } from '../../features/realtime-events/socket-session.auth.js';
import type { Logger } from '../logging/logger.js';
import { createStudyChangeListener } from './study-change.listener.js';
import {
  calendarRoom,
  type RealtimeChannel,
  type RealtimeServer,
  type RealtimeSocket,
} from './realtime.types.js';

export interface RealtimeDeps {
  knex: Knex;
  /** The database the LISTEN connection opens (the knex pool's own URL). */
  dbUrl: string;
  logger: Logger;
  authenticate: SocketAuthenticator;
  /** Defaults to the calendar subscriptions; the chat adds its channel here. */
  channels?: RealtimeChannel[];
  /** How often an open socket's session is checked again; sign-out ends the socket within it. */
  sessionCheckMs?: number;
  coalesceMs?: number;
}

export interface Realtime {
  io: RealtimeServer;
  /** Resolves when this process listens for study changes (tests wait for it; start-up need not). */
  ready: Promise<void>;
  /** Drops every socket connection and stops listening; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/**
 * socket.io on the HTTP server the API runs on (path /socket.io), so one origin and one session
 * cookie serve both. Sockets are authenticated by the session cookie sent with the handshake;
 * the cookie is SameSite=Lax, so another site's page cannot open a socket as the user.
 *
 * Fan-out across processes needs no socket.io adapter: every process LISTENs to the database's
 * `study_changes` channel and emits to its own sockets' rooms.
 */
export function attachRealtime(server: http.Server, deps: RealtimeDeps): Realtime {
  const { logger } = deps;
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Chat lines and WebRTC signalling are small; nothing large travels over the socket.
    maxHttpBufferSize: 100_000,
  });
  const channels = deps.channels ?? [calendarChannel(createCalendarAccessRepository(deps.knex))];
  const sessionCheckMs = deps.sessionCheckMs ?? 5 * 60_000;

  io.use((socket, next) => {
    deps
      .authenticate(socket.request.headers.cookie)
      .then((auth) => {
        if (!auth) return next(new Error('unauthenticated'));
        socket.data.auth = auth;
        next();
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'socket authentication failed');
        next(new Error('server_error'));
      });
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const reauthenticate = () => deps.authenticate(socket.request.headers.cookie);
    const check = setInterval(() => {
      reauthenticate()
        .then((auth) => {
          if (auth) socket.data.auth = auth;
          else socket.disconnect(true);
        })
        .catch((err: unknown) => logger.warn({ err }, 'socket session check failed'));
    }, sessionCheckMs);
    check.unref();
    socket.on('disconnect', () => clearInterval(check));
    for (const channel of channels) channel(socket, { reauthenticate });
  });

  const listener = createStudyChangeListener({
    dbUrl: deps.dbUrl,
    logger,
    coalesceMs: deps.coalesceMs,
    deliver(change) {
      if (change.userIds.length === 0) return;
      // One emit to the union of rooms: a parent watching two children of one group lesson
      // gets the event once.
      io.to(change.userIds.map(calendarRoom)).emit('study:changed', change);
    },
    onResync() {
      io.emit('calendar:resync');
    },
  });

  return {
    io,
    ready: listener.ready,
    async close() {
      await listener.close();
      // Closing the transports (not disconnectSockets) lets clients reconnect on their own, to
      // another process during a rolling restart: socket.io clients only give up after an
      // explicit server disconnect. Not io.close(): it would also close the HTTP server, which
      // main.ts shuts down itself.
      io.engine.close();
    },
  };
}
