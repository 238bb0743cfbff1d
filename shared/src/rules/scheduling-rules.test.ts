import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { calendarWindows, inKyiv, offPeriodZones, spanToIso, toMillis, type Span } from './calendar-window';
import { isOffTemplate, isoWeekday } from './off-template';
import { INITIATORS, planStudyTimes } from './study-date-change';
import {
  checkTransfer,
  packageLastStudyStart,
  transferBlocker,
  transferLimit,
  transferPackageId,
  transferWindow,
  type TransferCheckInput,
} from './study-transfer';
import { TIME_ZONE } from '../domain/constants';

const kyiv = (iso: string) => DateTime.fromISO(iso, { zone: TIME_ZONE }).toMillis();
const local = (ms: number) => inKyiv(ms).toFormat("yyyy-MM-dd'T'HH:mm");
const H = 3_600_000;

describe('calendar windows', () => {
  it('counts Kyiv calendar days, 60 back and 60 ahead', () => {
    const w = calendarWindows(kyiv('2025-05-29T18:30'));
    expect(local(w.studiesFrom)).toBe('2025-03-30T00:00');
    expect(local(w.workPeriodsFrom)).toBe('2025-03-30T00:00');
    expect(local(w.workPeriodsTo)).toBe('2025-07-29T00:00');
    expect(local(w.schedulesEndingAfter)).toBe('2025-03-30T00:00');
    expect(local(w.offPeriodsEndingAfter)).toBe('2025-03-30T00:00');
  });

  it('adds a 30-day warning zone before each off period, none in transfer mode', () => {
    const now = kyiv('2025-06-01T12:00');
    const offs = [
      { start_at: kyiv('2025-06-20T00:00'), end_at: kyiv('2025-06-25T00:00') },
      { start_at: kyiv('2025-01-01T00:00'), end_at: kyiv('2025-01-05T00:00') },
    ];
    const zones = offPeriodZones(offs, now);
    expect(zones.map((z) => [z.kind, local(z.start), local(z.end)])).toEqual([
      ['warning', '2025-05-21T00:00', '2025-06-20T00:00'],
      ['off', '2025-06-20T00:00', '2025-06-25T00:00'],
    ]);
    expect(offPeriodZones(offs, now, { transferMode: true }).map((z) => z.kind)).toEqual(['off']);
  });

  it('reads database text timestamps and prints Kyiv ISO', () => {
    expect(toMillis('2025-03-30 10:00:00+03')).toBe(kyiv('2025-03-30T10:00'));
    expect(spanToIso({ start: kyiv('2025-03-30T10:00'), end: kyiv('2025-03-30T11:00') })).toEqual({
      start: '2025-03-30T10:00:00+03:00',
      end: '2025-03-30T11:00:00+03:00',
    });
  });
});

