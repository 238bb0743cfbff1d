import { anyOfFilter, fetchWholeList, idChunks, type ApiClient, type DataEnvelope } from '@school/shared/api';
import { calendarWindows, toKyivIso } from '@school/shared/ui/calendar';
import type { CalendarSchedule, CalendarStudy } from '@school/shared/ui/calendar';

/** Calls of the home calendar (spec part 1 §7 "Studies and calendar"). */

interface ListEnvelope<T> {
  data: T[];
  meta?: { total: number };
}

export const calendarKeys = {
  all: ['calendar'] as const,
  studies: (userId: number) => ['calendar', 'studies', userId] as const,
  schedules: (userId: number) => ['calendar', 'schedules', userId] as const,
  studyTypes: ['study_types'] as const,
};

/**
 * The flags call's columns (spec part 1 §7): the spec's flags, plus `isNoReport` for the
 * missing-report notice, `hasUnreadMessages` for the unread-chat notice and `attendance` for the
 * families' answers from the bot (the event's mark and the modal; docs/domain-rules.md, "Desktop calendar").
 */
const FLAG_SELECT = [
  'id',
  'start',
  'type_id',
  'isPaid',
  'isLast',
  'studyReportCheck',
  'isBonus',
  'isNoReport',
  'hasUnreadMessages',
  'attendance',
  // The row's version: a comment / miss status saved offline is sent with it as If-Match (issue 34).
  'updated_at',
];

type StudyFlags = Pick<
  CalendarStudy,
  | 'id'
  | 'isPaid'
  | 'isLast'
  | 'studyReportCheck'
  | 'isBonus'
  | 'isNoReport'
  | 'hasUnreadMessages'
  | 'attendance'
  | 'recordings_count'
  | 'updated_at'
>;

/**
 * The spec's two calls (part 1 §7): the user's studies from the start of the Kyiv day 60 days ago
 * with participants, classes and reports; then, for those ids joined by `|`, the flags and the
 * recordings count. The answers are joined by id. A teacher with more studies than one answer
 * holds gets them in several calls of each (whole-list.ts).
 * With `ids`, the same calls narrowed to those studies (a `study:changed` names one, issue 32):
 * an id missing from the answer has left this calendar (deleted, moved out of the window, or no
 * longer visible to the caller).
 */
export async function fetchCalendarStudies(
  client: ApiClient,
  userId: number,
  now: number,
  ids?: readonly number[],
): Promise<CalendarStudy[]> {
  const studies = await fetchWholeList<CalendarStudy>(
    (filterDatesEnd) =>
      client.get<ListEnvelope<CalendarStudy>>('/api/studies', {
        with: ['users', 'users.classes', 'reports'],
        withFilter: { 'users.id': userId },
        filterDatesStart: { start: toKyivIso(calendarWindows(now).studiesFrom) },
        ...(filterDatesEnd ? { filterDatesEnd } : {}),
        ...(ids ? { filter: { id: anyOfFilter(ids) } } : {}),
      }),
    'start',
  );
  if (studies.length === 0) return [];
  const byId = new Map<number, StudyFlags>();
  for (const chunk of idChunks(studies.map((s) => s.id))) {
    const flags = await client.get<ListEnvelope<StudyFlags>>('/api/studies', {
      select: FLAG_SELECT,
      withCount: ['recordings'],
      filter: { id: anyOfFilter(chunk) },
    });
    for (const f of flags.data) byId.set(f.id, f);
  }
  return studies.map((study) => ({ ...study, ...byId.get(study.id) }));
}

/**
 * Schedules ending within the last 60 days or open-ended (the API counts a schedule without an end
 * as ending after any date), with work and off periods: GET api/schedules as part 1 §7 writes it.
 */
export async function fetchCalendarSchedules(
  client: ApiClient,
  userId: number,
  now: number,
): Promise<CalendarSchedule[]> {
  const answer = await client.get<ListEnvelope<CalendarSchedule>>('/api/schedules', {
    with: ['workperiods', 'offperiods'],
    filterDatesStart: { end_at: toKyivIso(calendarWindows(now).schedulesEndingAfter) },
    filter: { user_id: userId },
  });
  return answer.data;
}

export async function fetchStudyTypes(client: ApiClient): Promise<Map<number, string>> {
  const answer = await client.get<ListEnvelope<{ id: number; name: string }>>('/api/study_types');
  return new Map(answer.data.map((type) => [type.id, type.name]));
}

export interface StudyUpdate {
  comment?: string;
  miss_status?: number;
}

export interface StudyUpdateAnswer {
  id: number;
  comment: string | null;
  miss_status: number;
  recordings_count?: number;
  start: string;
  end: string;
  updated_at?: string;
}

/**
 * POST api/studies/{id} as a form with _method=patch (spec part 1 §7). `version`: the `updated_at`
 * the teacher started from; if the save waits in the offline queue, it is sent with it as If-Match.
 */
export async function updateStudy(
  client: ApiClient,
  studyId: number,
  update: StudyUpdate,
  version?: string | null,
): Promise<StudyUpdateAnswer> {
  const form = new URLSearchParams({ _method: 'patch' });
  if (update.comment !== undefined) form.set('comment', update.comment);
  if (update.miss_status !== undefined) form.set('miss_status', String(update.miss_status));
  const answer = await client.post<DataEnvelope<StudyUpdateAnswer>>(`/api/studies/${studyId}`, form, {
    baseVersion: version,
  });
  return answer.data;
}
