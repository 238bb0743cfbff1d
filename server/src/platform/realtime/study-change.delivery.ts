import { calendarRoom, studyRoom, type RealtimeServer, type StudyChangeAudience } from './realtime.types.js';
import type { StudyChange } from './study-change.payload.js';

/**
 * Sends a change to every socket watching one of its users' calendars, each with only the users
 * whose calendars that socket watches, and to every socket that has the study open (`study:open`;
 * with the calendars it watches among userIds, often none). The participant list of a group
 * lesson would otherwise show a parent the ids of their child's classmates; a socket only ever
 * joins the calendars and studies its session may see (realtime-events), so what it receives
 * names nobody else. `audience` then judges each socket's session against the change (a
 * classmate's homework in a group lesson is not announced to the other family).
 * One emit per socket: a parent watching two children of one group lesson gets the event once.
 */
export function deliverStudyChange(
  io: RealtimeServer,
  change: StudyChange,
  audience?: StudyChangeAudience,
): void {
  const watchedBySocket = new Map<string, number[]>();
  for (const userId of change.userIds) {
    for (const socketId of io.sockets.adapter.rooms.get(calendarRoom(userId)) ?? []) {
      const watched = watchedBySocket.get(socketId);
      if (watched) watched.push(userId);
      else watchedBySocket.set(socketId, [userId]);
    }
  }
  if (change.studyId !== null) {
    for (const socketId of io.sockets.adapter.rooms.get(studyRoom(change.studyId)) ?? []) {
      if (!watchedBySocket.has(socketId)) watchedBySocket.set(socketId, []);
    }
  }
  for (const [socketId, userIds] of watchedBySocket) {
    const socket = io.sockets.sockets.get(socketId);
    if (!socket || (audience && !audience(socket.data.auth, change))) continue;
    socket.emit('study:changed', { studyId: change.studyId, kind: change.kind, userIds });
  }
}
