import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../domain/roles';
import { inKyiv, type Span } from './calendar-window';
import {
  checkOfferedTransfer,
  nextTemplateStart,
  offeredSlots,
  slotDataRange,
  slotTeacherIds,
  slotTime,
  transferCheckSpan,
  type SlotTime,
} from './offered-slots';
import { transferWindow } from './study-transfer';
import { TIME_ZONE } from '../domain/constants';

/**
 * The offered-slot rule (issue 28 point 6): one computation behind the free slots a calendar
 * shows, the transfer check and the next study date.
 */

const kyiv = (iso: string) => DateTime.fromISO(iso, { zone: TIME_ZONE }).toMillis();
const local = (ms: number) => inKyiv(ms).toFormat("yyyy-MM-dd'T'HH:mm");
const span = (from: string, to: string): Span => ({ start: kyiv(from), end: kyiv(to) });
const weekdays = (start_time: string, duration: number) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start_time, duration }));
const schedule = (start_time: string, duration: number) => ({
  start_at: kyiv('2025-01-01T00:00'),
  end_at: null,
  workperiods: weekdays(start_time, duration),
});

describe('the offered time', () => {
  const range = slotDataRange(span('2025-06-09T00:00', '2025-06-10T00:00'));

  it('reads a day beyond each side of the window', () => {
    expect([local(range.start), local(range.end)]).toEqual(['2025-06-08T00:00', '2025-06-11T00:00']);
  });

  it('is the time every teacher of the study works, with the days off of any of them', () => {
    const time = slotTime(
      [
        { schedules: [schedule('09:00', 360)], offPeriods: [span('2025-06-10T12:00', '2025-06-10T13:00')] },
        { schedules: [schedule('11:00', 360)], offPeriods: [span('2025-06-09T14:00', '2025-06-09T15:00')] },
      ],
      [span('2025-06-09T11:00', '2025-06-09T12:00')],
      range,
    );
    // Monday 09.06: 11:00-15:00 shared; Tuesday 10.06 the same.
    expect(
      time.workTime
        .filter((s) => local(s.start).startsWith('2025-06-09'))
        .map((s) => [local(s.start), local(s.end)]),
    ).toEqual([['2025-06-09T11:00', '2025-06-09T15:00']]);
    expect(time.offPeriods).toHaveLength(2);
    // Minus the study at 11:00 and the second teacher's 14:00 day off: only 12:00 is offered.
    const slots = offeredSlots(time, span('2025-06-09T00:00', '2025-06-10T00:00'), 60);
    expect(slots.map((s) => local(s.start))).toEqual(['2025-06-09T12:00', '2025-06-09T13:00']);
  });

  it('takes the teaching participants: Teacher and Methodologist, not the student', () => {
    expect(
      slotTeacherIds([
        { user_id: 3, role_id: ROLE.Teacher },
        { user_id: 8, role_id: ROLE.Student },
        { user_id: 9, role_id: ROLE.Methodologist },
      ]),
    ).toEqual([3, 9]);
  });
});

describe('the transfer accepts exactly what is offered', () => {
  const now = kyiv('2025-06-02T12:00');
  const study = { start: kyiv('2025-06-05T15:00'), end: kyiv('2025-06-05T16:00'), studentCount: 1 };
  const last = kyiv('2025-06-05T15:00');
  const window = transferWindow(now, last, study.start);
  const time: SlotTime = slotTime(
    [{ schedules: [schedule('10:00', 240)], offPeriods: [span('2025-06-04T00:00', '2025-06-05T00:00')] }],
    [span('2025-06-06T10:30', '2025-06-06T11:30')],
    slotDataRange(window),
  );
  const decide = (newStart: number) => {
    const r = checkOfferedTransfer(time, { study, newStart, now, subscriptionLastStudyDate: last });
    return r.ok ? 'ok' : r.code;
  };

  it('every offered start is accepted, and nothing else in the window is', () => {
    const offered = offeredSlots(time, window, 60).map((s) => s.start);
    expect(offered.map(local)).toContain('2025-06-06T11:30');
    expect(offered.map(local)).not.toContain('2025-06-04T10:00');
    for (const start of offered) expect(decide(start)).toBe('ok');
    // Every quarter of an hour of the window: accepted exactly when offered.
    for (let at = window.start; at < window.end; at += 15 * 60_000) {
      expect(decide(at) === 'ok', local(at)).toBe(offered.includes(at));
    }
  });

  it('says why a start is refused: off the grid, taken, a day off, past the limit', () => {
    expect(decide(kyiv('2025-06-06T12:00'))).toBe('slot_not_free');
    expect(decide(kyiv('2025-06-06T10:00'))).toBe('slot_taken');
    expect(decide(kyiv('2025-06-04T10:00'))).toBe('slot_in_off_period');
    expect(decide(kyiv('2025-06-10T10:00'))).toBe('slot_after_limit');
  });

  it('reads the asked slot even outside the transfer window', () => {
    const asked = kyiv('2025-06-20T10:00');
    const read = transferCheckSpan(window, asked, 3_600_000);
    expect([read.start, local(read.end)]).toEqual([window.start, '2025-06-20T11:00']);
  });
});

describe('the next study date', () => {
  const template = [
    { weekday: 3, start_time: '16:00', duration: 60 },
    { weekday: 1, start_time: '10:00', duration: 60 },
  ];
  const after = kyiv('2025-06-09T10:00'); // Monday's study, the package's latest
  const until = kyiv('2025-07-09T00:00');
  const time = (offPeriods: Span[], busy: Span[]) => ({ offPeriods, busy });

  it('is the first template start after the latest study', () => {
    expect(local(nextTemplateStart(template, time([], []), after, until)!)).toBe('2025-06-11T16:00');
  });

  it('skips days off and studies of the teacher or the student', () => {
    const off = [span('2025-06-11T00:00', '2025-06-12T00:00')];
    expect(local(nextTemplateStart(template, time(off, []), after, until)!)).toBe('2025-06-16T10:00');
    const busy = [span('2025-06-16T10:30', '2025-06-16T11:30')];
    expect(local(nextTemplateStart(template, time(off, busy), after, until)!)).toBe('2025-06-18T16:00');
  });

  it('answers none when nothing is free before the horizon', () => {
    expect(
      nextTemplateStart(template, time([span('2025-06-09T00:00', '2025-07-10T00:00')], []), after, until),
    ).toBeNull();
  });
});
