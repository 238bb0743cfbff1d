import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { inKyiv, type Span } from './calendar-window';
import {
  expandWorkPeriods,
  freeIntervals,
  freeSlots,
  intersectSpans,
  mergeSpans,
  minutesOfTime,
  subtractSpans,
  type ScheduleRule,
} from './work-slots';
import { TIME_ZONE } from '../domain/constants';

const kyiv = (iso: string) => DateTime.fromISO(iso, { zone: TIME_ZONE }).toMillis();
const local = (ms: number) => inKyiv(ms).toFormat("yyyy-MM-dd'T'HH:mm");
const span = (a: string, b: string): Span => ({ start: kyiv(a), end: kyiv(b) });
const everyDay = (start_time: string, duration: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time, duration }));

describe('expandWorkPeriods', () => {
  it('keeps a 10:00 period at 10:00 local time on both sides of the spring and autumn switches', () => {
    const schedules: ScheduleRule[] = [
      { start_at: kyiv('2025-01-01'), end_at: null, workperiods: everyDay('10:00:00', 60) },
    ];
    const spring = expandWorkPeriods(schedules, kyiv('2025-03-29'), kyiv('2025-04-01'));
    expect(spring.map((s) => local(s.start))).toEqual([
      '2025-03-29T10:00',
      '2025-03-30T10:00',
      '2025-03-31T10:00',
    ]);
    expect(spring.every((s) => s.end - s.start === 3_600_000)).toBe(true);
    // Real time between the two 10:00s across the switch is 23 hours.
    expect(spring[1]!.start - spring[0]!.start).toBe(23 * 3_600_000);
    const autumn = expandWorkPeriods(schedules, kyiv('2025-10-25'), kyiv('2025-10-28'));
    expect(autumn.map((s) => local(s.start))).toEqual([
      '2025-10-25T10:00',
      '2025-10-26T10:00',
      '2025-10-27T10:00',
    ]);
    expect(autumn[1]!.start - autumn[0]!.start).toBe(25 * 3_600_000);
  });

  it('uses weekday 0 = Sunday … 6 = Saturday', () => {
    const schedules: ScheduleRule[] = [
      {
        start_at: kyiv('2025-01-01'),
        end_at: null,
        workperiods: [{ weekday: 0, start_time: '09:30', duration: 90 }],
      },
    ];
    const out = expandWorkPeriods(schedules, kyiv('2025-06-02'), kyiv('2025-06-16'));
    expect(out.map((s) => local(s.start))).toEqual(['2025-06-08T09:30', '2025-06-15T09:30']);
    expect(out.map((s) => local(s.end))).toEqual(['2025-06-08T11:00', '2025-06-15T11:00']);
  });

  it('ends a period that spans the switch at its declared wall-clock end', () => {
    const schedules: ScheduleRule[] = [
      {
        start_at: kyiv('2025-01-01'),
        end_at: null,
        workperiods: [{ weekday: 0, start_time: '00:00', duration: 300 }],
      },
    ];
    const [spring] = expandWorkPeriods(schedules, kyiv('2025-03-30'), kyiv('2025-03-31'));
    expect(local(spring!.end)).toBe('2025-03-30T05:00');
    expect(spring!.end - spring!.start).toBe(4 * 3_600_000);
    const [autumn] = expandWorkPeriods(schedules, kyiv('2025-10-26'), kyiv('2025-10-27'));
    expect(autumn!.end - autumn!.start).toBe(6 * 3_600_000);
  });

  it('is bounded by the schedule start_at and end_at', () => {
    const schedules: ScheduleRule[] = [
      {
        start_at: kyiv('2025-06-03T00:00'),
        end_at: kyiv('2025-06-05T10:30'),
        workperiods: everyDay('10:00', 60),
      },
    ];
    const out = expandWorkPeriods(schedules, kyiv('2025-06-01'), kyiv('2025-06-10'));
    expect(out.map((s) => `${local(s.start)}-${local(s.end)}`)).toEqual([
      '2025-06-03T10:00-2025-06-03T11:00',
      '2025-06-04T10:00-2025-06-04T11:00',
      '2025-06-05T10:00-2025-06-05T10:30',
    ]);
  });

  it('includes a late period of the day before that reaches into the window', () => {
    const schedules: ScheduleRule[] = [
      { start_at: kyiv('2025-01-01'), end_at: null, workperiods: everyDay('22:00', 240) },
    ];
    const out = expandWorkPeriods(schedules, kyiv('2025-06-05T00:00'), kyiv('2025-06-05T12:00'));
    expect(out.map((s) => local(s.start))).toEqual(['2025-06-04T22:00']);
  });

  it('returns nothing for an empty window', () => {
    expect(
      expandWorkPeriods([{ start_at: 0, end_at: null, workperiods: everyDay('10:00', 60) }], 10, 10),
    ).toEqual([]);
  });
});

