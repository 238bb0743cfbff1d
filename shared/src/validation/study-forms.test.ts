import { describe, expect, it } from 'vitest';
import {
  scheduleSchema,
  studyFormSchema,
  studyModalSchema,
  studyReportSchema,
  subscriptionFormSchema,
} from './index';
import { dataOf, keysOf } from './validation.test-kit';

describe('scheduleSchema', () => {
  const valid = {
    user_id: '7',
    start_at: '2025-01-01',
    workperiods: [{ weekday: '0', start_time: '9:30', duration: '60' }],
    offperiods: [{ id: '-1', start_at: '2025-02-01 00:00', end_at: '2025-02-03 00:00' }],
  };

  it('accepts a valid body; lists default to empty', () => {
    const data = dataOf(scheduleSchema, valid);
    expect(data.workperiods).toEqual([{ weekday: 0, start_time: '9:30', duration: 60 }]);
    expect(data.offperiods[0]).toMatchObject({ id: -1, start_at: '2025-02-01T00:00:00+02:00' });
    expect(dataOf(scheduleSchema, { user_id: 7, start_at: '2025-01-01' })).toMatchObject({
      workperiods: [],
      offperiods: [],
    });
  });

  it('reports each bad work period and off period by dotted path', () => {
    expect(
      keysOf(scheduleSchema, {
        start_at: '2025-01-01',
        end_at: '2024-12-31',
        workperiods: [valid.workperiods[0], { weekday: '7', start_time: '24:00', duration: '0' }, {}],
        offperiods: [{ start_at: '2025-02-02', end_at: '2025-02-01' }, { start_at: '' }],
      }),
    ).toEqual({
      user_id: ['validations.required'],
      end_at: ['validations.after_or_equal'],
      'workperiods.1.weekday': ['validations.in'],
      'workperiods.1.start_time': ['validations.date_format'],
      'workperiods.1.duration': ['validations.min.numeric'],
      'workperiods.2.weekday': ['validations.required'],
      'workperiods.2.start_time': ['validations.required'],
      'workperiods.2.duration': ['validations.required'],
      'offperiods.0.end_at': ['validations.after'],
      'offperiods.1.start_at': ['validations.required'],
      'offperiods.1.end_at': ['validations.required'],
    });
  });

  it('an off period must end after it starts, not at the same moment', () => {
    expect(
      keysOf(scheduleSchema, { ...valid, offperiods: [{ start_at: '2025-02-01', end_at: '2025-02-01' }] }),
    ).toEqual({
      'offperiods.0.end_at': ['validations.after'],
    });
  });
});

describe('studyFormSchema', () => {
  const valid = { users: ['3', '4'], start: '2025-03-01T10:00', duration: '60', type_id: '1', trial: '0' };

  it('applies the defaults of part 2 §9 and drops the Empty subscription', () => {
    expect(dataOf(studyFormSchema, { ...valid, subscriptions: ['0', '9'] })).toEqual({
      users: [3, 4],
      subscriptions: [9],
      start: '2025-03-01T10:00:00+02:00',
      duration: 60,
      type_id: 1,
      trial: false,
      miss_status: 0,
      ignore_offperiods: false,
      show_in_history: true,
    });
  });

  it('requires users, start, duration >= 1, type and trial', () => {
    expect(keysOf(studyFormSchema, { users: [] })).toEqual({
      users: ['validations.required'],
      start: ['validations.required'],
      duration: ['validations.required'],
      type_id: ['validations.required'],
      trial: ['validations.required'],
    });
    expect(keysOf(studyFormSchema, { ...valid, duration: '0', miss_status: '3', trial: 'x' })).toEqual({
      duration: ['validations.min.numeric'],
      miss_status: ['validations.in'],
      trial: ['validations.boolean'],
    });
  });

  it('initiated_by is required with a date change shown in history', () => {
    expect(keysOf(studyFormSchema, { ...valid, change_comment: 'sick', show_in_history: '1' })).toEqual({
      initiated_by: ['validations.required'],
    });
    expect(keysOf(studyFormSchema, { ...valid, change_comment: 'sick', show_in_history: '0' })).toEqual({});
    expect(keysOf(studyFormSchema, { ...valid, change_comment: 'sick', initiated_by: '2' })).toEqual({});
    expect(keysOf(studyFormSchema, { ...valid, initiated_by: 'abc' })).toEqual({
      initiated_by: ['validations.numeric'],
    });
  });

  it('study modal save takes comment, miss status and start', () => {
    expect(dataOf(studyModalSchema, { comment: ' hi ', miss_status: '1' })).toEqual({
      comment: 'hi',
      miss_status: 1,
    });
    expect(keysOf(studyModalSchema, { miss_status: 5, start: 'x' })).toEqual({
      miss_status: ['validations.in'],
      start: ['validations.date'],
    });
  });
});

