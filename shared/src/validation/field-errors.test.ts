import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n } from '../i18n';
import {
  fieldErrors,
  fieldIssues,
  loginSchema,
  parseBody,
  passwordChangeSchema,
  scheduleSchema,
  studyReportSchema,
  subscriptionFormSchema,
  text,
} from './index';

const uk = createI18n('uk').t;
const ru = createI18n('ru').t;
const en = createI18n('en').t;

function errors(schema: z.ZodType, input: unknown, t = uk) {
  const result = parseBody(schema, input);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error, t);
}

describe('fieldErrors', () => {
  it('translates required with the localized attribute (uk, ru, en)', () => {
    expect(errors(loginSchema, { password: 'x' }, uk)).toEqual({
      email: ['Поле «електронна пошта» обов’язкове для заповнення.'],
    });
    expect(errors(loginSchema, { password: 'x' }, ru)).toEqual({
      email: ['Поле «электронная почта» обязательно для заполнения.'],
    });
    expect(errors(loginSchema, { password: 'x' }, en)).toEqual({ email: ['The email field is required.'] });
  });

  it('fills min / max / between params', () => {
    expect(
      errors(studyReportSchema, { study_id: 1, user_id: 1, subject: 'abc', content: 'short' }, uk),
    ).toEqual({
      subject: ['Поле «тема» має містити щонайменше 5 символів.'],
      content: ['Поле «текст» має містити щонайменше 170 символів.'],
    });
    expect(
      errors(
        studyReportSchema,
        { study_id: 1, user_id: 1, subject: 'x'.repeat(300), content: 'y'.repeat(170) },
        ru,
      ),
    ).toEqual({
      subject: ['Поле «тема» может содержать не более 255 символов.'],
    });
    const count = errors(
      subscriptionFormSchema,
      { studies_template_total_count: '500' },
      uk,
    ).studies_template_total_count;
    expect(count).toEqual(['Значення поля «кількість занять» має бути від 1 до 200.']);
  });

  it('uses dotted paths and names nested fields by their own attribute', () => {
    const result = errors(scheduleSchema, {
      user_id: 1,
      start_at: '2025-01-01',
      workperiods: [
        { weekday: 1, start_time: '7:00', duration: 60 },
        { weekday: 1, start_time: '7', duration: 60 },
      ],
      offperiods: [{ start_at: '2025-01-05', end_at: '2025-01-04' }],
    });
    expect(result).toEqual({
      'workperiods.1.start_time': ['Поле «час початку» не відповідає формату HH:MM.'],
      'offperiods.0.end_at': ['Поле «дата завершення» має містити дату після «дата початку».'],
    });
    expect(
      errors(
        scheduleSchema,
        {
          user_id: 1,
          start_at: '2025-01-05',
          offperiods: [{ start_at: '2025-01-05', end_at: '2025-01-04' }],
        },
        en,
      ),
    ).toEqual({ 'offperiods.0.end_at': ['The end date field must be a date after start date.'] });
  });

  it('names the confirmed field in the confirmation message', () => {
    const body = { current_password: 'x', new_password: 'abcdefgh', new_password_confirmation: 'abcdefgi' };
    expect(errors(passwordChangeSchema, body, uk)).toEqual({
      new_password_confirmation: ['Підтвердження поля «новий пароль» не збігається.'],
    });
    expect(errors(passwordChangeSchema, body, ru)).toEqual({
      new_password_confirmation: ['Подтверждение поля «новый пароль» не совпадает.'],
    });
  });

  it('falls back to the field name with spaces when no attribute translation exists', () => {
    const schema = z.object({ favourite_colour: text.required(z.string()) });
    expect(errors(schema, {}, en)).toEqual({ favourite_colour: ['The favourite colour field is required.'] });
  });

  it('derives keys from zod issues parsed without the error map', () => {
    const schema = z.object({
      email: z.email(),
      age: z.number().int().min(3),
      count: z.number().int(),
      tags: z.array(z.string()).max(1),
      name: z.string(),
    });
    const result = schema.safeParse({ email: 'x', age: 1, count: 1.5, tags: ['a', 'b'] });
    expect(fieldIssues(result.error!).map((issue) => [issue.path, issue.key])).toEqual([
      ['email', 'validations.email'],
      ['age', 'validations.min.numeric'],
      ['count', 'validations.integer'],
      ['tags', 'validations.max.array'],
      ['name', 'validations.required'],
    ]);
    expect(fieldErrors(result.error!, en).age).toEqual(['The age field must be at least 3.']);
  });

  it('accepts issues as well as a ZodError, and never repeats a message', () => {
    const issues = [
      { path: 'email', key: 'validations.required', params: {} },
      { path: 'email', key: 'validations.required', params: {} },
      { path: 'password', key: 'errors.credentials', params: {} },
    ];
    expect(fieldErrors(issues, en)).toEqual({
      email: ['The email field is required.'],
      password: ['Wrong email or password.'],
    });
  });
});

describe('parseBody', () => {
  it('answers typed data or issues with keys and params', () => {
    const ok = parseBody(loginSchema, { email: 'a@b.ua', password: 'x' });
    expect(ok).toEqual({ success: true, data: { email: 'a@b.ua', password: 'x', remember: false } });

    const bad = parseBody(studyReportSchema, {
      study_id: 1,
      user_id: 1,
      subject: 'abc',
      content: 'x'.repeat(170),
    });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(bad.issues).toEqual([{ path: 'subject', key: 'validations.min.string', params: { min: 5 } }]);
    }
  });
});

describe('without parseBody', () => {
  it('plain safeParse still yields the same keys for the shared schemas', () => {
    const schema = scheduleSchema;
    const input = { start_at: '2025-01-01', workperiods: [{ start_time: '25:00', duration: 0 }] };
    const viaParseBody = parseBody(schema, input);
    const plainResult = schema.safeParse(input);
    expect(viaParseBody.success || plainResult.success).toBe(false);
    if (!viaParseBody.success && !plainResult.success) {
      expect(fieldIssues(plainResult.error)).toEqual(viaParseBody.issues);
    }
  });
});
