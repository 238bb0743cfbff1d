import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, passwordChangeSchema, resetPasswordSchema } from './index';
import { dataOf, keysOf } from './validation.test-kit';

describe('loginSchema', () => {
  it('accepts JSON and form strings, trims the email, coerces remember', () => {
    expect(dataOf(loginSchema, { email: ' a@b.ua ', password: ' secret ', remember: '1' })).toEqual({
      email: 'a@b.ua',
      password: ' secret ',
      remember: true,
    });
    expect(dataOf(loginSchema, { email: 'a@b.ua', password: 'x', remember: false }).remember).toBe(false);
    expect(dataOf(loginSchema, { email: 'a@b.ua', password: 'x' }).remember).toBe(false);
    expect(dataOf(loginSchema, { email: 'a@b.ua', password: 'x', remember: 'true' }).remember).toBe(true);
  });

  it('reports required, email and boolean', () => {
    expect(keysOf(loginSchema, {})).toEqual({
      email: ['validations.required'],
      password: ['validations.required'],
    });
    expect(keysOf(loginSchema, { email: '  ', password: '' })).toEqual({
      email: ['validations.required'],
      password: ['validations.required'],
    });
    expect(keysOf(loginSchema, { email: 'nope', password: 'x', remember: 'maybe' })).toEqual({
      email: ['validations.email'],
      remember: ['validations.boolean'],
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid email', () => {
    expect(dataOf(forgotPasswordSchema, { email: ' x@y.com' })).toEqual({ email: 'x@y.com' });
    expect(keysOf(forgotPasswordSchema, {})).toEqual({ email: ['validations.required'] });
    expect(keysOf(forgotPasswordSchema, { email: 'x@' })).toEqual({ email: ['validations.email'] });
  });
});

describe('resetPasswordSchema', () => {
  const valid = { token: 'abc', email: 'a@b.ua', password: 'password1', password_confirmation: 'password1' };

  it('accepts a valid body', () => {
    expect(dataOf(resetPasswordSchema, valid)).toEqual(valid);
  });

  it('requires everything', () => {
    expect(keysOf(resetPasswordSchema, {})).toEqual({
      token: ['validations.required'],
      email: ['validations.required'],
      password: ['validations.required'],
      password_confirmation: ['validations.required'],
    });
  });

  it('min 8 on both, then confirmed', () => {
    expect(
      keysOf(resetPasswordSchema, { ...valid, password: 'short', password_confirmation: 'short' }),
    ).toEqual({
      password: ['validations.min.string'],
      password_confirmation: ['validations.min.string'],
    });
    expect(keysOf(resetPasswordSchema, { ...valid, password_confirmation: 'password2' })).toEqual({
      password_confirmation: ['validations.confirmed'],
    });
  });
});

describe('passwordChangeSchema', () => {
  const valid = { current_password: 'old', new_password: '12345678', new_password_confirmation: '12345678' };

  it('accepts a valid body', () => {
    expect(dataOf(passwordChangeSchema, valid)).toEqual(valid);
  });

  it('reports the mismatch together with other fields', () => {
    expect(
      keysOf(passwordChangeSchema, { new_password: '12345678', new_password_confirmation: '87654321' }),
    ).toEqual({
      current_password: ['validations.required'],
      new_password_confirmation: ['validations.confirmed'],
    });
  });

  it('min 8', () => {
    expect(
      keysOf(passwordChangeSchema, {
        ...valid,
        new_password: '1234567',
        new_password_confirmation: '1234567',
      }),
    ).toEqual({
      new_password: ['validations.min.string'],
      new_password_confirmation: ['validations.min.string'],
    });
  });
});
