import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { publishResync, publishSocketChange, studyLive } from '@school/shared/ui/study-panels';
import { reportSocket } from '../offline/connectivity';

/**
 * Live calendar updates over socket.io (server: server/src/platform/realtime): after
 * `calendar:subscribe` {userId} is acknowledged with { ok: true }, every `study:changed` whose
 * userIds include the shown user calls `onChange` with its study id (null when it names none), and
 * every `calendar:resync` or reconnect with null: changes may have been missed, reload everything.
 *
 * Degrades gracefully: without an answer (no socket server, refused, a proxy that drops
 * websockets) the status stays 'polling' and the page refreshes on a timer instead.
 */
export type RealtimeStatus = 'connecting' | 'live' | 'polling';

interface StudyChange {
  studyId: number | null;
  kind: string;
  userIds: number[];
}

type CalendarAck = { ok: true } | { ok: false; code: string };

const ACK_TIMEOUT_MS = 5_000;

export function useCalendarRealtime(
  userId: number | null,
  onChange: (studyId: number | null) => void,
  /** A chat message was written or deleted in a study of this calendar (message notifications). */
  onStudyMessage?: (studyId: number, userIds: number[]) => void,
): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    if (userId === null) return;
    let disposed = false;
    const socket: Socket = io({
      path: '/socket.io',
      withCredentials: true,
      transports: ['websocket', 'polling'],
      reconnectionDelayMax: 30_000,
      timeout: ACK_TIMEOUT_MS,
    });
    // The socket's drop and return tell the offline banner too (features/offline).
    reportSocket(socket);
    const set = (next: RealtimeStatus) => {
      if (!disposed) setStatus(next);
    };

    const subscribe = () => {
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emit('calendar:subscribe', { userId }, (err: Error | null, answer?: CalendarAck) => {
          set(!err && answer?.ok ? 'live' : 'polling');
        });
    };
    // Changes made while the socket was down are not replayed: reload once it is back.
    let connectedBefore = false;
    // The open study modal joins its study's room (study:open) on this socket, again after a reconnect.
    let detachRooms = () => {};
    socket.on('connect', () => {
      if (connectedBefore) {
        onChange(null);
        publishResync();
      }
      connectedBefore = true;
      subscribe();
      detachRooms();
      detachRooms = studyLive.attachRooms({
        open: (studyId) => socket.emit('study:open', { studyId }),
        close: (studyId) => socket.emit('study:close', { studyId }),
      });
    });
    socket.on('connect_error', () => set('polling'));
    socket.on('disconnect', () => set('polling'));
    socket.on('study:changed', (change: StudyChange) => {
      if (Array.isArray(change?.userIds) && change.userIds.includes(userId)) {
        onChange(
          typeof change.studyId === 'number' && Number.isInteger(change.studyId) && change.studyId > 0
            ? change.studyId
            : null,
        );
        if (change.kind === 'message' && change.studyId !== null)
          onStudyMessage?.(change.studyId, change.userIds);
      }
      // The open study's panels (messages, homework, reports) reload from the same socket.
      publishSocketChange(change);
    });
    socket.on('calendar:resync', () => {
      onChange(null);
      publishResync();
    });

    return () => {
      disposed = true;
      detachRooms();
      socket.emit('calendar:unsubscribe', { userId });
      socket.disconnect();
    };
    // onChange and onStudyMessage are expected to be stable (useCallbacks of the page).
  }, [userId, onChange, onStudyMessage]);

  return userId === null ? 'connecting' : status;
}
