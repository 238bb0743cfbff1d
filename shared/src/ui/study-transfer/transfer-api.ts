import { createResourceApi, resourcePath, type ApiClient } from '@school/shared/api';
import { packageLastStudyStart, transferPackageId } from '@school/shared/rules';
import type { CalendarSchedule, CalendarStudy, Span } from '../calendar';
import { participantRoleId, toMillis, toKyivIso } from '../calendar';

/** Calls of the transfer mode (spec part 1 §4, §7; docs/domain-rules.md "Scheduling and transfer"). */

interface ListEnvelope<T> {
  data: T[];
}

interface StudyWithPackages {
  id: number;
  subscriptions?: Array<{ id: number; studies?: Array<{ id: number; start: string }> }>;
}

/**
 * The start of the last study of the student's own package (the transfer limit is that date plus
 * 4 days; shared rules `transferPackageId`, `packageLastStudyStart`, the server's too), null for a
 * study on no package. GET api/studies with[]=subscriptions.studies sorted by start.
 */
export async function fetchPackageLastStudy(
  client: ApiClient,
  study: CalendarStudy,
  signal?: AbortSignal,
): Promise<number | null> {
  const answer = await createResourceApi(client).list<'studies', StudyWithPackages>(
    'studies',
    {
      with: ['subscriptions.studies'],
      withSort: { 'subscriptions.studies.start': 'start' },
      filter: { id: study.id },
    },
    { signal },
  );
  const participants = (study.users ?? []).map((u) => ({
    role_id: participantRoleId(u),
    subscription_id: u.pivot?.subscription_id,
  }));
  return packageLastStudyStart(transferPackageId(participants), answer.data[0]?.subscriptions ?? []);
}

/** The teacher's schedules with off periods (GET api/schedules with[]=offperiods, filter[user_id]). */
export async function fetchTeacherOffPeriods(
  client: ApiClient,
  teacherId: number,
  signal?: AbortSignal,
): Promise<CalendarSchedule[]> {
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
export async function fetchFreeSlots(
  client: ApiClient,
  studyId: number,
  window: Span,
  signal?: AbortSignal,
): Promise<Span[]> {
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
 * Saves the picked slot: POST api/studies/{id} as a form with _method=patch, the study's comment and
 * miss status as loaded, and the new start (spec part 1 §7). The comment and miss status go back
 * unchanged: a Responsible may change neither (the server refuses a different value).
 */
export async function saveTransfer(
  client: ApiClient,
  study: CalendarStudy,
  start: number,
): Promise<MovedStudy> {
  const form = new URLSearchParams({
    _method: 'patch',
    comment: study.comment ?? '',
    miss_status: String(study.miss_status),
    start: toKyivIso(start),
  });
  const answer = await client.post<{ data: MovedStudy }>(resourcePath('studies', study.id), form);
  return answer.data;
}
