import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// school/no-role-lists (scripts/eslint/no-role-lists.js), proved with the repository's own config:
// each snippet is linted as if saved at the given path.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'school/no-role-lists';

async function roleListErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).length;
}

const IMPORT = `import { ROLE } from '@school/shared/domain';\n`;

// The first lint loads the config, its plugins and the resolver: paid once, not by a case.
beforeAll(() => roleListErrors('server/src/features/studies/probe.ts', ''), 120_000);

describe(
  'school/no-role-lists refuses restated role checks outside the permissions module',
  { timeout: 30_000 },
  () => {
    it.each([
      [
        'a list of role names',
        'server/src/features/studies/probe.ts',
        `${IMPORT}export const T = [ROLE.Teacher, ROLE.Methodologist];`,
      ],
      [
        'a list of role names in a query',
        'server/src/features/studies/probe.repository.ts',
        `${IMPORT}export const q = (b: { whereIn(c: string, v: number[]): void }) => b.whereIn('role_id', [ROLE.Teacher, ROLE.Student]);`,
      ],
      [
        'a chain of role comparisons',
        'desktop/src/renderer/src/features/calendar/probe.ts',
        `${IMPORT}export const f = (roleId: number) => roleId === ROLE.Administrator || roleId === ROLE.Manager;`,
      ],
      [
        'a negated chain',
        'shared/src/ui/calendar/probe.ts',
        `${IMPORT}export const f = (r: number) => r !== ROLE.Student && r !== ROLE.Responsible;`,
      ],
      [
        'a role id compared with a number',
        'desktop/src/renderer/src/features/shell/probe.ts',
        `export const f = (user: { role_id: number }) => user.role_id === 3;`,
      ],
      [
        'a roleId compared with a number',
        'server/src/features/auth/probe.ts',
        `export const f = (roleId: number) => 5 !== roleId;`,
      ],
      [
        'role ids as a list of numbers',
        'server/src/features/realtime-events/probe.ts',
        `export const TEACHING_ROLES = [3, 7];`,
      ],
      ['a role id as a bare number', 'family-web/src/features/probe.ts', `export const STUDENT_ROLE = 4;`],
    ])('%s', async (_name, file, code) => {
      expect(await roleListErrors(file, code)).toBeGreaterThan(0);
    });
  },
);

describe('school/no-role-lists lets through', { timeout: 30_000 }, () => {
  it.each([
    [
      'an ability',
      'server/src/features/analytics/probe.ts',
      `export const f = (a: { can(x: string, y: string): boolean }) => a.can('read', 'analytics');`,
    ],
    [
      'one role named (what a participant is)',
      'server/src/features/studies/probe.ts',
      `${IMPORT}export const f = (p: { role_id: number }) => p.role_id === ROLE.Student;`,
    ],
    [
      'a named role group',
      'server/src/features/studies/probe.ts',
      `import { roleIdsOf } from '@school/shared/domain';\nexport const ids = roleIdsOf('teaching');`,
    ],
    [
      'SQL bindings that name roles among other values',
      'server/src/features/studies/probe.ts',
      `${IMPORT}export const b = (from: Date) => [ROLE.Student, from, ROLE.Teacher];`,
    ],
    [
      'two different values compared with roles',
      'server/src/features/auth/probe.ts',
      `${IMPORT}export const f = (a: number, b: number) => a === ROLE.Responsible && b === ROLE.Responsible;`,
    ],
    [
      'the permissions module',
      'shared/src/permissions/probe.ts',
      `${IMPORT}export const T = [ROLE.Teacher, ROLE.Methodologist];`,
    ],
    [
      'roles.ts',
      'shared/src/domain/roles.ts',
      `export const ROLE = { Teacher: 3 } as const;\nexport const G = [ROLE.Teacher, ROLE.Teacher];`,
    ],
    [
      'a test building data',
      'server/src/features/studies/probe.int.test.ts',
      `${IMPORT}export const T = [ROLE.Teacher, ROLE.Methodologist];`,
    ],
  ])('%s', async (_name, file, code) => {
    expect(await roleListErrors(file, code)).toBe(0);
  });
});