describe('span arithmetic', () => {
  it('merges and subtracts', () => {
    expect(
      mergeSpans([
        { start: 5, end: 7 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 7 },
    ]);
    expect(
      subtractSpans(
        [{ start: 0, end: 10 }],
        [
          { start: 2, end: 3 },
          { start: 8, end: 12 },
        ],
      ),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 8 },
    ]);
    expect(freeIntervals([{ start: 0, end: 10 }], [{ start: 0, end: 10 }], [])).toEqual([]);
    expect(minutesOfTime('09:45:00')).toBe(585);
  });

  it('intersects: the time in both sets, adjacent pieces merged', () => {
    const a = [{ start: 8, end: 12 }];
    expect(
      intersectSpans(a, [
        { start: 7, end: 9 },
        { start: 9, end: 10 },
        { start: 11, end: 14 },
      ]),
    ).toEqual([
      { start: 8, end: 10 },
      { start: 11, end: 12 },
    ]);
    expect(intersectSpans(a, [{ start: 12, end: 13 }])).toEqual([]);
  });
});

describe('freeSlots', () => {
  const work = [span('2025-06-02T10:00', '2025-06-02T14:00')];

  it('cuts each free gap from its start every `duration` minutes', () => {
    const slots = freeSlots({
      workPeriods: work,
      studies: [span('2025-06-02T10:30', '2025-06-02T11:30')],
      offPeriods: [],
      duration: 60,
      from: kyiv('2025-06-01'),
      to: kyiv('2025-06-03'),
    });
    expect(slots.map((s) => local(s.start))).toEqual(['2025-06-02T11:30', '2025-06-02T12:30']);
  });

  it('honours a custom step and the window', () => {
    const slots = freeSlots({
      workPeriods: work,
      studies: [],
      offPeriods: [],
      duration: 60,
      step: 30,
      from: kyiv('2025-06-02T11:00'),
      to: kyiv('2025-06-02T13:30'),
    });
    expect(slots.map((s) => local(s.start))).toEqual([
      '2025-06-02T11:00',
      '2025-06-02T11:30',
      '2025-06-02T12:00',
      '2025-06-02T12:30',
    ]);
  });

  it('offers nothing inside an off period', () => {
    const slots = freeSlots({
      workPeriods: work,
      studies: [],
      offPeriods: [span('2025-06-01', '2025-06-02T12:00')],
      duration: 60,
      from: kyiv('2025-06-01'),
      to: kyiv('2025-06-03'),
    });
    expect(slots.map((s) => local(s.start))).toEqual(['2025-06-02T12:00', '2025-06-02T13:00']);
  });

  it('refuses a non-positive duration', () => {
    expect(
      freeSlots({
        workPeriods: work,
        studies: [],
        offPeriods: [],
        duration: 0,
        from: 0,
        to: kyiv('2026-01-01'),
      }),
    ).toEqual([]);
  });
});

