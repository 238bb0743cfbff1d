import { ROLE } from '@school/shared/domain';
import type { AuthState } from '../auth/auth-user.js';
import {
  calendarRoom,
  type CalendarAck,
  type RealtimeChannel,
} from '../../platform/realtime/realtime.types.js';
import type { CalendarAccessRepository } from './calendar-access.repository.js';

/** An Administrator with the whole school open in tabs stays far below; a runaway client does not. */
const MAX_CALENDARS_PER_SOCKET = 200;

/**
 * Whose calendar a user may watch live: their own; a Responsible their children's; staff who
 * manage users or studies (Administrator, Manager) anyone's; a Teacher or Methodologist the
 * students they teach. The effective (possibly switched) role decides, as for HTTP.
 */
export async function mayWatchCalendar(
  auth: AuthState,
  userId: number,
  access: CalendarAccessRepository,
): Promise<boolean> {
  if (userId === auth.user.id) return true;
  if (auth.ability.can('manage', 'user') || auth.ability.can('manage', 'study')) return true;
  if (auth.roleId === ROLE.Responsible) return auth.childIds.includes(userId);
  if (auth.roleId === ROLE.Teacher || auth.roleId === ROLE.Methodologist) {
    return access.teachesStudent(auth.user.id, userId);
  }
  return false;
}

function userIdOf(body: unknown): number | null {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).userId : undefined;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null;
}

/**
 * `calendar:subscribe` / `calendar:unsubscribe` with `{ userId }`, answered through the ack.
 * A socket is in a calendar's room only while its session may watch that calendar: the
 * calendars subscribed are kept, and judged again whenever the session's rights change (a role
 * switch leaves the rooms the new role may not see; the restore takes them back).
 */
export function calendarChannel(access: CalendarAccessRepository): RealtimeChannel {
  return (socket, ctx) => {
    const subscribed = new Set<number>();
    const answer = (ack: unknown, value: CalendarAck) => {
      if (typeof ack === 'function') ack(value);
    };

    ctx.onAuthChange(async (auth) => {
      for (const userId of subscribed) {
        const room = calendarRoom(userId);
        if (await mayWatchCalendar(auth, userId, access).catch(() => false)) await socket.join(room);
        else await socket.leave(room);
      }
    });

    socket.on('calendar:subscribe', async (body, ack) => {
      const userId = userIdOf(body);
      if (userId === null) return answer(ack, { ok: false, code: 'invalid' });
      // The handshake may be hours old: sign-out, deactivation or a role switch since then count.
      const auth = await ctx.reauthenticate().catch(() => null);
      if (!auth) {
        answer(ack, { ok: false, code: 'unauthenticated' });
        socket.disconnect(true);
        return;
      }
      socket.data.auth = auth;
      if (!(await mayWatchCalendar(auth, userId, access).catch(() => false))) {
        return answer(ack, { ok: false, code: 'forbidden' });
      }
      if (!subscribed.has(userId) && subscribed.size >= MAX_CALENDARS_PER_SOCKET) {
        return answer(ack, { ok: false, code: 'too_many' });
      }
      subscribed.add(userId);
      await socket.join(calendarRoom(userId));
      // The rights changed while this was decided (onAuthChange may have run before the add).
      const now = socket.data.auth;
      if (now !== auth && !(await mayWatchCalendar(now, userId, access).catch(() => false))) {
        await socket.leave(calendarRoom(userId));
        return answer(ack, { ok: false, code: 'forbidden' });
      }
      answer(ack, { ok: true });
    });

    socket.on('calendar:unsubscribe', async (body, ack) => {
      const userId = userIdOf(body);
      if (userId === null) return answer(ack, { ok: false, code: 'invalid' });
      subscribed.delete(userId);
      await socket.leave(calendarRoom(userId));
      answer(ack, { ok: true });
    });
  };
}
