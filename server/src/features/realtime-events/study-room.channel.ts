import { asSubject } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import { studyRoom, type CalendarAck, type RealtimeChannel } from '../../platform/realtime/realtime.types.js';
import type { StudyRoomRepository } from './study-room.repository.js';

/** A few modals and a study form at once; a runaway client gets `too_many`. */
const MAX_OPEN_STUDIES_PER_SOCKET = 20;
const MAX_ID = 2_147_483_647;

/** Whether the session may read the study (the same rule as GET api/studies: its row scope). */
export async function mayOpenStudy(auth: AuthState, studyId: number, studies: StudyRoomRepository): Promise<boolean> {
  const userIds = await studies.participantsOf(studyId);
  return userIds !== null && auth.ability.can('read', asSubject('study', { user_ids: userIds }));
}

function studyIdOf(body: unknown): number | null {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).studyId : undefined;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= MAX_ID ? (id as number) : null;
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
  return (socket, ctx) => {
    const open = new Set<number>();
    const answer = (ack: unknown, value: CalendarAck) => {
      if (typeof ack === 'function') ack(value);
    };
    const allowed = (auth: AuthState, studyId: number) => mayOpenStudy(auth, studyId, studies).catch(() => false);

    ctx.onAuthChange(async (auth) => {
      for (const studyId of open) {
        if (await allowed(auth, studyId)) await socket.join(studyRoom(studyId));
        else await socket.leave(studyRoom(studyId));
      }
    });

    socket.on('study:open', async (body, ack) => {
      const studyId = studyIdOf(body);
      if (studyId === null) return answer(ack, { ok: false, code: 'invalid' });
      const auth = await ctx.reauthenticate().catch(() => null);
      if (!auth) {
        answer(ack, { ok: false, code: 'unauthenticated' });
        socket.disconnect(true);
        return;
      }
      socket.data.auth = auth;
      if (!(await allowed(auth, studyId))) return answer(ack, { ok: false, code: 'forbidden' });
      if (!open.has(studyId) && open.size >= MAX_OPEN_STUDIES_PER_SOCKET) return answer(ack, { ok: false, code: 'too_many' });
      open.add(studyId);
      await socket.join(studyRoom(studyId));
      // The rights changed while this was decided (onAuthChange may have run before the add).
      const now = socket.data.auth;
      if (now !== auth && !(await allowed(now, studyId))) {
        await socket.leave(studyRoom(studyId));
        return answer(ack, { ok: false, code: 'forbidden' });
      }
      answer(ack, { ok: true });
    });

    socket.on('study:close', async (body, ack) => {
      const studyId = studyIdOf(body);
      if (studyId === null) return answer(ack, { ok: false, code: 'invalid' });
      open.delete(studyId);
      await socket.leave(studyRoom(studyId));
      answer(ack, { ok: true });
    });
  };
}