describe('free slots across DST switches (property)', () => {
  // Windows of 3 weeks that start up to 10 days before a switch, so each one contains it.
  const switches = [
    kyiv('2025-03-30T00:00'),
    kyiv('2025-10-26T00:00'),
    kyiv('2026-03-29T00:00'),
    kyiv('2026-10-25T00:00'),
  ];
  const workperiod = fc.record({
    weekday: fc.integer({ min: 0, max: 6 }),
    startMin: fc.integer({ min: 0, max: 23 * 60 + 45 }).map((m) => m - (m % 15)),
    duration: fc.integer({ min: 15, max: 600 }),
  });
  const arbitrary = fc.record({
    switchAt: fc.constantFrom(...switches),
    daysBefore: fc.integer({ min: 1, max: 10 }),
    periods: fc.array(workperiod, { minLength: 1, maxLength: 6 }),
    studies: fc.array(
      fc.record({
        offsetMin: fc.integer({ min: 0, max: 21 * 1440 }),
        len: fc.integer({ min: 15, max: 180 }),
      }),
      { maxLength: 25 },
    ),
    offs: fc.array(
      fc.record({
        offsetMin: fc.integer({ min: 0, max: 21 * 1440 }),
        len: fc.integer({ min: 60, max: 4 * 1440 }),
      }),
      { maxLength: 3 },
    ),
    duration: fc.constantFrom(30, 45, 60, 90),
    step: fc.option(fc.constantFrom(15, 30, 60), { nil: undefined }),
  });

  type Arb = { startMin: number; duration: number; weekday: number };
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;

  /**
   * Declared working time, computed independently on the Kyiv wall clock of each period's own day
   * (adjacent periods join: a slot may run from one period into the next).
   */
  function declaredTime(periods: readonly Arb[], from: number, to: number): Span[] {
    const raw: Span[] = [];
    for (
      let day = inKyiv(from).startOf('day').minus({ days: 1 });
      day.toMillis() < to;
      day = day.plus({ days: 1 })
    ) {
      for (const p of periods) {
        if (day.weekday % 7 !== p.weekday) continue;
        const endMin = p.startMin + p.duration;
        const endDay = day.plus({ days: Math.floor(endMin / 1440) });
        // A repeated autumn hour: the start's last occurrence, the end's first (work-slots.ts).
        const start = DateTime.fromObject(
          {
            year: day.year,
            month: day.month,
            day: day.day,
            hour: Math.floor(p.startMin / 60),
            minute: p.startMin % 60,
          },
          { zone: TIME_ZONE },
        ).toMillis();
        const endTime = { hour: Math.floor((endMin % 1440) / 60), minute: endMin % 60 };
        let end = endDay.set(endTime).toMillis();
        if (end <= start)
          end = DateTime.fromObject(
            { year: endDay.year, month: endDay.month, day: endDay.day, ...endTime },
            { zone: TIME_ZONE },
          ).toMillis();
        raw.push({ start, end });
      }
    }
    return mergeSpans(raw);
  }

  /** Slots of a random schedule over [from, to): every slot inside declared hours, clear of studies and days off. */
  function checkWindow(
    a: {
      periods: Arb[];
      studies: Array<{ offsetMin: number; len: number }>;
      offs: Array<{ offsetMin: number; len: number }>;
      duration: number;
      step?: number;
    },
    from: number,
    to: number,
  ) {
    const schedule: ScheduleRule = {
      start_at: from - 86_400_000,
      end_at: null,
      workperiods: a.periods.map((p) => ({
        weekday: p.weekday,
        start_time: hhmm(p.startMin),
        duration: p.duration,
      })),
    };
    const workPeriods = expandWorkPeriods([schedule], from, to);
    const studies = a.studies.map((s) => ({
      start: from + s.offsetMin * 60_000,
      end: from + (s.offsetMin + s.len) * 60_000,
    }));
    const offPeriods = a.offs.map((s) => ({
      start: from + s.offsetMin * 60_000,
      end: from + (s.offsetMin + s.len) * 60_000,
    }));
    const declared = declaredTime(a.periods, from, to);
    const slots = freeSlots({
      workPeriods,
      studies,
      offPeriods,
      duration: a.duration,
      step: a.step,
      from,
      to,
    });
    for (const slot of slots) {
      expect(slot.end - slot.start).toBe(a.duration * 60_000);
      expect(slot.start >= from && slot.end <= to).toBe(true);
      expect(declared.some((d) => slot.start >= d.start && slot.end <= d.end)).toBe(true);
      for (const busy of [...studies, ...offPeriods])
        expect(slot.start < busy.end && busy.start < slot.end).toBe(false);
    }
    // Slots never overlap each other when the step is at least the duration.
    if ((a.step ?? a.duration) >= a.duration) {
      for (let i = 1; i < slots.length; i++) expect(slots[i]!.start >= slots[i - 1]!.end).toBe(true);
    }
  }

  it('never offers a slot outside declared local hours, over a study or an off period', () => {
    fc.assert(
      fc.property(arbitrary, (a) => {
        const from = a.switchAt - a.daysBefore * 86_400_000;
        checkWindow(a, from, from + 21 * 86_400_000);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('holds over windows that span both switches of a year (spring and autumn)', () => {
    // From up to four weeks before the spring switch to up to four weeks after the autumn one.
    const years = [
      { spring: kyiv('2025-03-30T00:00'), autumn: kyiv('2025-10-26T00:00') },
      { spring: kyiv('2026-03-29T00:00'), autumn: kyiv('2026-10-25T00:00') },
    ];
    const long = fc.record({
      year: fc.constantFrom(...years),
      daysBefore: fc.integer({ min: 1, max: 28 }),
      daysAfter: fc.integer({ min: 1, max: 28 }),
      periods: fc.array(workperiod, { minLength: 1, maxLength: 5 }),
      // Offsets as fractions of the window, so studies and days off fall on both sides of both switches.
      studies: fc.array(
        fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), len: fc.integer({ min: 15, max: 180 }) }),
        { maxLength: 60 },
      ),
      offs: fc.array(
        fc.record({
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          len: fc.integer({ min: 60, max: 10 * 1440 }),
        }),
        { maxLength: 6 },
      ),
      duration: fc.constantFrom(30, 45, 60, 90),
      step: fc.option(fc.constantFrom(15, 30, 60), { nil: undefined }),
    });
    fc.assert(
      fc.property(long, (a) => {
        const from = a.year.spring - a.daysBefore * 86_400_000;
        const to = a.year.autumn + a.daysAfter * 86_400_000;
        const minutes = Math.floor((to - from) / 60_000);
        const place = (x: { at: number; len: number }) => ({
          offsetMin: Math.floor(x.at * minutes),
          len: x.len,
        });
        checkWindow({ ...a, studies: a.studies.map(place), offs: a.offs.map(place) }, from, to);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('keeps every expanded period at its declared local start time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...switches), workperiod, (switchAt, p) => {
        const hh = Math.floor(p.startMin / 60);
        const mm = p.startMin % 60;
        const start_time = `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
        const out = expandWorkPeriods(
          [{ start_at: 0, end_at: null, workperiods: [{ ...p, start_time }] }],
          switchAt - 14 * 86_400_000,
          switchAt + 14 * 86_400_000,
        );
        for (const s of out) {
          const d = inKyiv(s.start);
          // A start inside the spring gap (03:00–04:00) does not exist and moves forward an hour.
          const gap = d.month === 3 && hh === 3;
          if (!gap) expect(`${d.hour}:${d.minute}`).toBe(`${hh}:${mm}`);
          expect(d.weekday % 7).toBe(p.weekday);
        }
        expect(out.length).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 200 },
    );
  });
});
