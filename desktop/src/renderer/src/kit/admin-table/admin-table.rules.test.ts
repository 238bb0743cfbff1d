import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import { presetsFromQuery, readFormLink } from '@school/shared/ui';
import { RESOURCES } from '@school/shared/resources';
import { STUDY_PRESET_TYPES } from '../../features/studies/study-form.mapper';
import {
  duplicateParams,
  periodsByDay,
  showsDateChanges,
  tableSettingKey,
  userHasDetails,
} from './admin-table.rules';

describe('duplicateParams', () => {
  it('prefills the add form with the row: type, trial, start, length and participants', () => {
    const params = duplicateParams({
      type_id: 2,
      trial: true,
      start: '2026-11-25T10:00:00+02:00',
      end: '2026-11-25T10:45:00+02:00',
      users: [{ id: 3 }, { id: 8 }],
    });
    const link = readFormLink(new URLSearchParams(`create&${params.toString()}`));
    expect(link?.mode).toBe('create');
    const presets = presetsFromQuery(
      RESOURCES.studies,
      new URLSearchParams(`create&${params.toString()}`),
      STUDY_PRESET_TYPES,
    );
    expect(presets).toMatchObject({ type_id: 2, trial: true, users: [3, 8], duration: 45 });
    expect(new Date(presets.start as string).toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });
});

describe('row details and settings keys', () => {
  it('a users row expands only with responsibles, children or notes (spec part 1 §2)', () => {
    expect(userHasDetails({ responsibles: [], childs: [], notes: [] })).toBe(false);
    expect(userHasDetails({})).toBe(false);
    expect(userHasDetails({ notes: [{}] })).toBe(true);
    expect(userHasDetails({ childs: [{}] })).toBe(true);
  });

  it('study date changes only for Student and Teacher users (spec part 2 §6)', () => {
    expect([1, 2, 3, 4, 5, 7].filter(showsDateChanges)).toEqual([3, 4]);
  });

  it('page sizes are kept under keys the settings accept (no slashes)', () => {
    expect(tableSettingKey('/admin/study_reports')).toBe('admin.study_reports');
  });
});

describe('periodsByDay', () => {
  it('puts each free period on its Kyiv day of the coming week, in time order, across the DST change', () => {
    // Saturday 24 October 2026; Kyiv leaves summer time on Sunday 25 October.
    const today = DateTime.fromISO('2026-10-24T15:00:00', { zone: TIME_ZONE });
    const days = periodsByDay(
      [
        { start: '2026-10-26T14:00:00+02:00', end: '2026-10-26T15:00:00+02:00', futureStudiesCount: 1 },
        { start: '2026-10-26T09:00:00+02:00', end: '2026-10-26T10:00:00+02:00', futureStudiesCount: 0 },
        { start: '2026-10-24T09:00:00+03:00', end: '2026-10-24T10:00:00+03:00', futureStudiesCount: 0 },
        { start: '2026-11-01T09:00:00+02:00', end: '2026-11-01T10:00:00+02:00', futureStudiesCount: 0 },
      ],
      today,
    );
    expect(days.map((d) => d.day.toISODate())).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
    ]);
    expect(days.map((d) => d.periods.length)).toEqual([1, 0, 2, 0, 0, 0, 0]);
    expect(days[2].periods.map((p) => p.futureStudiesCount)).toEqual([0, 1]);
  });
});
