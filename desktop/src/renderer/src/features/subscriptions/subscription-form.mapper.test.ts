import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  firstContractOf,
  prolongedValues,
  subscriptionFormBody,
  subscriptionFormValues,
  subscriptionUpdateBody,
  subscriptionValuesFromRow,
  teacherOf,
  uahFromEurText,
  validateSubscriptionForm,
  type SubscriptionFormValues,
} from './subscription-form.mapper';
import { TIME_ZONE } from '@school/shared/domain';

const now = DateTime.fromISO('2026-03-10T12:00:00', { zone: TIME_ZONE });
const study = (id: number, start: string, teacherId = 3) => ({
  id,
  start,
  users: [
    { id: 50, pivot: { role_id: 4 } },
    { id: teacherId, pivot: { role_id: 3 } },
  ],
});
const stored = {
  id: 7,
  contract_id: 11,
  contract: { id: 11, student_id: 50 },
  studies_template_type_id: 2,
  price_per_study: 45000,
  eur_rate: '45.1234',
  eur_price_per_study: '10.00',
  studies_per_week: 2,
  studies: [
    study(1, '2026-03-02T08:00:00Z'),
    study(2, '2026-03-12T08:00:00Z', 8),
    study(3, '2026-03-16T08:00:00Z', 8),
  ],
  studies_template: [{ weekday: 1, start_time: '10:00:00', duration: 60 }],
};
const keys = (values: SubscriptionFormValues) =>
  validateSubscriptionForm(values).map((issue) => `${issue.path}:${issue.key}`);

describe('subscription form', () => {
  it('a new one: 8 studies from today, one 10:00 slot of 60 minutes, 300 UAH (part 2 §9)', () => {
    const values = subscriptionFormValues({}, 'create', now) as SubscriptionFormValues;
    expect(values).toMatchObject({
      studies_template_total_count: '8',
      studies_template_start_date: '2026-03-10',
      price_per_study: 30000,
      in_eur: false,
      studies_template_type_id: 1,
    });
    expect(values.studies_template).toEqual([{ weekday: 1, start_time: '10:00:00', duration: '60' }]);
  });

  it('edit starts at the earliest future study with their number; the teacher of the latest study (part 2 §4)', () => {
    const values = subscriptionValuesFromRow(stored, 'edit', now);
    expect(values).toMatchObject({
      studies_template_start_date: '2026-03-12',
      studies_template_total_count: '2',
      teacher_id: 8,
      student_id: 50,
      contract_id: 11,
      in_eur: true,
      eur_rate: '45.1234',
      eur_price_per_study: '10',
    });
  });

  it('a copy starts the day after the last study with the number of all studies; a EUR price takes today’s rate', () => {
    const copy = subscriptionValuesFromRow(stored, 'add', now);
    expect(copy).toMatchObject({
      studies_template_start_date: '2026-03-17',
      studies_template_total_count: '3',
    });
    expect(prolongedValues(copy, { eur_rate: 50.5, stale: false })).toMatchObject({
      eur_rate: '50.5',
      price_per_study: 50500,
    });
    // Without today's rate the copy keeps the old price and rate.
    expect(prolongedValues(copy, { eur_rate: 50.5, stale: true })).toMatchObject({
      eur_rate: '45.1234',
      price_per_study: 45000,
    });
    expect(prolongedValues(copy, null)).toBe(copy);
  });

  it('UAH from EUR is a whole number of hryvnias', () => {
    expect(uahFromEurText('10,555', '41.2')).toBe(43500);
    expect(uahFromEurText('', '41.2')).toBeNull();
    expect(uahFromEurText('10', '0')).toBeNull();
  });

  it('teacher and student required, count 1-200, H:MM:SS slots, price numeric, both EUR fields', () => {
    const values = { ...(subscriptionFormValues({}, 'create', now) as SubscriptionFormValues) };
    expect(keys(values)).toEqual(['teacher_id:validations.required', 'student_id:validations.required']);
    const filled = { ...values, teacher_id: 3, student_id: 50 };
    expect(keys({ ...filled, studies_template_total_count: '201' })).toEqual([
      'studies_template_total_count:validations.between.numeric',
    ]);
    expect(keys({ ...filled, studies_template_total_count: 'abc' })).toEqual([
      'studies_template_total_count:validations.numeric',
    ]);
    expect(
      keys({ ...filled, studies_template: [{ weekday: 1, start_time: '25:00', duration: '60' }] }),
    ).toEqual(['studies_template.0.start_time:validations.date_format']);
    expect(keys({ ...filled, price_per_study: Number.NaN })).toEqual(['price_per_study:validations.numeric']);
    expect(keys({ ...filled, in_eur: true, eur_price_per_study: '10', eur_rate: '' })).toEqual([
      'eur_rate:validations.required',
    ]);
    expect(keys({ ...filled, studies_per_week: '0' })).toEqual(['studies_per_week:validations.min.numeric']);
    expect(keys(filled)).toEqual([]);
  });

  it('the start date is sent in day-month-year style (part 2 §3)', () => {
    const values = {
      ...(subscriptionFormValues({}, 'create', now) as SubscriptionFormValues),
      teacher_id: 3,
      student_id: 50,
      studies_template_start_date: '2030-01-07',
    };
    expect(subscriptionFormBody(values).studies_template_start_date).toBe('07-01-2030');
    expect(keys(values)).toEqual([]);
  });

  it('an edit of the plan sends the whole form (regeneration); terms alone go alone', () => {
    const whole = subscriptionFormBody({
      ...(subscriptionFormValues({}, 'create', now) as SubscriptionFormValues),
      teacher_id: 3,
      student_id: 50,
    });
    expect(subscriptionUpdateBody({ price_per_study: 1 }, whole)).toEqual({ price_per_study: 1 });
    expect(subscriptionUpdateBody({ studies_template_total_count: '9' }, whole)).toBe(whole);
    expect(whole).toMatchObject({ eur_rate: null, eur_price_per_study: null });
  });

  it('the first contract of a student is the oldest; the teacher is read from the pivot role', () => {
    expect(firstContractOf({ contracts: [{ id: 9 }, { id: 4 }] })?.id).toBe(4);
    expect(firstContractOf({ contracts: [] })).toBeNull();
    expect(teacherOf({ studies: [] })).toBeNull();
  });
});
