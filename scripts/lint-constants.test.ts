import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// school/no-restated-constant (scripts/eslint/no-restated-constant.js), proved with the
// repository's own config: the school's zone and the date format are written once, in
// shared/src/domain/constants.ts, and a copy anywhere else fails lint.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'school/no-restated-constant';

async function restated(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === RULE && m.severity === 2);
}

const refused = [
  {
    what: 'the zone in a server feature',
    file: 'server/src/features/studies/probe.ts',
    code: `export const zone = 'Europe/Kyiv';`,
  },
  {
    what: 'the zone in a luxon call of the renderer',
    file: 'desktop/src/renderer/src/features/studies/probe.ts',
    code: `import { DateTime } from 'luxon';\nexport const now = DateTime.now().setZone('Europe/Kyiv');`,
  },
  {
    what: 'the zone quoted in SQL text',
    file: 'server/src/features/studies/probe.sql.ts',
    code: "export const sql = `SELECT (start AT TIME ZONE 'Europe/Kyiv')::date FROM studies WHERE id = ${1}`;",
  },
  {
    what: 'the zone in a test',
    file: 'server/src/features/studies/probe.int.test.ts',
    code: `export const zone = \`Europe/Kyiv\`;`,
  },
  {
    what: 'the date format in a table page',
    file: 'desktop/src/renderer/src/features/contracts/probe.tsx',
    code: `export const day = (d: { toFormat(f: string): string }) => d.toFormat('dd.MM.yyyy');`,
  },
  {
    what: 'the date format in an e2e kit',
    file: 'e2e/admin-tables/probe-kit.ts',
    code: `export const FORMAT = 'dd.MM.yyyy';`,
  },
];

const allowed = [
  {
    what: 'the constants file itself',
    file: 'shared/src/domain/constants.ts',
    code: `export const TIME_ZONE = 'Europe/Kyiv';\nexport const DATE_FORMAT = 'dd.MM.yyyy';`,
  },
  {
    what: 'the imported constants, also in SQL text',
    file: 'server/src/features/studies/probe.sql.ts',
    code:
      `import { DATE_FORMAT, TIME_ZONE } from '@school/shared/domain';\n` +
      "export const sql = `SELECT start AT TIME ZONE '${TIME_ZONE}' FROM studies`;\n" +
      `export const formats = [DATE_FORMAT, TIME_ZONE];`,
  },
  {
    what: 'other zones and formats (a test of zone arithmetic, a composed format)',
    file: 'shared/src/rules/probe.test.ts',
    code: `export const zones = ['Europe/Warsaw', 'America/New_York'];\nexport const f = 'dd.MM.yyyy HH:mm';`,
  },
];

describe('lint: shared constants are not restated', { timeout: 30_000 }, () => {
  // Loading the config and its plugins is the slow part: once, before the cases.
  beforeAll(() => restated('shared/src/domain/probe.ts', ''), 120_000);

  it.each(refused)('refuses $what', async ({ file, code }) => {
    const messages = await restated(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0].message).toMatch(/is (TIME_ZONE|DATE_FORMAT) of @school\/shared\/domain/);
  });

  it.each(allowed)('passes $what', async ({ file, code }) => {
    expect(await restated(file, code)).toEqual([]);
  });
});
