import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { kyivLabel, overlappingSlots, planLessons, prolongStartDate } from './lesson-plan';
import { TIME_ZONE } from '../domain/constants';

const labels = (lessons: ReturnType<typeof planLessons>) => lessons.map((l) => kyivLabel(l.start));
const kyiv = (iso: string) => DateTime.fromISO(iso, { zone: TIME_ZONE });

describe('planLessons', () => {
  it('expands a weekly template from the start date, slots of a day in time order', () => {
    const lessons = planLessons({
      slots: [
        { weekday: 3, start_time: '18:00:00', duration: 60 },
        { weekday: 1, start_time: '10:00:00', duration: 45 },
        { weekday: 3, start_time: '9:30:00', duration: 60 },
      ],
      // Wednesday 2025-01-01
      startDate: '2025-01-01',
      count: 5,
    });
    expect(labels(lessons)).toEqual([
      '2025-01-01 09:30',
      '2025-01-01 18:00',
      '2025-01-06 10:00',
      '2025-01-08 09:30',
      '2025-01-08 18:00',
    ]);
    expect(lessons.map((l) => l.slotIndex)).toEqual([2, 0, 1, 2, 0]);
    expect(lessons[2]!.end.diff(lessons[2]!.start, 'minutes').minutes).toBe(45);
  });

  it('keeps a 10:00 lesson at 10:00 Kyiv time across both DST changes (the UTC hour moves)', () => {
    const lessons = planLessons({
      slots: [{ weekday: 0, start_time: '10:00:00', duration: 60 }],
      startDate: '2025-03-23',
      count: 3,
    });
    expect(labels(lessons)).toEqual(['2025-03-23 10:00', '2025-03-30 10:00', '2025-04-06 10:00']);
    expect(lessons.map((l) => l.start.toUTC().hour)).toEqual([8, 7, 7]);

    const autumn = planLessons({
      slots: [{ weekday: 0, start_time: '10:00:00', duration: 60 }],
      startDate: '2025-10-19',
      count: 2,
    });
    expect(labels(autumn)).toEqual(['2025-10-19 10:00', '2025-10-26 10:00']);
    expect(autumn.map((l) => l.start.toUTC().hour)).toEqual([7, 8]);
  });

  it('lasts its real minutes on the night clocks change', () => {
    const [lesson] = planLessons({
      slots: [{ weekday: 0, start_time: '02:30:00', duration: 120 }],
      startDate: '2025-03-30',
      count: 1,
    });
    expect(lesson!.end.diff(lesson!.start, 'minutes').minutes).toBe(120);
    expect(kyivLabel(lesson!.end)).toBe('2025-03-30 05:30');
  });

  it('skips slots overlapping a blocked range and still reaches the count', () => {
    const lessons = planLessons({
      slots: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
      startDate: '2025-01-06',
      count: 3,
      blocked: [{ start: kyiv('2025-01-13T00:00'), end: kyiv('2025-01-20T10:30') }],
    });
    expect(labels(lessons)).toEqual(['2025-01-06 10:00', '2025-01-27 10:00', '2025-02-03 10:00']);
  });

  it('a block touching the lesson end does not skip it ([) ranges)', () => {
    const lessons = planLessons({
      slots: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
      startDate: '2025-01-06',
      count: 1,
      blocked: [{ start: kyiv('2025-01-06T11:00'), end: kyiv('2025-01-07T00:00') }],
    });
    expect(labels(lessons)).toEqual(['2025-01-06 10:00']);
  });

  it('skips lessons before notBefore', () => {
    const lessons = planLessons({
      slots: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
      startDate: '2025-01-06',
      count: 2,
      notBefore: kyiv('2025-01-06T10:01'),
    });
    expect(labels(lessons)).toEqual(['2025-01-13 10:00', '2025-01-20 10:00']);
  });

  it('stops at maxDays when blocked for ever', () => {
    const lessons = planLessons({
      slots: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
      startDate: '2025-01-06',
      count: 2,
      blocked: [{ start: kyiv('2025-01-01T00:00'), end: kyiv('2099-01-01T00:00') }],
      maxDays: 100,
    });
    expect(lessons).toEqual([]);
  });
});

describe('overlappingSlots', () => {
  it('finds same-day, midnight and week-wrap overlaps, not back-to-back slots', () => {
    expect(
      overlappingSlots([
        { weekday: 1, start_time: '10:00:00', duration: 60 },
        { weekday: 1, start_time: '11:00:00', duration: 60 },
      ]),
    ).toEqual([]);
    expect(
      overlappingSlots([
        { weekday: 1, start_time: '10:00:00', duration: 60 },
        { weekday: 1, start_time: '10:30:00', duration: 60 },
      ]),
    ).toEqual([[0, 1]]);
    expect(
      overlappingSlots([
        { weekday: 6, start_time: '23:30:00', duration: 60 },
        { weekday: 0, start_time: '00:00:00', duration: 30 },
      ]),
    ).toEqual([[0, 1]]);
  });
});

describe('prolongStartDate', () => {
  const now = kyiv('2025-05-10T12:00');
  it('is the Kyiv day after the last study', () => {
    // 23:30 UTC on May 20 is already May 21 in Kyiv.
    expect(prolongStartDate(DateTime.fromISO('2025-05-20T23:30Z'), now)).toBe('2025-05-22');
  });
  it('is never in the past, and today without studies', () => {
    expect(prolongStartDate(kyiv('2025-01-01T10:00'), now)).toBe('2025-05-10');
    expect(prolongStartDate(null, now)).toBe('2025-05-10');
  });
});
