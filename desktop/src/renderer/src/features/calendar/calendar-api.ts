import type { ApiClient, DataEnvelope } from '@school/shared/api';
import { calendarWindows, schedulesInWindow, toKyivIso } from '@school/shared/ui/calendar';
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

/** The study columns and flags the calendar and the study modal read. */
const STUDY_SELECT = [
  'id',
  'start',
  'end',
  'type_id',
  'trial',
  'comment',
  'miss_status',
  'isPaid',
  'isLast',
  'isBonus',
  'studyReportCheck',
  'isNoReport',
];

/**
 * One call instead of the spec's two (list, then flags by ids joined with `|`): the API accepts
 * with[], select[] and withCount[] together, and a list of ids would outgrow the query limits.
 * Studies load from the start of the Kyiv day 60 days ago.
 */
export async function fetchCalendarStudies(client: ApiClient, userId: number, now: number): Promise<CalendarStudy[]> {
  const answer = await client.get<ListEnvelope<CalendarStudy>>('/api/studies', {
    with: ['users', 'users.classes', 'reports'],
    withFilter: { 'users.id': userId },
    select: STUDY_SELECT,
    // Not subscriptions: only package readers may count them; the participants' pivot tells.
    withCount: ['recordings'],
    filterDatesStart: { start: toKyivIso(calendarWindows(now).studiesFrom) },
  });
  return answer.data;
}

/**
 * Schedules ending within the last 60 days or open-ended, with work and off periods. The spec's
 * filterDatesStart[end_at] would drop the open-ended ones (the API compares `end_at >= date`,
 * false for NULL), so a teacher's few schedules are loaded and the window is applied here.
 */
export async function fetchCalendarSchedules(client: ApiClient, userId: number, now: number): Promise<CalendarSchedule[]> {
  const answer = await client.get<ListEnvelope<CalendarSchedule>>('/api/schedules', {
    with: ['workperiods', 'offperiods'],
    filter: { user_id: userId },
  });
  return schedulesInWindow(answer.data, now);
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
}

/** POST api/studies/{id} as a form with _method=patch (spec part 1 §7). */
export async function updateStudy(client: ApiClient, studyId: number, update: StudyUpdate): Promise<StudyUpdateAnswer> {
  const form = new URLSearchParams({ _method: 'patch' });
  if (update.comment !== undefined) form.set('comment', update.comment);
  if (update.miss_status !== undefined) form.set('miss_status', String(update.miss_status));
  const answer = await client.post<DataEnvelope<StudyUpdateAnswer>>(`/api/studies/${studyId}`, form);
  return answer.data;
}
