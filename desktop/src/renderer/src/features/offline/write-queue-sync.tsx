import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '@school/shared/ui';
import { studyLive } from '@school/shared/ui/study-panels';
import { useServices } from '../../app/services-context';
import { calendarKeys } from '../../kit/calendar-data/calendar-api';
import { ConflictDialog } from './conflict-dialog';
import { connectivity } from './connectivity';
import type { HubSnapshot } from './write-queue-hub';
import { bodyFields, type QueuedWrite, type WriteKind } from './write-queue.rules';

/** The window's queue state (this account's writes, pending, failed or in conflict). */
export function useWriteQueue(): HubSnapshot {
  const { writeQueue } = useServices();
  return useSyncExternalStore(writeQueue.subscribe, writeQueue.getSnapshot, writeQueue.getSnapshot);
}

/** The writes of one study (and kind) still waiting, oldest first. */
export function usePendingWrites(filter: { studyId: number; kind?: WriteKind }): QueuedWrite[] {
  const { writes } = useWriteQueue();
  const { studyId, kind } = filter;
  return useMemo(
    () => writes.filter((write) => write.studyId === studyId && (kind === undefined || write.kind === kind)),
    [writes, studyId, kind],
  );
}

/** The text fields of a queued write (what the teacher typed). */
export function writtenFields(write: QueuedWrite): Record<string, string> {
  return bodyFields(write.body);
}

/**
 * Binds the signed-in account's queue (user id + server address) and sends it: at start, at every
 * sign-in, when the connection comes back. A sent write reloads the calendar and the study's panels.
 * The first write in conflict opens the dialog that lets the teacher choose.
 */
export function WriteQueueSync() {
  const { user } = useAuth();
  const { writeQueue, offline } = useServices();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    writeQueue.bind(userId === null ? null : { userId, server: offline.serverAddress });
  }, [userId, writeQueue, offline.serverAddress]);

  useEffect(
    () =>
      connectivity.subscribe((state) => {
        if (state.online) writeQueue.flushSoon();
      }),
    [writeQueue],
  );

  useEffect(
    () =>
      writeQueue.onSent((write) => {
        void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
        if (write.studyId !== null) studyLive.publish({ studyId: write.studyId, kind: write.kind });
      }),
    [writeQueue, queryClient],
  );

  const { writes } = useWriteQueue();
  const conflict = writes.find((write) => write.state === 'conflict');
  return conflict ? <ConflictDialog key={conflict.id} write={conflict} /> : null;
}
