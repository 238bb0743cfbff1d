import { describe, expect, it } from 'vitest';
import { periodText, workWeek } from './schedule-week';

describe('schedules table: the week of work periods', () => {
  it('lists Monday first, Sunday last, each day by start time', () => {
    const week = workWeek([
      { id: 1, weekday: 0, start_time: '10:00', duration: 60 },
      { id: 2, weekday: 1, start_time: '14:00:00', duration: 60 },
      { id: 3, weekday: 1, start_time: '9:00', duration: 240 },
    ]);
    expect(week.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0].periods.map((p) => p.id)).toEqual([3, 2]);
    expect(week[6].periods.map((p) => p.id)).toEqual([1]);
  });
  it('shows each period as its start and end, past midnight too', () => {
    expect(periodText({ id: 1, weekday: 1, start_time: '09:00:00', duration: 240 })).toBe('09:00–13:00');
    expect(periodText({ id: 1, weekday: 6, start_time: '23:30', duration: 60 })).toBe('23:30–00:30');
  });
});
