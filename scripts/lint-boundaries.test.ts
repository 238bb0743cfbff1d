import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each layer rule of eslint.config.js, proved on a file that breaks it: the repository's own
// config lints the text as if it were saved at that path (imports resolve against the real tree).

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages;
}

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';
const NODE_MODULES = 'import-x/no-nodejs-modules';
const RELATIVE_PACKAGES = 'import-x/no-relative-packages';

interface Case {
  rule: string;
  file: string;
  code: string;
  /** The one rule that must report it (others may too). */
  ruleId: string;
}

const violations: Case[] = [
  // shared/ never imports an app, whatever the path says.
  {
    rule: 'shared -> server (relative path)',
    file: 'shared/src/domain/probe.ts',
    code: `import '../../../server/src/config.js';`,
    ruleId: PATHS,
  },
  {
    rule: 'shared -> server (deep relative, type only)',
    file: 'shared/src/rules/probe.ts',
    code: `import type { AuthState } from '../../../server/src/platform/security/auth-state.js';\nexport type A = AuthState;`,
    ruleId: PATHS,
  },
  {
    rule: 'shared -> desktop (workspace package path)',
    file: 'shared/src/rules/probe.ts',
    code: `import '@school/desktop/src/common/ipc-channels';`,
    ruleId: PATHS,
  },
  {
    rule: 'shared -> family-web (re-export)',
    file: 'shared/src/index-probe.ts',
    code: `export * from '../../family-web/src/main';`,
    ruleId: PATHS,
  },
  {
    rule: 'shared/src/ui -> desktop renderer',
    file: 'shared/src/ui/probe.ts',
    code: `import '../../../desktop/src/renderer/src/main';`,
    ruleId: PATHS,
  },
  {
    rule: 'shared non-ui -> shared/src/ui',
    file: 'shared/src/api/probe.ts',
    code: `import '../ui/index';`,
    ruleId: PATHS,
  },
  {
    rule: 'shared -> Node builtin',
    file: 'shared/src/domain/probe.ts',
    code: `import 'node:vm';`,
    ruleId: NODE_MODULES,
  },
  // The renderer reaches main only through the preload bridge.
  {
    rule: 'renderer -> main (relative path)',
    file: 'desktop/src/renderer/src/app/probe.ts',
    code: `import '../../../main/settings.service';`,
    ruleId: PATHS,
  },
  {
    rule: 'renderer -> main (workspace package path)',
    file: 'desktop/src/renderer/src/probe.ts',
    code: `import '@school/desktop/src/main/app-menu';`,
    ruleId: PATHS,
  },
  {
    rule: 'renderer -> preload',
    file: 'desktop/src/renderer/src/probe.ts',
    code: `const load = () => import('../../preload/index');\nexport { load };`,
    ruleId: PATHS,
  },
  {
    rule: 'renderer -> server',
    file: 'desktop/src/renderer/src/probe.ts',
    code: `import '../../../../server/src/config.js';`,
    ruleId: PATHS,
  },
  {
    rule: 'renderer -> Node builtin',
    file: 'desktop/src/renderer/src/probe.ts',
    code: `import 'os';`,
    ruleId: NODE_MODULES,
  },
  // The preload: electron's contextBridge and ipcRenderer, and desktop/src/common; nothing else.
  {
    rule: 'preload -> other electron API',
    file: 'desktop/src/preload/probe.ts',
    code: `import { shell } from 'electron';\nexport const s = shell;`,
    ruleId: IMPORTS,
  },
  {
    rule: 'preload -> all of electron',
    file: 'desktop/src/preload/probe.ts',
    code: `import * as electron from 'electron';\nexport const e = electron;`,
    ruleId: IMPORTS,
  },
  {
    rule: 'preload -> main',
    file: 'desktop/src/preload/probe.ts',
    code: `import '../main/ipc-registry';`,
    ruleId: PATHS,
  },
  {
    rule: 'preload -> shared',
    file: 'desktop/src/preload/probe.ts',
    code: `import '@school/shared';`,
    ruleId: PATHS,
  },
  {
    rule: 'preload -> an npm package',
    file: 'desktop/src/preload/probe.ts',
    code: `import 'zod';`,
    ruleId: PATHS,
  },
  {
    rule: 'preload -> Node builtin',
    file: 'desktop/src/preload/probe.ts',
    code: `import 'node:fs';`,
    ruleId: NODE_MODULES,
  },
  // Server layers import downward only: platform <- resource-engine <- features.
  {
    rule: 'platform -> resource-engine',
    file: 'server/src/platform/http/probe.ts',
    code: `import '../../resource-engine/query-parser.js';`,
    ruleId: PATHS,
  },
  {
    rule: 'platform -> features (type only)',
    file: 'server/src/platform/http/probe.ts',
    code: `import type { UserRow } from '../../features/auth/auth.repository.js';\nexport type U = UserRow;`,
    ruleId: PATHS,
  },
  {
    rule: 'platform -> composition root',
    file: 'server/src/platform/realtime/probe.ts',
    code: `import '../../app.js';`,
    ruleId: PATHS,
  },
  {
    rule: 'resource-engine -> features',
    file: 'server/src/resource-engine/probe.ts',
    code: `import '../features/scheduling-core/study-access.sql.js';`,
    ruleId: PATHS,
  },
  {
    rule: 'features -> composition root',
    file: 'server/src/features/studies/probe.ts',
    code: `import '../../main.js';`,
    ruleId: PATHS,
  },
  // family-web imports only shared/.
  {
    rule: 'family-web -> desktop',
    file: 'family-web/src/app/probe.ts',
    code: `import '../../../desktop/src/common/ipc-channels';`,
    ruleId: PATHS,
  },
  {
    rule: 'family-web -> server',
    file: 'family-web/src/probe.ts',
    code: `import '@school/server/src/config';`,
    ruleId: PATHS,
  },
  // Client layers: kit/ is below the features; pages never point back up at the admin page registry.
  {
    rule: 'renderer kit -> a feature (the admin table frame importing a page)',
    file: 'desktop/src/renderer/src/kit/admin-table/probe.tsx',
    code: `import '../../features/users/users-table-page';`,
    ruleId: PATHS,
  },
  {
    rule: 'renderer kit -> the app registry',
    file: 'desktop/src/renderer/src/kit/admin-forms/probe.ts',
    code: `import '../../app/admin-page-registry';`,
    ruleId: PATHS,
  },
  {
    rule: 'renderer page -> the admin page registry',
    file: 'desktop/src/renderer/src/features/users/probe.ts',
    code: `import { adminPages } from '../../app/admin-page-registry';\nexport const p = adminPages;`,
    ruleId: PATHS,
  },
  {
    rule: 'family-web kit -> a feature (the toolbar importing the calendar)',
    file: 'family-web/src/kit/calendar/probe.ts',
    code: `import '../../features/calendar/use-study-realtime';`,
    ruleId: PATHS,
  },
  // Another workspace package by its name, never by its folder (docs/testing.md).
  {
    rule: 'server test -> a shared locale by relative path',
    file: 'server/src/features/studies/probe.int.test.ts',
    code: `import '../../../../shared/src/i18n/locales/uk/scheduling.js';`,
    ruleId: RELATIVE_PACKAGES,
  },
  {
    rule: 'browser test -> the server harness by relative path',
    file: 'e2e/auth/probe.e2e.test.ts',
    code: `import '../../server/test/harness.test-kit';`,
    ruleId: RELATIVE_PACKAGES,
  },
];

