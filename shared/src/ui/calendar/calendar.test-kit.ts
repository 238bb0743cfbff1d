import type { CalendarStudy, CalendarStudyUser } from './calendar-event.types';

/** Builders for the calendar unit tests (not exported from the index). */
export function user(id: number, roleId: number, extra: Partial<CalendarStudyUser> = {}): CalendarStudyUser {
  return {
    id,
    firstname: `First${id}`,
    surname: `Sur${id}`,
    patronymic: `Pat${id}`,
    full_name: `Sur${id} First${id} Pat${id}`,
    role: { id: roleId, name: String(roleId) },
    pivot: { role_id: roleId, subscription_id: null },
    classes: [],
    ...extra,
  };
}

export const TEACHER = user(4, 3);
export const STUDENT = user(15, 4, {
  classes: [{ id: 5, number: 5 }],
  pivot: { role_id: 4, subscription_id: 5 },
});
export const MANAGER = user(3, 2);

export function study(id: number, start: string, extra: Partial<CalendarStudy> = {}): CalendarStudy {
  const end = new Date(new Date(start).getTime() + 3_600_000).toISOString();
  return {
    id,
    start,
    end,
    type_id: 1,
    trial: false,
    comment: null,
    miss_status: 0,
    users: [TEACHER, STUDENT],
    reports: [{ id: 1, user_id: STUDENT.id, subject: 'Fractions and decimals' }],
    recordings_count: 1,
    subscriptions_count: 1,
    isPaid: true,
    isLast: false,
    isBonus: false,
    studyReportCheck: true,
    isNoReport: false,
    ...extra,
  };
}

/** Returns the key itself, with params when given: assertions read which text was asked for. */
export const keyT = (key: string, params?: Record<string, unknown>) =>
  params ? `${key}:${JSON.stringify(params)}` : key;
