import type { Logger } from '../logging/logger.js';
import type { AuthState } from '../security/auth-state.js';
import type {
  RealtimeServer,
  RealtimeSocket,
  RealtimeSocketContext,
  SocketAuthenticator,
} from './realtime.types.js';
import type { SessionChange } from './session-change.payload.js';

// Rooms no client can join or name: they find this process's sockets of a session or a user.
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const accountRoom = (userId: number) => `account:${userId}`;

export interface SocketSessions {
  /** Registers a newly connected socket; the context is what its channels get. */
  attach(socket: RealtimeSocket): RealtimeSocketContext & { recheck(): Promise<void> };
  /** A `session_changes` notification: ends or re-checks the sockets it names. */
  apply(change: SessionChange): void;
  /** Re-checks every socket (after notifications may have been missed). */
  recheckAll(): void;
}

/**
 * Keeps each socket tied to the session that opened it. A session that ends ends its sockets at
 * once; a session whose rights change has its socket re-authenticated and its channels told.
 */
export function createSocketSessions(
  io: RealtimeServer,
  authenticate: SocketAuthenticator,
  logger: Logger,
): SocketSessions {
  const rechecks = new WeakMap<RealtimeSocket, () => Promise<void>>();

  const socketsIn = (room: string): RealtimeSocket[] =>
    [...(io.sockets.adapter.rooms.get(room) ?? [])].flatMap((id) => io.sockets.sockets.get(id) ?? []);

  return {
    attach(socket) {
      const handlers: Array<(auth: AuthState) => Promise<void>> = [];
      const reauthenticate = () => authenticate(socket.request.headers.cookie);
      const recheckNow = async () => {
        if (socket.disconnected) return;
        const auth = await reauthenticate();
        if (!auth || auth.sessionId !== socket.data.auth.sessionId) {
          socket.disconnect(true);
          return;
        }
        socket.data.auth = auth;
        for (const handler of handlers) await handler(auth);
      };
      // One at a time, in order: a switch and a quick restore must end in the restored rooms.
      let queue = Promise.resolve();
      const recheck = () => {
        queue = queue
          .then(recheckNow)
          .catch((err: unknown) => logger.warn({ err }, 'socket session check failed'));
        return queue;
      };
      rechecks.set(socket, recheck);
      void socket.join([sessionRoom(socket.data.auth.sessionId), accountRoom(socket.data.auth.user.id)]);
      return { reauthenticate, onAuthChange: (handler) => void handlers.push(handler), recheck };
    },

    apply(change) {
      const targets = new Set<RealtimeSocket>();
      for (const id of change.sessionIds) for (const s of socketsIn(sessionRoom(id))) targets.add(s);
      for (const id of change.userIds) for (const s of socketsIn(accountRoom(id))) targets.add(s);
      for (const socket of targets) {
        if (change.kind === 'ended') socket.disconnect(true);
        else void rechecks.get(socket)?.();
      }
    },

    recheckAll() {
      for (const socket of io.sockets.sockets.values()) void rechecks.get(socket)?.();
    },
  };
}