const allowed: Omit<Case, 'ruleId'>[] = [
  { rule: 'shared/src/ui -> shared', file: 'shared/src/ui/probe.ts', code: `import '../domain/roles';` },
  {
    rule: 'renderer -> common and shared',
    file: 'desktop/src/renderer/src/probe.ts',
    code: `import '../../common/ipc-channels';\nimport '@school/shared';`,
  },
  {
    rule: 'preload -> contextBridge, ipcRenderer, common',
    file: 'desktop/src/preload/probe.ts',
    code: `import { contextBridge, ipcRenderer } from 'electron';\nimport '../common/ipc-channels';\nexport const e = { contextBridge, ipcRenderer };`,
  },
  { rule: 'preload test -> vitest', file: 'desktop/src/preload/probe.test.ts', code: `import 'vitest';` },
  {
    rule: 'resource-engine -> platform',
    file: 'server/src/resource-engine/probe.ts',
    code: `import '../platform/http/app-error.js';`,
  },
  {
    rule: 'features -> resource-engine and platform',
    file: 'server/src/features/studies/probe.ts',
    code: `import '../../resource-engine/query-parser.js';\nimport '../../platform/http/app-error.js';`,
  },
  {
    rule: 'platform test kit -> the whole app',
    file: 'server/src/platform/realtime/probe.test-kit.ts',
    code: `import '../../app.js';\nimport '../../features/auth/auth-user.js';`,
  },
  {
    rule: 'family-web -> shared',
    file: 'family-web/src/probe.ts',
    code: `import '@school/shared';\nimport '@school/shared/rules';`,
  },
  {
    rule: 'renderer page -> kit, common declaration, app contexts',
    file: 'desktop/src/renderer/src/features/users/probe.ts',
    code: `import '../../kit/admin-table/admin-table';\nimport '../../../../common/admin-pages';\nimport '../../app/ability-context';`,
  },
  {
    rule: 'renderer kit -> app contexts',
    file: 'desktop/src/renderer/src/kit/admin-table/probe.ts',
    code: `import '../../app/services-context';\nimport '../../app/ability-context';`,
  },
  {
    rule: 'family-web feature -> kit',
    file: 'family-web/src/features/study-transfer/probe.ts',
    code: `import '../../kit/calendar/study-time';`,
  },
  {
    rule: 'tests -> other packages, their locales and test kits by package name',
    file: 'e2e/auth/probe.e2e.test.ts',
    code: `import '@school/server/test/harness.test-kit';\nimport '@school/shared/i18n/locales/uk/scheduling';\nimport '@school/shared/ui/calendar/calendar.test-kit';`,
  },
];

