import { describe, expect, it } from 'vitest';
import { ApiError, type TranslateFn } from '@school/shared/api';
import { submitErrorState } from './use-form-submit';

const t: TranslateFn = (key) => (key === 'errorUnknown.toastMessage' ? 'Невідома помилка' : key);
const invalid = (errors: Record<string, string[]>) => new ApiError(422, { message: 'Invalid', errors });

describe('submitErrorState', () => {
  it('puts the server field errors (422) under the fields the form shows', () => {
    expect(submitErrorState(invalid({ email: ['Невірні дані', 'ще'] }), ['email', 'password'], t)).toEqual({
      fieldErrors: { email: 'Невірні дані' },
      formError: null,
    });
  });

  it('errors of fields the form does not show go above the form', () => {
    expect(submitErrorState(invalid({ email: ['a'], token: ['b'] }), ['email'], t)).toEqual({
      fieldErrors: { email: 'a' },
      formError: 'b',
    });
  });

  it('any other failure is one message above the form; signed out gives none (the page reloads)', () => {
    expect(submitErrorState(new ApiError(409, { message: 'Зайнято' }), ['email'], t)).toEqual({
      fieldErrors: {},
      formError: 'Зайнято',
    });
    expect(submitErrorState(new TypeError('x'), ['email'], t)).toEqual({
      fieldErrors: {},
      formError: 'Невідома помилка',
    });
    expect(submitErrorState(new ApiError(401, { message: 'Unauthenticated.' }), ['email'], t)).toEqual({
      fieldErrors: {},
      formError: null,
    });
  });
  it('puts the error of a row of a shown list under that list, by its full path', () => {
    expect(submitErrorState(invalid({ 'phones.1.phone': ['Номер'], 'x.0': ['y'] }), ['phones'], t)).toEqual({
      fieldErrors: { 'phones.1.phone': 'Номер' },
      formError: 'y',
    });
  });
});
