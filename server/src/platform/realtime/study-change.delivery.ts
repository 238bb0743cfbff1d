import { calendarRoom, type RealtimeServer } from './realtime.types.js';
import type { StudyChange } from './study-change.payload.js';

/**
 * Sends a change to every socket watching one of its users' calendars, each with only the users
 * whose calendars that socket watches. The participant list of a group lesson would otherwise
 * show a parent the ids of their child's classmates; a socket only ever joins the calendars its
 * session may see (calendar.channel.ts), so what it receives names nobody else.
 * One emit per socket: a parent watching two children of one group lesson gets the event once.
 */
export function deliverStudyChange(io: RealtimeServer, change: StudyChange): void {
  const watchedBySocket = new Map<string, number[]>();
  for (const userId of change.userIds) {
    for (const socketId of io.sockets.adapter.rooms.get(calendarRoom(userId)) ?? []) {
      const watched = watchedBySocket.get(socketId);
      if (watched) watched.push(userId);
      else watchedBySocket.set(socketId, [userId]);
    }
  }
  for (const [socketId, userIds] of watchedBySocket) {
    io.sockets.sockets.get(socketId)?.emit('study:changed', { studyId: change.studyId, kind: change.kind, userIds });
  }
}
