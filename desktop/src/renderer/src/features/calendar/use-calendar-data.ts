import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotLoadedOffline } from '../offline/not-loaded-offline';
import { useCallback, useEffect, useMemo } from 'react';
import { useApi } from '@school/shared/ui';
import { toSpan, type Span } from '@school/shared/ui/calendar';
import { onChatRead } from '@school/shared/ui/study-panels';
import {
  createStudyListPatcher,
  mapStudiesToEvents,
  offPeriodSpans,
  scheduleBackgroundEvents,
  workPeriodSpans,
  type BackgroundEventData,
  type CalendarStudy,
  type CalendarTranslate,
  type StudyEventData,
} from '@school/shared/ui/calendar';
import {
  calendarKeys,
  fetchCalendarSchedules,
  fetchCalendarStudies,
  fetchStudyTypes,
} from '../../kit/calendar-data/calendar-api';
import { useCalendarRealtime, type RealtimeStatus } from './use-calendar-realtime';

const POLL_MS = 60_000;

export interface CalendarData {
  studies: CalendarStudy[];
  studyEvents: StudyEventData[];
  backgroundEvents: BackgroundEventData[];
  workSpans: Span[];
  offSpans: Span[];
  studySpans: Span[];
  loading: boolean;
  /** Never loaded and waiting for the server (offline, issue 34): say so instead of spinning. */
  notLoadedOffline: boolean;
  fetching: boolean;
  realtime: RealtimeStatus;
  refresh(): Promise<void>;
}

export interface CalendarDataOptions {
  userId: number;
  audience: 'staff' | 'family';
  canReadSchedules: boolean;
  t: CalendarTranslate;
  language: string;
  /** A chat message changed in one of the calendar's studies (stable callback). */
  onStudyMessage?: (studyId: number, userIds: number[]) => void;
}

/** Server data of one user's calendar (react-query) mapped to calendar events, kept live. */
export function useCalendarData({
  userId,
  audience,
  canReadSchedules,
  t,
  language,
  onStudyMessage,
}: CalendarDataOptions): CalendarData {
  const { client } = useApi();
  const queryClient = useQueryClient();

  // A change names its study: that study alone is fetched and patched into the list (issue 32).
  const patcher = useMemo(
    () =>
      createStudyListPatcher<CalendarStudy>({
        fetchStudies: (ids) => fetchCalendarStudies(client, userId, Date.now(), ids),
        update: (change) =>
          queryClient.setQueryData<CalendarStudy[]>(calendarKeys.studies(userId), (rows) => change(rows)),
        reloadAll: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.studies(userId) }),
      }),
    [client, queryClient, userId],
  );
  const changed = useCallback((studyId: number | null) => patcher.changed(studyId), [patcher]);
  const realtime = useCalendarRealtime(userId, changed, onStudyMessage);
  // A chat read in a modal: its study's "new message" notice goes (the server's flag, read again).
  useEffect(
    () =>
      onChatRead((studyId) => {
        const shown = queryClient.getQueryData<CalendarStudy[]>(calendarKeys.studies(userId));
        if (shown?.some((study) => study.id === studyId && study.hasUnreadMessages)) patcher.changed(studyId);
      }),
    [queryClient, userId, patcher],
  );

  const studies = useQuery({
    queryKey: calendarKeys.studies(userId),
    queryFn: () => patcher.loadAll(() => fetchCalendarStudies(client, userId, Date.now())),
    // Without live updates the calendar still catches up on its own.
    refetchInterval: realtime === 'live' ? false : POLL_MS,
  });
  const schedules = useQuery({
    queryKey: calendarKeys.schedules(userId),
    queryFn: () => fetchCalendarSchedules(client, userId, Date.now()),
    enabled: canReadSchedules,
  });
  const studyTypes = useQuery({
    queryKey: calendarKeys.studyTypes,
    queryFn: () => fetchStudyTypes(client),
    enabled: audience === 'family',
    staleTime: Infinity,
  });

  // "Now" of the notices is the moment the data arrived: the same data always maps the same way.
  const studiesAt = studies.dataUpdatedAt;
  const studyEvents = useMemo(
    () =>
      mapStudiesToEvents(studies.data ?? [], {
        audience,
        now: studiesAt || Date.now(),
        t,
        typeNames: studyTypes.data,
      }),
    // language: titles are translated strings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [studies.data, studiesAt, audience, t, studyTypes.data, language],
  );

  const schedulesAt = schedules.dataUpdatedAt;
  const background = useMemo(() => {
    const list = schedules.data ?? [];
    const now = schedulesAt || Date.now();
    return {
      events: scheduleBackgroundEvents(list, now),
      work: workPeriodSpans(list, now),
      off: offPeriodSpans(list, now).off,
    };
  }, [schedules.data, schedulesAt]);

  const studySpans = useMemo(() => (studies.data ?? []).map(toSpan), [studies.data]);

  const refresh = useCallback(async () => {
    await Promise.all([studies.refetch(), canReadSchedules ? schedules.refetch() : undefined]);
  }, [studies, schedules, canReadSchedules]);

  return {
    studies: studies.data ?? [],
    studyEvents,
    backgroundEvents: background.events,
    workSpans: background.work,
    offSpans: background.off,
    studySpans,
    loading: studies.isPending && !isNotLoadedOffline(studies),
    notLoadedOffline: isNotLoadedOffline(studies),
    fetching: studies.isFetching || schedules.isFetching,
    realtime,
    refresh,
  };
}
