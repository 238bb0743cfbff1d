import { describe, expect, it } from 'vitest';
import { findResource } from '@school/shared/resources';
import { changedValues, formIssues, formLinkPath, presetsFromQuery, readFormLink } from '@school/shared/ui';
import { ROLE } from '@school/shared/domain';
import {
  movedStart,
  moveToEndIssues,
  moveToEndBodies,
  moveToEndSubscription,
  nextDateFailure,
  nextDateStart,
  pickerMillis,
  STUDY_PRESET_TYPES,
  studyFormAccess,
  studyFormBody,
  studyFormValues,
  studyPresetValues,
  validateStudyForm,
  type StudyFormValues,
} from './study-form.mapper';

const studies = findResource('studies')!;
const ms = (iso: string) => new Date(iso).getTime();
const linkPresets = (path: string) => {
  const link = readFormLink(new URL(path, 'http://x').searchParams);
  if (link?.mode !== 'create') throw new Error('not a create link');
  return studyPresetValues(presetsFromQuery(studies, link.params, STUDY_PRESET_TYPES));
};
const stored = studyFormValues(
  {
    id: 5,
    start: '2026-11-23T10:00:00+02:00',
    end: '2026-11-23T10:45:00+02:00',
    type_id: 2,
    trial: false,
    comment: 'Тема',
    miss_status: 0,
    users: [
      { id: 3, role_id: 3, pivot: { role_id: 3, subscription_id: null } },
      { id: 8, role_id: 4, pivot: { role_id: 4, subscription_id: 41 } },
    ],
  },
  'update',
) as unknown as StudyFormValues;
const context = { mode: 'update' as const, initial: stored as never };

describe('study form links (spec part 1 §2 query conventions)', () => {
  it('a free slot link presets start, end, trial and the teacher; duration wins over end', () => {
    const path = formLinkPath('/admin/studies', {
      mode: 'create',
      presets: {
        start: '2026-11-23T12:00:00+02:00',
        end: '2026-11-23T13:00:00+02:00',
        duration: 60,
        trial: true,
        users: [7],
      },
    });
    expect(path).toBe(
      '/admin/studies?create&start=2026-11-23T12%3A00%3A00%2B02%3A00&end=2026-11-23T13%3A00%3A00%2B02%3A00&duration=60&trial=1&users[]=7',
    );
    expect(linkPresets(path)).toEqual({
      users: [7],
      trial: true,
      start: { date: '2026-11-23', time: '12:00' },
      end: { date: '2026-11-23', time: '13:00' },
    });
    expect(
      linkPresets(
        '/admin/studies?create&start=2026-11-23T12:00:00%2B02:00&end=2026-11-23T14:00:00%2B02:00&duration=45',
      ).end,
    ).toEqual({ date: '2026-11-23', time: '12:45' });
    expect(
      linkPresets('/admin/studies?create&start=2026-11-23T12:00:00%2B02:00&end=2026-11-23T14:30:00%2B02:00')
        .end,
    ).toEqual({ date: '2026-11-23', time: '14:30' });
  });

  it('ignores unknown names and malformed values; ?edit needs a positive id', () => {
    expect(linkPresets('/admin/studies?create&users[]=x&trial=maybe&start=soon&nope=1')).toEqual({});
    expect(readFormLink(new URLSearchParams('edit=5'))).toEqual({ mode: 'update', id: 5 });
    expect(readFormLink(new URLSearchParams('edit=abc'))).toBeNull();
    expect(readFormLink(new URLSearchParams('id=5'))).toBeNull();
    expect(formLinkPath('/admin/studies', { mode: 'update', id: 5 })).toBe('/admin/studies?edit=5');
  });
});

