import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RESOURCES } from '../resources';
import * as validation from './index';
import { TEXT_MAX } from './text-limits';

/**
 * Issue 10.5: no body key of any shared schema (resource forms and commands alike) takes an
 * unbounded string. Each key gets a too-long value in every shape a string input may need to pass
 * its format (plain, an email, digits) and must report an issue at that key.
 */
const LONG = 100_001;
const SHAPES = ['a'.repeat(LONG), `${'a'.repeat(LONG)}@example.com`, '1'.repeat(LONG)];

type Shaped = z.ZodType & { shape: Record<string, z.ZodType> };
const isShaped = (value: unknown): value is Shaped =>
  typeof value === 'object' &&
  value !== null &&
  'safeParse' in value &&
  typeof (value as { shape?: unknown }).shape === 'object';

const schemas = new Map<string, Shaped>();
for (const [name, value] of Object.entries(validation)) if (isShaped(value)) schemas.set(name, value);
for (const resource of Object.values(RESOURCES)) {
  if (isShaped(resource.createSchema)) schemas.set(`${resource.name} create`, resource.createSchema);
  if (isShaped(resource.updateSchema)) schemas.set(`${resource.name} update`, resource.updateSchema);
}

const refusedAt = (schema: z.ZodType, body: Record<string, unknown>, path: string) => {
  const result = schema.safeParse(body);
  return !result.success && result.error.issues.some((issue) => issue.path.map(String).join('.') === path);
};

describe('text limits', () => {
  it('finds the schemas (forms, commands and every writable resource)', () => {
    expect([...schemas.keys()]).toEqual(
      expect.arrayContaining([
        'loginSchema',
        'passwordChangeSchema',
        'userFormSchema',
        'studyMessageSchema',
        'users update',
        'study_reports create',
      ]),
    );
  });

  it.each([...schemas.keys()])(`%s: every key refuses a ${LONG}-character string`, (name) => {
    const schema = schemas.get(name)!;
    for (const key of Object.keys(schema.shape)) {
      for (const value of SHAPES)
        expect(refusedAt(schema, { [key]: value }, key), `${key} = ${value.slice(-14)}`).toBe(true);
    }
  });

  it('nested rows too: a user form phone', () => {
    for (const schema of [validation.userFormSchema, RESOURCES.users.updateSchema!]) {
      expect(
        refusedAt(schema, { phones: [{ phone: '1'.repeat(TEXT_MAX.phone + 1) }] }, 'phones.0.phone'),
      ).toBe(true);
      expect(refusedAt(schema, { phones: [{ phone: '1'.repeat(TEXT_MAX.phone) }] }, 'phones.0.phone')).toBe(
        false,
      );
    }
  });

  it('limits are exact: email and password take 255, a new password 8 to 255', () => {
    const email = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(refusedAt(validation.userFormSchema, { email: email(255) }, 'email')).toBe(false);
    expect(refusedAt(validation.userFormSchema, { email: email(256) }, 'email')).toBe(true);
    expect(refusedAt(validation.userFormSchema, { password: 'p'.repeat(255) }, 'password')).toBe(false);
    expect(refusedAt(validation.userFormSchema, { password: 'p'.repeat(256) }, 'password')).toBe(true);
    expect(refusedAt(validation.userFormSchema, { password: 'p'.repeat(7) }, 'password')).toBe(true);
  });
});