describe('studyReportSchema', () => {
  const valid = { study_id: '1', user_id: '2', subject: 'Fractions', content: 'x'.repeat(170) };

  it('accepts a valid report', () => {
    expect(dataOf(studyReportSchema, valid)).toMatchObject({ study_id: 1, user_id: 2, subject: 'Fractions' });
  });

  it('subject 5 to 255, content at least 170', () => {
    expect(keysOf(studyReportSchema, { ...valid, subject: 'abcd', content: 'x'.repeat(169) })).toEqual({
      subject: ['validations.min.string'],
      content: ['validations.min.string'],
    });
    expect(keysOf(studyReportSchema, { ...valid, subject: 'x'.repeat(256) })).toEqual({
      subject: ['validations.max.string'],
    });
    expect(keysOf(studyReportSchema, {})).toEqual({
      study_id: ['validations.required'],
      user_id: ['validations.required'],
      subject: ['validations.required'],
      content: ['validations.required'],
    });
  });
});

describe('subscriptionFormSchema', () => {
  const valid = {
    teacher_id: '3',
    student_id: '4',
    studies_template_type_id: '1',
    studies_template_total_count: '8',
    price_per_study: '30000',
    studies_per_week: '2',
    studies_template_start_date: '05.03.2025',
    studies_template: [
      { weekday: '1', start_time: '10:00:00' },
      { weekday: '4', start_time: '9:30:00', duration: '45' },
    ],
    eur_rate: '',
  };

  it('accepts a valid body: day-month-year date, slot defaults', () => {
    const data = dataOf(subscriptionFormSchema, valid);
    expect(data.studies_template_start_date).toBe('2025-03-05');
    expect(data.studies_template).toEqual([
      { weekday: 1, start_time: '10:00:00', duration: 60 },
      { weekday: 4, start_time: '9:30:00', duration: 45 },
    ]);
    expect(data).toMatchObject({ studies_template_total_count: 8, price_per_study: 30000, eur_rate: null });
  });

  it('count between 1 and 200', () => {
    for (const count of ['0', '201']) {
      expect(keysOf(subscriptionFormSchema, { ...valid, studies_template_total_count: count })).toEqual({
        studies_template_total_count: ['validations.between.numeric'],
      });
    }
    expect(keysOf(subscriptionFormSchema, { ...valid, studies_template_total_count: '200' })).toEqual({});
  });

  it('checks slots, rates and required fields', () => {
    expect(
      keysOf(subscriptionFormSchema, {
        studies_template: [
          { weekday: '', start_time: '10:00' },
          { weekday: 2, start_time: '10:60:00' },
        ],
        eur_rate: '0',
        eur_price_per_study: '-1',
        studies_per_week: '0',
      }),
    ).toEqual({
      teacher_id: ['validations.required'],
      student_id: ['validations.required'],
      studies_template_type_id: ['validations.required'],
      studies_template_total_count: ['validations.required'],
      price_per_study: ['validations.required'],
      eur_price_per_study: ['validations.min.numeric'],
      eur_rate: ['validations.min.numeric'],
      studies_per_week: ['validations.min.numeric'],
      studies_template_start_date: ['validations.required'],
      'studies_template.0.weekday': ['validations.required'],
      'studies_template.0.start_time': ['validations.date_format'],
      'studies_template.1.start_time': ['validations.date_format'],
    });
  });
});
