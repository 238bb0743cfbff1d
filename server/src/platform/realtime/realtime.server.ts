import type http from 'node:http';
import type { Knex } from 'knex';
import { Server } from 'socket.io';
import type { Logger } from '../logging/logger.js';
import { DESKTOP_APP_ORIGIN, isAllowedHandshakeOrigin } from './handshake-origin.js';
import { createPgListener } from './pg-listener.js';
import type {
  RealtimeChannel,
  RealtimeNotification,
  RealtimeServer,
  RealtimeSocket,
  SocketAuthenticator,
  StudyChangeAudience,
} from './realtime.types.js';
import { parseSessionChange, SESSION_CHANGES_CHANNEL, type SessionChange } from './session-change.payload.js';
import { createSocketSessions } from './socket-sessions.js';
import { createStudyChangeBatcher } from './study-change.batcher.js';
import { deliverStudyChange } from './study-change.delivery.js';
import { STUDY_CHANGES_CHANNEL } from './study-change.payload.js';

export interface RealtimeDeps {
  knex: Knex;
  /** The database the LISTEN connection opens (the knex pool's own URL). */
  dbUrl: string;
  logger: Logger;
  authenticate: SocketAuthenticator;
  /** Origins (scheme://host[:port]) whose pages may open a socket, besides this host's own and the desktop app's. */
  allowedOrigins: readonly string[];
  /** The features' socket handlers (the calendar subscriptions, open studies; the chat adds its own). */
  channels: RealtimeChannel[];
  /** Which sockets hear of a study change, judged per session (all that watch it when absent). */
  audience?: StudyChangeAudience;
  /**
   * How often an open socket's session is checked again anyway: sign-out and role switches reach
   * it at once through `session_changes`; this catches what no trigger announces (expiry).
   */
  sessionCheckMs?: number;
  coalesceMs?: number;
  /**
   * Also told of every `session_changes` notification (what the app keeps per session besides
   * sockets: playback grants), and with null when the connection was lost and changes may have
   * been missed.
   */
  onSessionChange?: (change: SessionChange | null) => void;
  /** More channels the features listen to (invoice changes). */
  notifications?: readonly RealtimeNotification[];
}

export interface Realtime {
  io: RealtimeServer;
  /** Resolves when this process listens for study and session changes (tests wait for it; start-up need not). */
  ready: Promise<void>;
  /** Drops every socket connection and stops listening; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/**
 * socket.io on the HTTP server the API runs on (path /socket.io), so one origin and one session
 * cookie serve both. Sockets are authenticated by the session cookie sent with the handshake;
 * the cookie is SameSite=Lax and the handshake's Origin must be the app's, so another site's
 * page cannot open a socket as the user.
 *
 * Fan-out across processes needs no socket.io adapter: every process LISTENs to the database's
 * `study_changes` and `session_changes` channels and serves its own sockets: a sign-out, a
 * password change or a deactivation anywhere ends the session's sockets everywhere at once.
 */
export function attachRealtime(server: http.Server, deps: RealtimeDeps): Realtime {
  const { logger } = deps;
  const allowedOrigins = new Set([...deps.allowedOrigins, DESKTOP_APP_ORIGIN]);
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Chat lines and WebRTC signalling are small; nothing large travels over the socket.
    maxHttpBufferSize: 100_000,
    allowRequest: (req, answer) => answer(null, isAllowedHandshakeOrigin(req, allowedOrigins)),
  });
  const { channels } = deps;
  const notifications = deps.notifications ?? [];
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

  const sessions = createSocketSessions(io, deps.authenticate, logger);
  io.on('connection', (socket: RealtimeSocket) => {
    const ctx = sessions.attach(socket);
    const check = setInterval(() => void ctx.recheck(), sessionCheckMs);
    check.unref();
    socket.on('disconnect', () => clearInterval(check));
    for (const channel of channels) channel(socket, ctx);
  });

  const studyChanges = createStudyChangeBatcher({
    logger,
    coalesceMs: deps.coalesceMs,
    deliver: (change) => deliverStudyChange(io, change, deps.audience),
  });
  const listener = createPgListener({
    connectionString: deps.dbUrl,
    channels: [STUDY_CHANGES_CHANNEL, SESSION_CHANGES_CHANNEL, ...notifications.map((n) => n.channel)],
    logger,
    onNotification(channel, payload) {
      if (channel === STUDY_CHANGES_CHANNEL) return studyChanges.push(payload);
      const feature = notifications.find((n) => n.channel === channel);
      if (feature) return feature.deliver(io, payload ?? '');
      const change = parseSessionChange(payload);
      if (change) {
        sessions.apply(change);
        deps.onSessionChange?.(change);
      } else logger.warn('ignored a malformed session_changes notification');
    },
    // The connection was lost for a while: changes and session ends may have been missed.
    onReconnect() {
      deps.onSessionChange?.(null);
      io.emit('calendar:resync');
      sessions.recheckAll();
    },
  });

  return {
    io,
    ready: listener.ready,
    async close() {
      studyChanges.close();
      await listener.close();
      // Closing the transports (not disconnectSockets) lets clients reconnect on their own, to
      // another process during a rolling restart: socket.io clients only give up after an
      // explicit server disconnect. Not io.close(): it would also close the HTTP server, which
      // main.ts shuts down itself.
      io.engine.close();
    },
  };
}