describe('study form values', () => {
  it('reads a stored study: Kyiv wall times, participants and their packages', () => {
    expect(stored).toMatchObject({
      users: [3, 8],
      subscriptions: { 8: 41 },
      start: { date: '2026-11-23', time: '10:00' },
      end: { date: '2026-11-23', time: '10:45' },
      type_id: 2,
      comment: 'Тема',
    });
  });

  it('a new start moves the end and keeps the length', () => {
    expect(movedStart(stored, { date: '2026-11-24', time: '9:30' }).end).toEqual({
      date: '2026-11-24',
      time: '10:15',
    });
    expect(pickerMillis({ date: '2026-11-24', time: '9:30' })).toBe(ms('2026-11-24T09:30:00+02:00'));
  });

  it('creates with start as an ISO moment, duration in minutes, one package per remaining student', () => {
    const body = studyFormBody(
      { ...stored, users: [3, 8, 9], subscriptions: { 8: 41, 9: 0, 12: 50 } },
      { mode: 'create', initial: stored },
    );
    expect(body).toMatchObject({
      users: [3, 8, 9],
      subscriptions: [41],
      start: '2026-11-23T10:00:00+02:00',
      duration: 45,
      type_id: 2,
      trial: false,
    });
    expect(body).not.toHaveProperty('show_in_history');
  });

  it('an edit that moves the start sends the date-change block; the initiator is required while shown', () => {
    const moved = {
      ...stored,
      start: { date: '2026-11-25', time: '11:00' },
      end: { date: '2026-11-25', time: '11:45' },
    };
    expect(studyFormBody(moved, context)).toMatchObject({
      start: '2026-11-25T11:00:00+02:00',
      show_in_history: true,
      initiated_by: null,
    });
    // The rule is the update command's shared schema, which the form checks its sent body with.
    const editIssues = (values: typeof moved) =>
      formIssues(
        studies,
        'update',
        changedValues(studyFormBody(stored, context), studyFormBody(values, context)),
        ['initiated_by'],
      );
    expect(editIssues(moved)).toEqual([{ path: 'initiated_by', key: 'validations.required', params: {} }]);
    expect(editIssues({ ...moved, show_in_history: false })).toEqual([]);
    expect(editIssues({ ...moved, initiated_by: 2 })).toEqual([]);
    // Move to the end sends the same block to its own command: the same rule answers.
    expect(moveToEndIssues(moved, stored)).toEqual([
      { path: 'initiated_by', key: 'validations.required', params: {} },
    ]);
    expect(moveToEndIssues({ ...moved, initiated_by: 2 }, stored)).toEqual([]);
    expect(studyFormBody(stored, context)).not.toHaveProperty('show_in_history');
  });

  it('checks each picker as part 1 §5 says, and the end after the start', () => {
    const bad = { ...stored, start: { date: '2026-11-23', time: '25:00' }, end: { date: '', time: '10:00' } };
    const paths = validateStudyForm(bad).map((issue) => `${issue.path} ${issue.key}`);
    expect(paths).toEqual(['start.time validations.date_format', 'end.date validations.required']);
    const backwards = { ...stored, end: { date: '2026-11-23', time: '9:00' } };
    expect(validateStudyForm(backwards).map((issue) => issue.path)).toEqual(['end']);
  });
});

describe('who sees the miss status (spec part 1 §4)', () => {
  const people = new Map([
    [3, { id: 3, full_name: 'Викладач', role_id: ROLE.Teacher }],
    [8, { id: 8, full_name: 'Учень', role_id: ROLE.Student }],
    [9, { id: 9, full_name: 'Учениця', role_id: ROLE.Student }],
  ]);
  it('Administrator, Manager, Teacher, with exactly one student and the date unchanged', () => {
    expect(studyFormAccess(stored, stored, 'update', ROLE.Administrator, people).showMissStatus).toBe(true);
    expect(studyFormAccess(stored, stored, 'update', ROLE.Teacher, people).showMissStatus).toBe(true);
    expect(studyFormAccess(stored, stored, 'update', ROLE.Methodologist, people).showMissStatus).toBe(false);
    expect(
      studyFormAccess({ ...stored, users: [3, 8, 9] }, stored, 'update', ROLE.Manager, people).showMissStatus,
    ).toBe(false);
    const moved = { ...stored, start: { date: '2026-11-25', time: '11:00' } };
    expect(studyFormAccess(moved, stored, 'update', ROLE.Manager, people).showMissStatus).toBe(false);
  });
  it('Billed Miss locks the date while it stays set', () => {
    const billed = { ...stored, miss_status: 2 };
    expect(studyFormAccess(billed, billed, 'update', ROLE.Administrator, people).dateLocked).toBe(true);
    expect(
      studyFormAccess({ ...billed, miss_status: 0 }, billed, 'update', ROLE.Administrator, people).dateLocked,
    ).toBe(false);
  });
});