describe('lint: layer boundaries', { timeout: 30_000 }, () => {
  // Loading the config and its plugins is the slow part: once, before the cases.
  beforeAll(() => lint('shared/src/domain/probe.ts', ''), 120_000);

  it.each(violations)('fails $rule', async ({ file, code, ruleId }) => {
    const messages = await lint(file, code);
    expect(messages.filter((m) => m.ruleId === ruleId && m.severity === 2)).not.toEqual([]);
  });

  it.each(allowed)('passes $rule', async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('lint: import cycles', { timeout: 30_000 }, () => {
  // Cycles need files on disk (the other side of the cycle is read from disk): a temporary
  // directory linted with the repository's config.
  let dir: string;
  let cycleLint: ESLint;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-cycles-'));
    const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
    write('a.ts', `import { b } from './b.js';\nexport const a = () => b();\n`);
    write('b.ts', `import { c } from './c.js';\nexport const b = () => c();\n`);
    write('c.ts', `import { a } from './a.js';\nexport const c = () => a();\n`);
    write(
      'typed-a.ts',
      `import { typedB } from './typed-b.js';\nexport interface TypedA { b: typeof typedB }\n`,
    );
    write(
      'typed-b.ts',
      `import type { TypedA } from './typed-a.js';\nexport const typedB = (a: TypedA) => a;\n`,
    );
    const configUrl = pathToFileURL(path.join(ROOT, 'eslint.config.js')).href;
    const { default: config } = (await import(configUrl)) as { default: Linter.Config[] };
    cycleLint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fails each file of a runtime cycle, naming the path round', async () => {
    const results = await cycleLint.lintFiles(['a.ts', 'b.ts', 'c.ts']);
    for (const result of results) {
      const cycles = result.messages.filter((m) => m.ruleId === 'school/no-import-cycle' && m.severity === 2);
      expect(cycles, path.basename(result.filePath)).toHaveLength(1);
    }
    const a = results.find((r) => r.filePath.endsWith('a.ts'))!;
    expect(a.messages[0].message).toContain('a.ts -> b.ts -> c.ts -> a.ts');
  });

  it('passes when the way back is a type-only import (erased at runtime)', async () => {
    const results = await cycleLint.lintFiles(['typed-a.ts', 'typed-b.ts']);
    expect(results.flatMap((r) => r.messages)).toEqual([]);
  });
});
