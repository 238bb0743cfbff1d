import { DateTime } from 'luxon';
import { TIME_ZONE, inRoleGroup } from '@school/shared/domain';

/** Pure rules of the admin tables (unit-tested; the components stay thin). */

interface StudyLike {
  type_id: number;
  trial: boolean;
  start: string;
  end: string;
  users: readonly { id: number }[];
}

/** `?create` prefilled from a row (spec part 2 §2 "Each row has a duplicate button"). */
export function duplicateParams(row: StudyLike): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type_id', String(row.type_id));
  params.set('trial', row.trial ? '1' : '0');
  params.set('start', row.start);
  const minutes = Math.round(DateTime.fromISO(row.end).diff(DateTime.fromISO(row.start), 'minutes').minutes);
  if (minutes > 0) params.set('duration', String(minutes));
  for (const user of row.users) params.append('users[]', String(user.id));
  return params;
}

/** The settings' table key of a page (`/admin/studies` → `admin.studies`; keys have no slashes). */
export function tableSettingKey(pagePath: string): string {
  return pagePath.replace(/^\/+/, '').replace(/\//g, '.');
}

/** Spec part 1 §2: a row expands only if the user has responsibles, children or notes. */
export function userHasDetails(row: {
  responsibles?: readonly unknown[];
  childs?: readonly unknown[];
  notes?: readonly unknown[];
}): boolean {
  return Boolean(row.responsibles?.length || row.childs?.length || row.notes?.length);
}

/** Spec part 2 §6: the study date changes block shows only for Student or Teacher users. */
export function showsDateChanges(roleId: number): boolean {
  return inRoleGroup('withDateChanges', roleId);
}

export interface FreePeriod {
  start: string;
  end: string;
  futureStudiesCount: number;
}

/** The periods by Kyiv day of the coming week (today and six more days), each day's in time order. */
export function periodsByDay(
  periods: readonly FreePeriod[],
  today: DateTime,
): { day: DateTime; periods: FreePeriod[] }[] {
  const first = today.setZone(TIME_ZONE).startOf('day');
  const days = Array.from({ length: 7 }, (_, i) => ({
    day: first.plus({ days: i }),
    periods: [] as FreePeriod[],
  }));
  for (const period of periods) {
    const start = DateTime.fromISO(period.start, { zone: TIME_ZONE });
    const index = Math.round(start.startOf('day').diff(first, 'days').days);
    if (index >= 0 && index < 7) days[index].periods.push(period);
  }
  for (const day of days) day.periods.sort((a, b) => a.start.localeCompare(b.start));
  return days;
}
