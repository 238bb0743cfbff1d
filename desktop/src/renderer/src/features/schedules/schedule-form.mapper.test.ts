import { weekSpansOverlap } from '@school/shared/rules';
import { describe, expect, it } from 'vitest';
import { findResource } from '@school/shared/resources';
import { presetsFromQuery, readFormLink } from '@school/shared/ui';
import {
  newOffperiod,
  newWorkperiod,
  prolongedScheduleValues,
  scheduleFormBody,
  scheduleFormValues,
  schedulePresetValues,
  validateScheduleForm,
  workSpan,
  type OffperiodRow,
  type WorkperiodRow,
} from './schedule-form.mapper';

const work = (id: number, weekday: number | null, start_time: string, duration = '60'): WorkperiodRow => ({
  id,
  weekday,
  start_time,
  duration,
});
const off = (id: number, from: string, to: string): OffperiodRow => {
  const [fromDate, fromTime] = from.split(' ');
  const [toDate, toTime] = to.split(' ');
  return { id, start: { date: fromDate, time: fromTime }, end: { date: toDate, time: toTime } };
};
const values = (workperiods: WorkperiodRow[] = [], offperiods: OffperiodRow[] = []) => ({
  user_id: 3,
  start_at: '2026-09-01',
  end_at: '',
  workperiods,
  offperiods,
});
const issues = (v: ReturnType<typeof values>) =>
  validateScheduleForm(v).map(
    (i) => `${i.path}:${i.key}${i.params.other ? `#${String(i.params.other)}` : ''}`,
  );

describe('schedule form values and body', () => {
  const stored = {
    id: 4,
    user_id: 3,
    start_at: '2026-08-31T21:00:00.000Z',
    end_at: null,
    workperiods: [{ id: 1, weekday: 1, start_time: '09:00:00', duration: 240 }],
    offperiods: [{ id: 7, start_at: '2026-10-13T21:00:00.000Z', end_at: '2026-10-14T20:59:00.000Z' }],
  };
  it('reads Kyiv dates and H:MM times; an open end is empty', () => {
    expect(scheduleFormValues(stored, 'update')).toEqual({
      user_id: 3,
      start_at: '2026-09-01',
      end_at: '',
      workperiods: [{ id: 1, weekday: 1, start_time: '09:00', duration: '240' }],
      offperiods: [
        { id: 7, start: { date: '2026-10-14', time: '00:00' }, end: { date: '2026-10-14', time: '23:59' } },
      ],
    });
  });
  it('sends both lists whole, off periods as Kyiv moments, an empty end as none', () => {
    expect(scheduleFormBody(scheduleFormValues(stored, 'update'))).toEqual({
      user_id: 3,
      start_at: '2026-09-01',
      end_at: null,
      workperiods: [{ id: 1, weekday: 1, start_time: '09:00', duration: 240 }],
      offperiods: [{ id: 7, start_at: '2026-10-14T00:00:00+03:00', end_at: '2026-10-14T23:59:00+03:00' }],
    });
  });
  it('new rows: work 60 minutes from 00:00 with no weekday; both with negative temporary ids', () => {
    expect(newWorkperiod([work(5, 1, '10:00')])).toEqual({
      id: -1,
      weekday: null,
      start_time: '00:00',
      duration: '60',
    });
    expect(newOffperiod([off(-1, '2026-01-01 00:00', '2026-01-01 23:59')]).id).toBe(-2);
  });
  it('prolong fills a new schedule: the teacher and work periods (new rows), from the old end, no end, no off periods', () => {
    const ended = { ...stored, end_at: '2027-06-29T21:00:00.000Z' };
    expect(prolongedScheduleValues(ended)).toEqual({
      user_id: 3,
      start_at: '2027-06-30',
      end_at: '',
      workperiods: [{ id: -1, weekday: 1, start_time: '09:00', duration: '240' }],
      offperiods: [],
    });
  });
  it('?create&user_id=3&start_at=2026-09-01 presets the teacher and the date', () => {
    const link = readFormLink(new URLSearchParams('create&user_id=3&start_at=2026-09-01'));
    if (link?.mode !== 'create') throw new Error('no link');
    expect(schedulePresetValues(presetsFromQuery(findResource('schedules')!, link.params))).toEqual({
      user_id: 3,
      start_at: '2026-09-01',
    });
  });
});

describe('schedule form rules', () => {
  it('each work period needs its weekday, an H:MM start and at least one minute', () => {
    expect(issues(values([work(-1, null, '25:00', '0')]))).toEqual([
      'workperiods.0.weekday:validations.required',
      'workperiods.0.start_time:validations.date_format',
      'workperiods.0.duration:validations.min.numeric',
    ]);
  });
  it('work periods overlapping in the week are refused on the later row; touching ones are fine', () => {
    expect(issues(values([work(1, 1, '09:00', '120'), work(2, 1, '11:00'), work(3, 1, '10:30')]))).toEqual([
      'workperiods.2.start_time:validations.work_overlap#1',
    ]);
    expect(issues(values([work(1, 2, '09:00'), work(2, 1, '09:00')]))).toEqual([]);
  });
  it('a work period past midnight meets the next day, Saturday night meets Sunday', () => {
    expect(weekSpansOverlap(workSpan(work(1, 6, '23:00', '120'))!, workSpan(work(2, 0, '00:30'))!)).toBe(
      true,
    );
    expect(issues(values([work(1, 1, '23:30', '60'), work(2, 2, '00:00')]))).toEqual([
      'workperiods.1.start_time:validations.work_overlap#1',
    ]);
  });
  it('each off period needs its dates, a valid time and its end after its start', () => {
    expect(issues(values([], [off(-1, ' 00:00', ' 23:59')]))).toEqual([
      'offperiods.0.start_at:validations.required',
      'offperiods.0.end_at:validations.required',
    ]);
    expect(issues(values([], [off(-1, '2026-10-14 9:60', '2026-10-14 23:59')]))).toEqual([
      'offperiods.0.start_at.time:validations.date_format',
    ]);
    expect(issues(values([], [off(-1, '2026-10-14 12:00', '2026-10-14 11:00')]))).toEqual([
      'offperiods.0.end_at:validations.after',
    ]);
  });
  it('off periods overlapping in time are refused on the later row', () => {
    expect(
      issues(
        values(
          [],
          [
            off(1, '2026-10-14 00:00', '2026-10-16 23:59'),
            off(-1, '2026-10-20 00:00', '2026-10-20 23:59'),
            off(-2, '2026-10-16 10:00', '2026-10-17 23:59'),
          ],
        ),
      ),
    ).toEqual(['offperiods.2.start_at:validations.off_overlap#1']);
  });
});