describe('transfer rules', () => {
  const now = kyiv('2025-06-02T12:00');
  const study = { start: kyiv('2025-06-05T15:00'), end: kyiv('2025-06-05T16:00'), studentCount: 1 };
  const free: Span[] = [{ start: kyiv('2025-06-03T09:00'), end: kyiv('2025-06-12T20:00') }];
  const base: TransferCheckInput = {
    study,
    newStart: kyiv('2025-06-06T10:00'),
    now,
    teacherSlots: free,
    offPeriods: [],
    subscriptionLastStudyDate: kyiv('2025-06-05T15:00'),
  };
  const code = (patch: Partial<TransferCheckInput>) => {
    const r = checkTransfer({ ...base, ...patch });
    return r.ok ? 'ok' : r.code;
  };

  it('accepts a free slot after today and before the limit, keeping the duration', () => {
    const r = checkTransfer(base);
    expect(r).toEqual({ ok: true, start: kyiv('2025-06-06T10:00'), end: kyiv('2025-06-06T11:00') });
  });

  it('needs exactly one student', () => {
    expect(code({ study: { ...study, studentCount: 2 } })).toBe('not_single_student');
    expect(code({ study: { ...study, studentCount: 0 } })).toBe('not_single_student');
  });

  it('needs a study starting after today', () => {
    expect(
      code({ study: { ...study, start: kyiv('2025-06-02T23:00'), end: kyiv('2025-06-02T23:30') } }),
    ).toBe('study_not_after_today');
  });

  it('needs at least 24 hours before the start', () => {
    const tomorrow = { ...study, start: kyiv('2025-06-03T11:59'), end: kyiv('2025-06-03T12:59') };
    expect(code({ study: tomorrow })).toBe('too_late');
    expect(
      code({ study: { ...tomorrow, start: kyiv('2025-06-03T12:00'), end: kyiv('2025-06-03T13:00') } }),
    ).toBe('ok');
    expect(transferBlocker(tomorrow, now)).toBe('too_late');
  });

  it('needs the new start after today', () => {
    expect(code({ newStart: kyiv('2025-06-02T18:00') })).toBe('slot_not_after_today');
  });

  it('allows every start on the last study date plus 4 days (a date), none after it', () => {
    // Last study 2025-06-05 15:00: the limit day is 2025-06-09, all of it.
    expect(code({ newStart: kyiv('2025-06-09T14:00') })).toBe('ok');
    expect(code({ newStart: kyiv('2025-06-09T15:00') })).toBe('ok');
    expect(code({ newStart: kyiv('2025-06-09T19:00') })).toBe('ok');
    expect(code({ newStart: kyiv('2025-06-10T00:00') })).toBe('slot_after_limit');
    // No subscription: the study is its own last study.
    expect(code({ subscriptionLastStudyDate: null, newStart: kyiv('2025-06-09T19:00') })).toBe('ok');
    expect(code({ subscriptionLastStudyDate: null, newStart: kyiv('2025-06-10T09:00') })).toBe(
      'slot_after_limit',
    );
    // Across the DST switch of 30 March 2025 the limit is still the next Kyiv midnight.
    expect(local(transferLimit(kyiv('2025-03-27T10:00'), 0))).toBe('2025-04-01T00:00');
    const w = transferWindow(now, null, study.start);
    expect([local(w.start), local(w.end)]).toEqual(['2025-06-03T00:00', '2025-06-10T00:00']);
  });

  it('judges by the student’s own package, in client and server alike', () => {
    const participants = [
      { role_id: 3, subscription_id: null },
      { role_id: 4, subscription_id: 11 },
    ];
    expect(transferPackageId(participants)).toBe(11);
    expect(transferPackageId([{ role_id: 3, subscription_id: 12 }])).toBeNull();
    const packages = [
      { id: 12, studies: [{ start: kyiv('2025-07-30T10:00') }] },
      { id: 11, studies: [{ start: kyiv('2025-06-05T15:00') }, { start: kyiv('2025-06-01T15:00') }] },
    ];
    // Another package of the study (a classmate's, or one listed first) never widens the window.
    expect(packageLastStudyStart(11, packages)).toBe(kyiv('2025-06-05T15:00'));
    expect(packageLastStudyStart(null, packages)).toBeNull();
    expect(packageLastStudyStart(13, packages)).toBeNull();
  });

  it('refuses off periods and busy time', () => {
    expect(code({ offPeriods: [{ start: kyiv('2025-06-06T10:30'), end: kyiv('2025-06-07T00:00') }] })).toBe(
      'slot_in_off_period',
    );
    expect(code({ teacherSlots: [{ start: kyiv('2025-06-06T10:00'), end: kyiv('2025-06-06T10:59') }] })).toBe(
      'slot_not_free',
    );
    expect(code({ teacherSlots: [] })).toBe('slot_not_free');
  });

  it('tells a time another study holds (slot_taken) from time outside work (slot_not_free)', () => {
    const workingTime = [{ start: kyiv('2025-06-06T09:00'), end: kyiv('2025-06-06T18:00') }];
    const busy = [{ start: kyiv('2025-06-06T10:30'), end: kyiv('2025-06-06T11:30') }];
    const teacherSlots = [
      { start: kyiv('2025-06-06T09:00'), end: kyiv('2025-06-06T10:30') },
      { start: kyiv('2025-06-06T11:30'), end: kyiv('2025-06-06T18:00') },
    ];
    expect(code({ teacherSlots, workingTime, busy })).toBe('slot_taken');
    expect(code({ teacherSlots, workingTime, busy, newStart: kyiv('2025-06-06T17:30') })).toBe(
      'slot_not_free',
    );
    expect(code({ teacherSlots, workingTime, busy, newStart: kyiv('2025-06-06T11:30') })).toBe('ok');
    // Without the working time the rule cannot tell: the older answer stays.
    expect(code({ teacherSlots, busy })).toBe('slot_not_free');
  });
});

