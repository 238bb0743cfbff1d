import { CALENDAR, inRoleGroup, TIME_ZONE, WEEK_STARTS_ON } from '@school/shared/domain';

/** Calendar settings of spec part 1 §2 and §9 that do not depend on FullCalendar's types. */

export const CALENDAR_VIEWS = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
} as const;
export type CalendarViewName = keyof typeof CALENDAR_VIEWS;
export type CalendarViewType = (typeof CALENDAR_VIEWS)[CalendarViewName];

/** The views years and year exist in the spec but are disabled: they are never offered. */
export const DISABLED_VIEWS = ['years', 'year'] as const;

export const CALENDAR_TIME_ZONE = TIME_ZONE;
/** FullCalendar's firstDay: 1 = Monday (luxon's ISO weekday equals it). */
export const CALENDAR_FIRST_DAY = WEEK_STARTS_ON;
/** Height of one time-grid slot (one hour) in pixels. */
export const TIME_CELL_HEIGHT = CALENDAR.timeCellHeight;
export const TRANSFER_TIME_CELL_HEIGHT = CALENDAR.transferTimeCellHeight;

export function isFamilyRole(roleId: number): boolean {
  return inRoleGroup('familyCalendar', roleId);
}

/** Month for Responsible and Student, week for everyone else. */
export function defaultViewFor(roleId: number): CalendarViewType {
  return isFamilyRole(roleId) ? CALENDAR_VIEWS.month : CALENDAR_VIEWS.week;
}

/** All-day events are hidden from Responsible and Student. */
export function showsAllDay(roleId: number): boolean {
  return !isFamilyRole(roleId);
}

export function isCalendarView(value: unknown): value is CalendarViewType {
  return Object.values(CALENDAR_VIEWS).includes(value as CalendarViewType);
}