describe('move to the end of subscription (part 2 §4, §8)', () => {
  const people = new Map([
    [3, { id: 3, full_name: 'Вчитель', role_id: ROLE.Teacher }],
    [8, { id: 8, full_name: 'Учень', role_id: ROLE.Student }],
  ]);
  it('is offered only when editing a study with exactly one package and no Billed Miss', () => {
    expect(studyFormAccess(stored, stored, 'update', ROLE.Manager, people).moveToEndAvailable).toBe(true);
    expect(studyFormAccess(stored, stored, 'create', ROLE.Manager, people).moveToEndAvailable).toBe(false);
    expect(
      studyFormAccess({ ...stored, subscriptions: {} }, stored, 'update', ROLE.Manager, people)
        .moveToEndAvailable,
    ).toBe(false);
    const two = { ...stored, users: [3, 8, 9], subscriptions: { '8': 41, '9': 42 } };
    expect(studyFormAccess(two, stored, 'update', ROLE.Manager, people).moveToEndAvailable).toBe(false);
    // Two students billed to one package: one package, so the move applies.
    expect(moveToEndSubscription({ ...two, subscriptions: { '8': 41, '9': 41 } })).toBe(41);
    const billed = { ...stored, miss_status: 2 };
    expect(studyFormAccess(billed, billed, 'update', ROLE.Manager, people).moveToEndAvailable).toBe(false);
  });
  it('hides the miss status while the box is ticked', () => {
    expect(studyFormAccess(stored, stored, 'update', ROLE.Manager, people, true).showMissStatus).toBe(false);
  });
  it('reads the next date as the start picker in Kyiv time', () => {
    expect(nextDateStart('2026-12-07T08:30:00.000Z')).toEqual({ date: '2026-12-07', time: '10:30' });
    expect(nextDateStart('later')).toBeNull();
  });
  it('saves as the command with the date-change block, and the rest of the changes as an update', () => {
    const moved = {
      ...stored,
      start: { date: '2026-12-07', time: '10:30' },
      end: { date: '2026-12-07', time: '11:15' },
      miss_status: 0,
    };
    const initiated = { ...moved, initiated_by: 2, change_comment: 'Хворів' };
    expect(moveToEndBodies(initiated, stored)).toEqual({
      move: { show_in_history: true, initiated_by: 2, change_comment: 'Хворів' },
      rest: null,
    });
    const hidden = { ...initiated, show_in_history: false, comment: 'Нова тема' };
    expect(moveToEndBodies(hidden, stored)).toEqual({
      move: { show_in_history: false, change_comment: 'Хворів' },
      rest: { comment: 'Нова тема' },
    });
  });
  it('alerts the server’s error, else the spec’s fallback', () => {
    expect(nextDateFailure({ message: 'x', error: 'Вільного часу немає' })).toEqual({
      text: 'Вільного часу немає',
    });
    expect(nextDateFailure({ message: 'x' })).toEqual({ key: 'studyForm.nextDateFailed' });
    expect(nextDateFailure(undefined)).toEqual({ key: 'studyForm.nextDateFailed' });
  });
});
