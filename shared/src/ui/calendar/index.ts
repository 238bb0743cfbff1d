/**
 * Calendar pieces shared by the staff app and the family web. Everything exported here is plain
 * TypeScript (no React, no FullCalendar); the FullCalendar wrapper lives in ./react.
 */
export * from './calendar-event.types';
export * from './calendar-metrics';
export * from './calendar-options';
export * from './free-slot';
export * from './schedule-events.mapper';
export * from './study-events.mapper';
export * from './calendar-texts';
// The time helpers the calendar's callers need, so they depend on this module only.
export { calendarWindows, kyivWall, toKyivIso, toMillis, toSpan } from '../../rules/calendar-window';
export type { Instant, Span } from '../../rules/calendar-window';
export * from './study-list-sync';
