import { describe, expect, it } from 'vitest';
import { hourRange, kyivIso, sumHours } from './calendar-metrics';
import { CALENDAR_VIEWS, defaultViewFor, showsAllDay } from './calendar-options';

const ms = (iso: string) => new Date(iso).getTime();

describe('sumHours', () => {
  it('sums events that are neither background nor all-day, to 2 decimals', () => {
    const events = [
      { start: '2026-11-23T10:00:00+02:00', end: '2026-11-23T11:00:00+02:00' },
      { start: '2026-11-23T12:00:00+02:00', end: '2026-11-23T12:45:00+02:00' },
      { start: '2026-11-23T13:00:00+02:00', end: '2026-11-23T13:20:00+02:00' },
      { start: '2026-11-23T08:00:00+02:00', end: '2026-11-23T20:00:00+02:00', display: 'background' },
      { start: '2026-11-23T00:00:00+02:00', end: '2026-11-24T00:00:00+02:00', allDay: true },
    ];
    expect(sumHours(events)).toBe(2.08);
  });
  it('counts only the visible part inside the range', () => {
    const events = [{ start: '2026-11-22T23:30:00+02:00', end: '2026-11-23T00:30:00+02:00' }];
    expect(sumHours(events, { start: '2026-11-23T00:00:00+02:00', end: '2026-11-30T00:00:00+02:00' })).toBe(
      0.5,
    );
  });
  it('is 0 without events and ignores events without an end', () => {
    expect(sumHours([])).toBe(0);
    expect(sumHours([{ start: '2026-11-23T10:00:00+02:00', end: null }])).toBe(0);
  });
});

describe('hourRange', () => {
  it('follows the events in Kyiv time', () => {
    const spans = [
      { start: ms('2026-11-23T09:30:00+02:00'), end: ms('2026-11-23T10:30:00+02:00') },
      { start: ms('2026-11-24T17:00:00+02:00'), end: ms('2026-11-24T19:00:00+02:00') },
    ];
    expect(hourRange(spans)).toEqual({ slotMinTime: '09:00:00', slotMaxTime: '19:00:00' });
  });
  it('defaults to 08:00–20:00 and stretches to midnight for a span crossing it', () => {
    expect(hourRange([])).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '20:00:00' });
    const late = [{ start: ms('2026-11-23T22:00:00+02:00'), end: ms('2026-11-24T01:00:00+02:00') }];
    expect(hourRange(late)).toEqual({ slotMinTime: '22:00:00', slotMaxTime: '24:00:00' });
  });
});

describe('calendar options', () => {
  it('opens month for Student and Responsible, week for staff', () => {
    expect(defaultViewFor(4)).toBe(CALENDAR_VIEWS.month);
    expect(defaultViewFor(5)).toBe(CALENDAR_VIEWS.month);
    expect(defaultViewFor(1)).toBe(CALENDAR_VIEWS.week);
    expect(defaultViewFor(3)).toBe(CALENDAR_VIEWS.week);
  });
  it('hides all-day events from families', () => {
    expect(showsAllDay(5)).toBe(false);
    expect(showsAllDay(7)).toBe(true);
  });
  it('formats Kyiv ISO without milliseconds', () => {
    expect(kyivIso('2026-07-01T07:00:00.000Z')).toBe('2026-07-01T10:00:00+03:00');
  });
});
