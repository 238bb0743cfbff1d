import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useApi } from '@school/shared/ui';
import { createStudyListPatcher, type CalendarStudy } from '@school/shared/ui/calendar';
import { onChatRead } from '@school/shared/ui/study-panels';
import { useLoader } from '../../hooks/use-loader';
import { fetchFamilyStudies, fetchStudyTypes } from './calendar-api';
import { takePrefetched } from './calendar-prefetch';
import { useStudyRealtime, type RealtimeStatus } from './use-study-realtime';

/** Without a live socket the calendar still catches up on its own (spec: "updates in real time"). */
const POLL_MS = 60_000;
/** Several changes without a study id come at once (a bulk write): reload once for all of them. */
const CHANGE_DEBOUNCE_MS = 150;

export interface FamilyStudies {
  studies: CalendarStudy[];
  typeNames: ReadonlyMap<number, string> | undefined;
  /** Epoch ms the shown studies were loaded at (the "now" the events are mapped with). */
  loadedAt: number;
  loading: boolean;
  error: unknown;
  realtime: RealtimeStatus;
  reload(): void;
}

/** The studies of one calendar user, kept live; mount it again (React key) for another user. */
export function useFamilyStudies(userId: number, owner: number): FamilyStudies {
  const { client } = useApi();
  // A change names its study: that study alone is fetched and patched into the list (issue 32).
  const reloadRef = useRef<() => void>(() => undefined);
  const updateRef = useRef<
    (change: (rows: CalendarStudy[] | undefined) => CalendarStudy[] | undefined) => void
  >(() => undefined);
  const patcher = useMemo(
    () =>
      createStudyListPatcher<CalendarStudy>({
        fetchStudies: (ids) => fetchFamilyStudies(client, userId, Date.now(), undefined, ids),
        update: (change) => updateRef.current(change),
        reloadAll: () => reloadRef.current(),
      }),
    [client, userId],
  );
  // The first load takes what start-up already asked for (calendar-prefetch.ts), if it matches; a
  // failed early call is simply made again.
  const loadStudies = useCallback(
    (signal: AbortSignal) => {
      const fetchNow = () => fetchFamilyStudies(client, userId, Date.now(), signal);
      return patcher.loadAll(() => takePrefetched(owner, userId, 'studies')?.catch(fetchNow) ?? fetchNow());
    },
    [client, userId, owner, patcher],
  );
  const loadTypes = useCallback(
    (signal: AbortSignal) => {
      const fetchNow = () => fetchStudyTypes(client, signal);
      return takePrefetched(owner, userId, 'types')?.catch(fetchNow) ?? fetchNow();
    },
    [client, userId, owner],
  );
  const studies = useLoader(loadStudies);
  const types = useLoader(loadTypes);
  const { reload, update } = studies;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, CHANGE_DEBOUNCE_MS);
  }, [reload]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    reloadRef.current = reloadSoon;
    updateRef.current = update;
  }, [reloadSoon, update]);
  const onChange = useCallback((studyId: number | null) => patcher.changed(studyId), [patcher]);

  const realtime = useStudyRealtime(userId, onChange);
  // A chat read in the modal: its study's "new message" notice goes (the server's flag, read again).
  const shown = studies.data;
  useEffect(
    () =>
      onChatRead(
        (studyId) =>
          shown?.some((study) => study.id === studyId && study.hasUnreadMessages) && onChange(studyId),
      ),
    [shown, onChange],
  );
  useEffect(() => {
    if (realtime === 'live') return;
    const interval = setInterval(reload, POLL_MS);
    return () => clearInterval(interval);
  }, [realtime, reload]);

  return {
    studies: studies.data ?? [],
    typeNames: types.data,
    loadedAt: studies.loadedAt,
    loading: studies.loading && studies.data === undefined,
    error: studies.data === undefined ? studies.error : undefined,
    realtime,
    reload,
  };
}
