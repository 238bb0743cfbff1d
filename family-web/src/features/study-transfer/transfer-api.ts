import { createResourceApi, resourcePath, type ApiClient } from '@school/shared/api';
import type { CalendarSchedule, Span } from '@school/shared/ui/calendar';
import { toMillis, toKyivIso } from '@school/shared/ui/calendar';

/** Calls of the transfer mode (spec part 1 §4, §7; docs/domain-rules.md "Scheduling and transfer"). */

interface ListEnvelope<T> {
  data: T[];
}

interface StudyWithPackages {
  id: number;
  subscriptions?: Array<{ id: number; studies?: Array<{ id: number; start: string }> }>;
}

/**
 * The start of the last study of the study's package (the transfer limit is that date plus 4 days),
 * null for a study on no package. GET api/studies with[]=subscriptions.studies sorted by start.
 */
export async function fetchPackageLastStudy(client: ApiClient, studyId: number, signal?: AbortSignal): Promise<number | null> {
  const answer = await createResourceApi(client).list<'studies', StudyWithPackages>(
    'studies',
    {
      with: ['subscriptions.studies'],
      withSort: { 'subscriptions.studies.start': 'start' },
      filter: { id: studyId },
    },
    { signal },
  );
  const starts = (answer.data[0]?.subscriptions ?? []).flatMap((s) => (s.studies ?? []).map((x) => toMillis(x.start)));
  return starts.length > 0 ? Math.max(...starts) : null;
}

/** The teacher's schedules with off periods (GET api/schedules with[]=offperiods, filter[user_id]). */
export async function fetchTeacherOffPeriods(client: ApiClient, teacherId: number, signal?: AbortSignal): Promise<CalendarSchedule[]> {
  const answer = await createResourceApi(client).list<'schedules', CalendarSchedule>(
    'schedules',
    { with: ['offperiods'], filter: { user_id: teacherId } },
    { signal },
  );
  return answer.data;
}

/**
 * Free slots of the study's teacher in [from, to) (GET /api/studies/:id/free-slots). The server
 * cuts a Responsible's window to the transfer window and leaves out off periods and busy time.
 */
export async function fetchFreeSlots(client: ApiClient, studyId: number, window: Span, signal?: AbortSignal): Promise<Span[]> {
  const answer = await client.get<ListEnvelope<{ start: string; end: string }>>(
    `${resourcePath('studies', studyId)}/free-slots`,
    { from: toKyivIso(window.start), to: toKyivIso(window.end) },
    { signal },
  );
  return answer.data.map((slot) => ({ start: toMillis(slot.start), end: toMillis(slot.end) }));
}

export interface MovedStudy {
  id: number;
  start: string;
  end: string;
}

/**
 * Saves the picked slot: POST api/studies/{id} as a form with _method=patch and start (spec part 1
 * §7). Comment and miss status are staff fields the family app neither loads nor changes, so they
 * are not sent; the server treats absent fields as unchanged.
 */
export async function saveTransfer(client: ApiClient, studyId: number, start: number): Promise<MovedStudy> {
  const form = new URLSearchParams({ _method: 'patch', start: toKyivIso(start) });
  const answer = await client.post<{ data: MovedStudy }>(resourcePath('studies', studyId), form);
  return answer.data;
}
