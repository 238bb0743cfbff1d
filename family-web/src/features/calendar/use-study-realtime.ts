import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { publishResync, publishSocketChange, studyLive } from '@school/shared/ui/study-panels';
import type { RealtimeStatus } from '../../kit/calendar/realtime-status';

export type { RealtimeStatus };

interface StudyChange {
  studyId?: unknown;
  userIds?: unknown;
}

type CalendarAck = { ok: true } | { ok: false; code: string };

const ACK_TIMEOUT_MS = 5_000;

/**
 * Live updates of one user's calendar over socket.io (server: server/src/platform/realtime and
 * features/realtime-events): after `calendar:subscribe` {userId} is acknowledged with { ok: true },
 * each `study:changed` naming that user calls `onChange` with its study id (null when it names
 * none), and each `calendar:resync` or reconnect with null: changes may have been missed.
 *
 * Without an answer (socket refused, a proxy dropping websockets) the status is 'polling' and the
 * caller refreshes on a timer instead, so a family never sees a stale lesson time for long.
 * The client library loads after the calendar is on screen: it is not needed to draw it.
 */
export function useStudyRealtime(userId: number, onChange: (studyId: number | null) => void): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  // The latest callback without re-connecting when the page re-renders.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let disposed = false;
    const set = (next: RealtimeStatus) => {
      if (!disposed) setStatus(next);
    };
    let socket: Socket | null = null;
    // The open study modal joins its study's room (study:open) on this socket, again after a reconnect.
    let detachRooms = () => {};
    void import('socket.io-client').then(
      ({ io }) => {
        if (disposed) return;
        const live = io({
          path: '/socket.io',
          withCredentials: true,
          transports: ['websocket', 'polling'],
          reconnectionDelayMax: 30_000,
          timeout: ACK_TIMEOUT_MS,
        });
        socket = live;
        const subscribe = () => {
          live
            .timeout(ACK_TIMEOUT_MS)
            .emit('calendar:subscribe', { userId }, (err: Error | null, answer?: CalendarAck) => {
              set(!err && answer?.ok ? 'live' : 'polling');
            });
        };
        // Changes made while the socket was down are not replayed: reload once it is back.
        let connectedBefore = false;
        live.on('connect', () => {
          if (connectedBefore) {
            changed.current(null);
            publishResync();
          }
          connectedBefore = true;
          subscribe();
          detachRooms();
          detachRooms = studyLive.attachRooms({
            open: (studyId) => live.emit('study:open', { studyId }),
            close: (studyId) => live.emit('study:close', { studyId }),
          });
        });
        live.on('connect_error', () => set('polling'));
        live.on('disconnect', () => set('polling'));
        live.on('study:changed', (change: StudyChange) => {
          if (Array.isArray(change?.userIds) && change.userIds.includes(userId)) {
            const { studyId } = change;
            changed.current(
              typeof studyId === 'number' && Number.isInteger(studyId) && studyId > 0 ? studyId : null,
            );
          }
          // The open study's panels (messages, homework, reports) reload from the same socket.
          publishSocketChange(change);
        });
        live.on('calendar:resync', () => {
          changed.current(null);
          publishResync();
        });
      },
      () => set('polling'),
    );

    return () => {
      disposed = true;
      detachRooms();
      socket?.emit('calendar:unsubscribe', { userId });
      socket?.disconnect();
    };
  }, [userId]);

  return status;
}
