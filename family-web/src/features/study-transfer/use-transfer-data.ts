import { useCallback, useMemo } from 'react';
import { ROLE } from '@school/shared/domain';
import { transferWindow } from '@school/shared/rules';
import { useApi } from '@school/shared/ui';
import { offPeriodSpans, participantRoleId, toMillis, type CalendarStudy, type Span } from '@school/shared/ui/calendar';
import { useLoader } from '../../hooks/use-loader';
import { fetchFreeSlots, fetchPackageLastStudy, fetchTeacherOffPeriods } from './transfer-api';

export interface TransferWindowData {
  /** Where slots may be picked: tomorrow (Kyiv) up to the package's last study + 4 days (exclusive). */
  window: Span | null;
  offPeriods: Span[];
  loading: boolean;
  error: unknown;
}

/**
 * The frame of a transfer: the window of spec part 1 §4 from the study's package (shared rule
 * `transferWindow`, the one the server checks with) and the teacher's off periods, drawn without
 * the 30-day warning zone (0 in transfer mode, §9).
 */
export function useTransferWindow(study: CalendarStudy, now: number): TransferWindowData {
  const { client } = useApi();
  const teacherId = (study.users ?? []).find((u) => [ROLE.Teacher, ROLE.Methodologist].includes(participantRoleId(u) as 3 | 7))?.id ?? null;
  const loadLast = useCallback((signal: AbortSignal) => fetchPackageLastStudy(client, study, signal), [client, study]);
  const loadOff = useCallback(
    (signal: AbortSignal) => (teacherId === null ? Promise.resolve([]) : fetchTeacherOffPeriods(client, teacherId, signal)),
    [client, teacherId],
  );
  const last = useLoader(loadLast);
  const schedules = useLoader(loadOff);

  const window = useMemo(
    () => (last.loadedAt > 0 ? transferWindow(now, last.data ?? null, study.start) : null),
    [last.loadedAt, last.data, now, study.start],
  );
  const offPeriods = useMemo(() => offPeriodSpans(schedules.data ?? [], now, { transferMode: true }).off, [schedules.data, now]);
  return { window, offPeriods, loading: last.loading || schedules.loading, error: last.error ?? schedules.error };
}

export interface TransferSlots {
  slots: Span[];
  loading: boolean;
  error: unknown;
  reload(): void;
}

/**
 * The free slots of the shown week inside the window (the server cuts to the window as well), without
 * the study's own time: "moving" it there would change nothing.
 */
export function useTransferSlots(study: CalendarStudy, window: Span | null, week: Span | null): TransferSlots {
  const { client } = useApi();
  const from = window && week ? Math.max(window.start, week.start) : 0;
  const to = window && week ? Math.min(window.end, week.end) : 0;
  const load = useCallback(
    (signal: AbortSignal) => (to > from ? fetchFreeSlots(client, study.id, { start: from, end: to }, signal) : Promise.resolve([])),
    [client, study.id, from, to],
  );
  const loaded = useLoader(window && week ? load : null);
  const currentStart = toMillis(study.start);
  const slots = useMemo(() => (loaded.data ?? []).filter((slot) => slot.start !== currentStart), [loaded.data, currentStart]);
  return { slots, loading: loaded.loading, error: loaded.error, reload: loaded.reload };
}
