import type { AuthState } from '../../platform/security/auth-state.js';
import type { CalendarAck, RealtimeChannel } from '../../platform/realtime/realtime.types.js';

const MAX_ID = 2_147_483_647;

export interface RoomMembership {
  /** Client events that join and leave, e.g. `calendar:subscribe` / `calendar:unsubscribe`. */
  join: 'calendar:subscribe' | 'study:open';
  leave: 'calendar:unsubscribe' | 'study:close';
  /** The body's id field: `{ userId }`, `{ studyId }`. */
  idField: string;
  room: (id: number) => string;
  /** Whether the session may be in that room; a failure counts as no. */
  allowed: (auth: AuthState, id: number) => Promise<boolean>;
  /** Rooms per socket: a runaway client gets `too_many`. */
  max: number;
}

/** A positive int4 id from `{ [field]: 12 }` or `{ [field]: "12" }`, else null. */
function idOf(body: unknown, field: string): number | null {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= MAX_ID ? (id as number) : null;
}

/**
 * Rooms a socket joins by id and keeps only while its session may: the join re-reads the session
 * (the handshake may be hours old: sign-out, deactivation or a role switch since then count), checks,
 * joins, and checks again if the rights changed meanwhile; every later change of the session's rights
 * judges the joined rooms again (a role switch leaves what the new role may not see, the restore takes
 * them back). Answers through the ack: ok, invalid, unauthenticated (and a disconnect), forbidden,
 * too_many. Calendars and open studies are two uses of it.
 */
export function roomMembershipChannel(spec: RoomMembership): RealtimeChannel {
  return (socket, ctx) => {
    const joined = new Set<number>();
    const answer = (ack: unknown, value: CalendarAck) => {
      if (typeof ack === 'function') ack(value);
    };
    const allowed = (auth: AuthState, id: number) => spec.allowed(auth, id).catch(() => false);

    ctx.onAuthChange(async (auth) => {
      for (const id of joined) {
        if (await allowed(auth, id)) await socket.join(spec.room(id));
        else await socket.leave(spec.room(id));
      }
    });

    socket.on(spec.join, async (body, ack) => {
      const id = idOf(body, spec.idField);
      if (id === null) return answer(ack, { ok: false, code: 'invalid' });
      const auth = await ctx.reauthenticate().catch(() => null);
      if (!auth) {
        answer(ack, { ok: false, code: 'unauthenticated' });
        socket.disconnect(true);
        return;
      }
      socket.data.auth = auth;
      if (!(await allowed(auth, id))) return answer(ack, { ok: false, code: 'forbidden' });
      if (!joined.has(id) && joined.size >= spec.max) return answer(ack, { ok: false, code: 'too_many' });
      joined.add(id);
      await socket.join(spec.room(id));
      // The rights changed while this was decided (onAuthChange may have run before the add).
      const now = socket.data.auth;
      if (now !== auth && !(await allowed(now, id))) {
        await socket.leave(spec.room(id));
        return answer(ack, { ok: false, code: 'forbidden' });
      }
      answer(ack, { ok: true });
    });

    socket.on(spec.leave, async (body, ack) => {
      const id = idOf(body, spec.idField);
      if (id === null) return answer(ack, { ok: false, code: 'invalid' });
      joined.delete(id);
      await socket.leave(spec.room(id));
      answer(ack, { ok: true });
    });
  };
}