describe('off-template', () => {
  const template = [
    { weekday: 0, start_time: '10:00:00', duration: 60 },
    { weekday: 3, start_time: '17:30', duration: 45 },
  ];
  it('matches weekday (Sunday = 7), Kyiv time of day and duration', () => {
    expect(isoWeekday(0)).toBe(7);
    expect(isoWeekday(3)).toBe(3);
    // Sunday 10:00 Kyiv, both before and after the spring switch.
    expect(isOffTemplate({ start: kyiv('2025-03-23T10:00'), end: kyiv('2025-03-23T11:00') }, template)).toBe(
      false,
    );
    expect(isOffTemplate({ start: kyiv('2025-03-30T10:00'), end: kyiv('2025-03-30T11:00') }, template)).toBe(
      false,
    );
    expect(isOffTemplate({ start: kyiv('2025-06-04T17:30'), end: kyiv('2025-06-04T18:15') }, template)).toBe(
      false,
    );
  });
  it('flags another weekday, time or duration', () => {
    expect(isOffTemplate({ start: kyiv('2025-06-02T10:00'), end: kyiv('2025-06-02T11:00') }, template)).toBe(
      true,
    );
    expect(isOffTemplate({ start: kyiv('2025-06-08T11:00'), end: kyiv('2025-06-08T12:00') }, template)).toBe(
      true,
    );
    expect(isOffTemplate({ start: kyiv('2025-06-08T10:00'), end: kyiv('2025-06-08T10:45') }, template)).toBe(
      true,
    );
    // The same UTC instant is 10:00 in Kyiv only with the right offset.
    expect(isOffTemplate({ start: '2025-06-08T10:00:00Z', end: '2025-06-08T11:00:00Z' }, template)).toBe(
      true,
    );
  });
  it('never flags a study without a template', () => {
    expect(isOffTemplate({ start: 0, end: H }, [])).toBe(false);
  });
});

describe('study times on update', () => {
  const existing = { start: kyiv('2025-06-05T15:00'), end: kyiv('2025-06-05T16:00'), miss_status: 0 };
  it('moves the end with the start and resets the miss status', () => {
    const r = planStudyTimes({ ...existing, miss_status: 1 }, { start: kyiv('2025-06-06T10:00') }, 1);
    expect(r).toEqual({
      ok: true,
      start: kyiv('2025-06-06T10:00'),
      end: kyiv('2025-06-06T11:00'),
      miss_status: 0,
      moved: true,
      resized: false,
    });
  });
  it('takes a duration or an end', () => {
    const d = planStudyTimes(existing, { duration: 90 }, 1);
    expect(d.ok && local(d.end)).toBe('2025-06-05T16:30');
    const e = planStudyTimes(existing, { end: kyiv('2025-06-05T15:45') }, 1);
    expect(e.ok && e.resized).toBe(true);
    expect(planStudyTimes(existing, { end: kyiv('2025-06-05T14:00') }, 1)).toMatchObject({
      ok: false,
      code: 'end_before_start',
    });
  });
  it('locks the date of a billed miss unless staff clear it in the same request', () => {
    const billed = { ...existing, miss_status: 2 };
    expect(planStudyTimes(billed, { start: kyiv('2025-06-06T10:00') }, 1)).toMatchObject({
      ok: false,
      code: 'billed_miss_locks_date',
      field: 'start',
    });
    expect(planStudyTimes(billed, { start: kyiv('2025-06-06T10:00'), miss_status: 2 }, 5)).toMatchObject({
      ok: false,
      code: 'billed_miss_locks_date',
    });
    expect(planStudyTimes(billed, { start: kyiv('2025-06-06T10:00'), miss_status: 0 }, 1)).toMatchObject({
      ok: true,
      miss_status: 0,
    });
    expect(planStudyTimes(billed, { start: existing.start, comment: 'x' } as never, 1)).toMatchObject({
      ok: true,
      miss_status: 2,
      moved: false,
    });
  });
  it('lets a Teacher neither set Billed Miss nor leave it', () => {
    expect(planStudyTimes(existing, { miss_status: 2 }, 3)).toMatchObject({
      ok: false,
      code: 'miss_status_teacher',
    });
    expect(planStudyTimes({ ...existing, miss_status: 2 }, { miss_status: 0 }, 3)).toMatchObject({
      ok: false,
      code: 'miss_status_teacher',
    });
    expect(planStudyTimes({ ...existing, miss_status: 2 }, { miss_status: 2 }, 3)).toMatchObject({
      ok: true,
      miss_status: 2,
    });
    expect(planStudyTimes(existing, { miss_status: 1 }, 3)).toMatchObject({ ok: true, miss_status: 1 });
    expect(planStudyTimes(existing, { miss_status: 2 }, 2)).toMatchObject({ ok: true, miss_status: 2 });
  });
  it('lists the initiators 1–3', () => {
    expect(INITIATORS).toEqual([1, 2, 3]);
  });
});
