import { readsThroughChildren, teachesLessons } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import { calendarRoom, type RealtimeChannel } from '../../platform/realtime/realtime.types.js';
import { roomMembershipChannel } from './room-membership.channel.js';
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
  if (readsThroughChildren(auth.roleId)) return auth.childIds.includes(userId);
  if (teachesLessons(auth.roleId)) {
    return access.teachesStudent(auth.user.id, userId);
  }
  return false;
}

/**
 * `calendar:subscribe` / `calendar:unsubscribe` with `{ userId }`, answered through the ack.
 * A socket is in a calendar's room only while its session may watch that calendar: the
 * calendars subscribed are kept, and judged again whenever the session's rights change (a role
 * switch leaves the rooms the new role may not see; the restore takes them back).
 */
export function calendarChannel(access: CalendarAccessRepository): RealtimeChannel {
  return roomMembershipChannel({
    join: 'calendar:subscribe',
    leave: 'calendar:unsubscribe',
    idField: 'userId',
    room: calendarRoom,
    allowed: (auth, userId) => mayWatchCalendar(auth, userId, access),
    max: MAX_CALENDARS_PER_SOCKET,
  });
}
