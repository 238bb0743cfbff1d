import { describe, expect, it } from 'vitest';
import { freeSlotAt, studyCreationPath } from './free-slot';
import {
  offPeriodSpans,
  scheduleBackgroundEvents,
  workPeriodSpans,
  type CalendarSchedule,
} from './schedule-events.mapper';

const NOW = '2026-11-22T12:00:00+02:00';
const ms = (iso: string) => new Date(iso).getTime();

const schedule: CalendarSchedule = {
  id: 1,
  user_id: 4,
  start_at: '2026-01-01',
  end_at: null,
  // Monday 10:00–14:00 and Wednesday 16:00–18:00, Kyiv time.
  workperiods: [
    { weekday: 1, start_time: '10:00', duration: 240 },
    { weekday: 3, start_time: '16:00:00', duration: 120 },
  ],
  offperiods: [{ start_at: '2027-01-05T00:00:00+02:00', end_at: '2027-01-10T00:00:00+02:00' }],
};

describe('workPeriodSpans', () => {
  it('expands weekly periods in Kyiv time, 60 days back and forward', () => {
    const spans = workPeriodSpans([schedule], NOW);
    expect(
      spans.some(
        (s) => s.start === ms('2026-11-23T10:00:00+02:00') && s.end === ms('2026-11-23T14:00:00+02:00'),
      ),
    ).toBe(true);
    // Summer time: still 10:00 on the wall clock.
    const summer = workPeriodSpans([schedule], '2026-08-01T12:00:00+03:00');
    expect(summer.some((s) => s.start === ms('2026-08-03T10:00:00+03:00'))).toBe(true);
    const first = Math.min(...spans.map((s) => s.start));
    const last = Math.max(...spans.map((s) => s.end));
    expect(first).toBeGreaterThanOrEqual(ms('2026-09-23T00:00:00+03:00'));
    expect(last).toBeLessThanOrEqual(ms('2027-01-22T00:00:00+02:00'));
    // About 17 weeks of two periods each.
    expect(spans.length).toBeGreaterThan(30);
  });
  it('skips schedules that ended more than 60 days ago and clips to a schedule end', () => {
    expect(workPeriodSpans([{ ...schedule, end_at: '2026-09-01' }], NOW)).toEqual([]);
    const ending = workPeriodSpans([{ ...schedule, end_at: '2026-12-01' }], NOW);
    expect(Math.max(...ending.map((s) => s.end))).toBeLessThanOrEqual(ms('2026-12-01T00:00:00+02:00'));
  });
});

describe('off periods', () => {
  it('adds a 30-day warning zone before each off period (none in transfer mode)', () => {
    const { off, warning } = offPeriodSpans([schedule], NOW);
    expect(off).toEqual([{ start: ms('2027-01-05T00:00:00+02:00'), end: ms('2027-01-10T00:00:00+02:00') }]);
    expect(warning).toEqual([
      { start: ms('2026-12-06T00:00:00+02:00'), end: ms('2027-01-05T00:00:00+02:00') },
    ]);
    expect(offPeriodSpans([schedule], NOW, { transferMode: true }).warning).toEqual([]);
  });
  it("draws the off periods of every schedule it is given: which schedules count is the API's filter, not redone here", () => {
    // Ended 61 days before NOW, so outside the calendar's schedule window, but its last day off
    // runs into the window: an answer the API gave is drawn as given.
    const ended: CalendarSchedule = {
      ...schedule,
      end_at: '2026-09-22T00:00:00+03:00',
      offperiods: [{ start_at: '2026-09-20T00:00:00+03:00', end_at: '2026-09-24T00:00:00+03:00' }],
    };
    expect(offPeriodSpans([ended], NOW).off).toEqual([
      { start: ms('2026-09-20T00:00:00+03:00'), end: ms('2026-09-24T00:00:00+03:00') },
    ]);
  });
  it('builds background events: work first, then warning zones, then off periods', () => {
    const events = scheduleBackgroundEvents([schedule], NOW);
    expect(events.every((e) => e.display === 'background')).toBe(true);
    const kinds = events.map((e) => e.extendedProps.kind);
    expect(kinds.indexOf('offWarning')).toBeGreaterThan(kinds.lastIndexOf('work'));
    expect(kinds[kinds.length - 1]).toBe('off');
    expect(events[0].start).toMatch(/\+0[23]:00$/);
  });
});

describe('freeSlotAt', () => {
  const work = [{ start: ms('2026-11-23T10:00:00+02:00'), end: ms('2026-11-23T14:00:00+02:00') }];
  it('returns the 60-minute slot of the free gap under the click', () => {
    const slot = freeSlotAt(ms('2026-11-23T12:20:00+02:00'), {
      workPeriods: work,
      studies: [],
      offPeriods: [],
    });
    expect(slot).toEqual({ start: ms('2026-11-23T12:00:00+02:00'), end: ms('2026-11-23T13:00:00+02:00') });
  });
  it('cuts the grid from the end of a study and refuses busy or too short time', () => {
    const studies = [{ start: ms('2026-11-23T10:30:00+02:00'), end: ms('2026-11-23T11:30:00+02:00') }];
    const input = { workPeriods: work, studies, offPeriods: [] };
    expect(freeSlotAt(ms('2026-11-23T11:45:00+02:00'), input)?.start).toBe(ms('2026-11-23T11:30:00+02:00'));
    expect(freeSlotAt(ms('2026-11-23T10:10:00+02:00'), input)).toBeNull();
    expect(freeSlotAt(ms('2026-11-23T11:00:00+02:00'), input)).toBeNull();
    expect(freeSlotAt(ms('2026-11-23T13:45:00+02:00'), input)).toBeNull();
  });
  it('refuses off periods and time outside work periods', () => {
    const off = [{ start: ms('2026-11-23T00:00:00+02:00'), end: ms('2026-11-24T00:00:00+02:00') }];
    expect(
      freeSlotAt(ms('2026-11-23T12:00:00+02:00'), { workPeriods: work, studies: [], offPeriods: off }),
    ).toBeNull();
    expect(
      freeSlotAt(ms('2026-11-23T15:00:00+02:00'), { workPeriods: work, studies: [], offPeriods: [] }),
    ).toBeNull();
  });
  it('builds the study creation path of the spec', () => {
    const path = studyCreationPath('2026-11-23T12:00:00+02:00', 7);
    expect(path).toContain('users[]=7');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/admin/studies');
    expect(url.searchParams.has('create')).toBe(true);
    expect(url.searchParams.get('start')).toBe('2026-11-23T12:00:00+02:00');
    expect(url.searchParams.get('end')).toBe('2026-11-23T13:00:00+02:00');
    expect(url.searchParams.get('duration')).toBe('60');
    expect(url.searchParams.get('trial')).toBe('1');
    expect(url.searchParams.getAll('users[]')).toEqual(['7']);
  });
});
