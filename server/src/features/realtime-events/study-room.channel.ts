import { asSubject } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import { studyRoom, type RealtimeChannel } from '../../platform/realtime/realtime.types.js';
import { roomMembershipChannel } from './room-membership.channel.js';
import type { StudyRoomRepository } from './study-room.repository.js';

/** A few modals and a study form at once; a runaway client gets `too_many`. */
const MAX_OPEN_STUDIES_PER_SOCKET = 20;

/** Whether the session may read the study (the same rule as GET api/studies: its row scope). */
export async function mayOpenStudy(
  auth: AuthState,
  studyId: number,
  studies: StudyRoomRepository,
): Promise<boolean> {
  const userIds = await studies.participantsOf(studyId);
  return userIds !== null && auth.ability.can('read', asSubject('study', { user_ids: userIds }));
}

/**
 * `study:open` / `study:close` with `{ studyId }`, answered through the ack: while a study is
 * open, every `study:changed` of that study reaches the socket (new and deleted chat messages,
 * homework, reports, recordings, the study itself), filtered per event by the same read rules as
 * REST (study-change.audience.ts). A study the session may not read, or that does not exist, is
 * `forbidden` (both alike: existence is not told). Rights are judged again on every change of the
 * session's rights, as for calendars.
 */
export function studyRoomChannel(studies: StudyRoomRepository): RealtimeChannel {
  return roomMembershipChannel({
    join: 'study:open',
    leave: 'study:close',
    idField: 'studyId',
    room: studyRoom,
    allowed: (auth, studyId) => mayOpenStudy(auth, studyId, studies),
    max: MAX_OPEN_STUDIES_PER_SOCKET,
  });
}
