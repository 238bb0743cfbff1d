import { describe, expect, it } from 'vitest';
import { createI18n, resources } from '@school/shared/i18n';
import { fieldErrors } from '@school/shared/validation';
import {
  REPORT_TEMPLATES,
  reportFormIssues,
  reportTemplateTexts,
  templateWouldDiscard,
} from './study-report-form';
import { reportFormTarget } from './use-study-report-form';

const ids = { study_id: 10, user_id: 20 };

async function translator(language: 'uk' | 'ru' | 'en') {
  const i18n = await createI18n(language);
  return (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
}

describe('report templates (spec part 2 §2 "Study report form")', () => {
  it('Trial and General Report fill a subject of 5-255 and a content of at least 170 characters, in every language', async () => {
    for (const language of ['uk', 'ru', 'en'] as const) {
      const t = await translator(language);
      for (const template of ['trial', 'general'] as const) {
        const texts = reportTemplateTexts(template, t);
        expect(texts.subject.length, `${language} ${template}`).toBeGreaterThanOrEqual(5);
        expect(texts.subject.length).toBeLessThanOrEqual(255);
        expect(texts.content.length, `${language} ${template}`).toBeGreaterThanOrEqual(170);
        expect(reportFormIssues({ ...ids, ...texts })).toEqual([]);
      }
    }
  });

  it('Ukrainian and Russian templates are their own texts, not copies', async () => {
    const uk = reportTemplateTexts('general', await translator('uk'));
    const ru = reportTemplateTexts('general', await translator('ru'));
    expect(uk.content).not.toBe(ru.content);
    expect(uk.content).toContain('Домашнє завдання');
    expect(ru.content).toContain('Домашнее задание');
  });

  it('Empty clears both fields; the three templates are offered in the spec’s order', async () => {
    expect(REPORT_TEMPLATES).toEqual(['empty', 'trial', 'general']);
    expect(reportTemplateTexts('empty', await translator('uk'))).toEqual({ subject: '', content: '' });
  });

  it('asks before a template replaces typed text, not over an empty form or the same text', async () => {
    const t = await translator('uk');
    const trial = reportTemplateTexts('trial', t);
    expect(templateWouldDiscard({ subject: '', content: '  ' }, trial)).toBe(false);
    expect(templateWouldDiscard(trial, trial)).toBe(false);
    expect(templateWouldDiscard({ subject: 'Моя тема', content: '' }, trial)).toBe(true);
    expect(
      templateWouldDiscard({ subject: '', content: 'Почав писати' }, reportTemplateTexts('empty', t)),
    ).toBe(true);
  });
});

describe('report validation messages (spec part 2 §5: subject 5-255, content at least 170)', () => {
  const messages = async (language: 'uk' | 'ru', values: { subject: string; content: string }) =>
    fieldErrors(reportFormIssues({ ...ids, ...values }), await translator(language));

  it('says under each field what is wrong, in Ukrainian', async () => {
    const errors = await messages('uk', { subject: 'Тема', content: 'Коротко.' });
    expect(errors.subject).toEqual([
      resources.uk.translation.validations.min.string
        .replace('{{attribute}}', 'тема')
        .replace('{{min}}', '5'),
    ]);
    expect(errors.content?.[0]).toBe('Поле «текст» має містити щонайменше 170 символів.');
    const long = await messages('uk', { subject: 'x'.repeat(256), content: 'y'.repeat(170) });
    expect(long.subject).toEqual(['Поле «тема» може містити не більше ніж 255 символів.']);
    expect(long.content).toBeUndefined();
  });

  it('and in Russian', async () => {
    const errors = await messages('ru', { subject: '', content: 'y'.repeat(169) });
    expect(errors.subject?.[0]).toMatch(/тема/i);
    expect(errors.subject?.[0]).toMatch(/обязательно/);
    expect(errors.content?.[0]).toMatch(/170/);
  });

  it('accepts exactly 5 and 255 characters of subject and 170 of content', () => {
    expect(reportFormIssues({ ...ids, subject: 'abcde', content: 'c'.repeat(170) })).toEqual([]);
    expect(reportFormIssues({ ...ids, subject: 's'.repeat(255), content: 'c'.repeat(170) })).toEqual([]);
  });
});

describe('the form’s address', () => {
  it('reads study_id and user_id, or a report id to edit', () => {
    expect(reportFormTarget(new URLSearchParams('create&study_id=5&user_id=9'))).toEqual({
      studyId: 5,
      userId: 9,
    });
    expect(reportFormTarget(new URLSearchParams('edit=12'))).toEqual({ reportId: 12 });
    expect(reportFormTarget(new URLSearchParams('study_id=5'))).toBeNull();
    expect(reportFormTarget(new URLSearchParams('study_id=x&user_id=-1'))).toBeNull();
  });
});
