import { describe, expect, it } from 'vitest';
import { errorToToast, type TranslateFn } from './error-toast';

const texts: Record<string, string> = {
  'errorUnknown.toastTitle': 'Помилка',
  'errorUnknown.toastMessage': 'Невідома помилка',
  'recordings.file_too_large': 'Файл більший за {{maxSize}}',
};
const t: TranslateFn = (key, params) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));

describe('errorToToast', () => {
  it('asks for a reload on Unauthenticated.', () => {
    expect(errorToToast({ message: 'Unauthenticated.' }, t)).toEqual({ kind: 'reload' });
  });

  it('joins all field messages with line breaks', () => {
    const result = errorToToast(
      { message: 'The given data was invalid.', errors: { email: ['a', 'b'], password: ['c'] }, code: 'x' },
      t,
    );
    expect(result).toEqual({
      kind: 'toast',
      title: 'Помилка',
      message: 'a\nb\nc',
      intent: 'danger',
      timeoutMs: 15000,
    });
  });

  it('uses the translated code with params when a translation exists', () => {
    const result = errorToToast(
      { message: 'too large', code: 'recordings.file_too_large', params: { maxSize: '1024 MB' } },
      t,
    );
    expect(result).toMatchObject({ kind: 'toast', message: 'Файл більший за 1024 MB' });
  });

  it('falls back to the message when the code has no translation', () => {
    expect(errorToToast({ message: 'Slot taken', code: 'studies.unknown_code' }, t)).toMatchObject({
      message: 'Slot taken',
    });
  });

  it('shows the message when there is neither errors nor code', () => {
    expect(errorToToast({ message: 'Forbidden' }, t)).toMatchObject({ message: 'Forbidden' });
  });

  it('shows the unknown-error text for bodies without a message', () => {
    for (const body of [undefined, null, 'oops', {}, { message: 5 }, { message: '' }]) {
      expect(errorToToast(body, t)).toMatchObject({
        kind: 'toast',
        title: 'Помилка',
        message: 'Невідома помилка',
      });
    }
  });

  it('ignores an empty errors object', () => {
    expect(errorToToast({ message: 'Bad', errors: {} }, t)).toMatchObject({ message: 'Bad' });
  });
});
