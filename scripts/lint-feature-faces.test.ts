import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// school/no-deep-feature-import (eslint.config.js): a server feature imports another one only
// through its public face, features/<feature>/index.ts. The repository's own config lints each
// text as if it were saved at that path.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'school/no-deep-feature-import';

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages;
}

interface Case {
  name: string;
  file: string;
  code: string;
}

const refused: Case[] = [
  {
    name: "a feature's service -> another feature's repository",
    file: 'server/src/features/recording-uploads/probe.ts',
    code: [
      `import { createRecordingsRepository } from '../recordings/recordings.repository.js';`,
      `export const r = createRecordingsRepository;`,
    ].join('\n'),
  },
  {
    name: "a repository -> a type of another feature's routes file",
    file: 'server/src/features/invoice-documents/probe.repository.ts',
    code: [
      `import type { DocumentFormDeps } from '../document-generators/document-form.routes.js';`,
      `export type D = DocumentFormDeps;`,
    ].join('\n'),
  },
  {
    name: "a re-export of another feature's file",
    file: 'server/src/features/studies/probe.ts',
    code: `export { readScopeFor } from '../scheduling-core/study-access.sql.js';`,
  },
  {
    name: "a dynamic import of another feature's file",
    file: 'server/src/features/bot-dialog/probe.ts',
    code: `export const load = () => import('../messenger-bots/bot-clients.js');`,
  },
  {
    name: "the composition root -> a feature's module file",
    file: 'server/src/probe.ts',
    code: [
      `import { createUsersModule } from './features/users/users.module.js';`,
      `export const u = createUsersModule;`,
    ].join('\n'),
  },
  {
    name: 'a feature -> another feature by the workspace package name',
    file: 'server/src/features/studies/probe.ts',
    code: [
      `import type { StudyAttendanceService } from`,
      `  '@school/server/src/features/study-attendance/study-attendance.service.js';`,
      `export type S = StudyAttendanceService;`,
    ].join('\n'),
  },
];

const allowed: Case[] = [
  {
    name: "a feature -> another feature's index",
    file: 'server/src/features/recording-uploads/probe.ts',
    code: [
      `import { createRecordingsRepository } from '../recordings/index.js';`,
      `export const r = createRecordingsRepository;`,
    ].join('\n'),
  },
  {
    name: 'a feature -> its own files',
    file: 'server/src/features/recordings/probe.ts',
    code: [
      `import { createRecordingsRepository } from './recordings.repository.js';`,
      `export const r = createRecordingsRepository;`,
    ].join('\n'),
  },
  {
    name: 'a feature -> platform and the shared module type',
    file: 'server/src/features/studies/probe.ts',
    code: [
      `import { authOf } from '../../platform/security/session-guard.js';`,
      `import type { FeatureModule } from '../feature-module.js';`,
      `export const a = authOf;`,
      `export type M = FeatureModule;`,
    ].join('\n'),
  },
  {
    name: "a test -> another feature's test kit and files",
    file: 'server/src/features/studies/probe.int.test.ts',
    code: [
      `import '../recordings/recordings.test-kit.js';`,
      `import '../scheduling-core/studies.repository.js';`,
    ].join('\n'),
  },
  {
    name: "a test kit -> another feature's files",
    file: 'server/src/drills/probe.test-kit.ts',
    code: `import '../features/auth/auth-user.js';`,
  },
];

describe('lint: server features meet through their index', { timeout: 30_000 }, () => {
  // Loading the config and its plugins is the slow part: once, before the cases.
  beforeAll(() => lint('server/src/features/studies/probe.ts', ''), 120_000);

  it.each(refused)('refuses $name', async ({ file, code }) => {
    const messages = await lint(file, code);
    expect(messages.filter((m) => m.ruleId === RULE && m.severity === 2)).toHaveLength(1);
  });

  it('names the index to import instead', async () => {
    const [message] = await lint(
      'server/src/features/study-tasks/probe.ts',
      [
        `import type { StudyUpdateService } from '../studies/study-update.service.js';`,
        `export type S = StudyUpdateService;`,
      ].join('\n'),
    );
    expect(message?.message).toContain("import it from '../studies/index.js'");
  });

  it.each(allowed)('passes $name', async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
