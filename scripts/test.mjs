#!/usr/bin/env node
// `npm test`: installs what a fresh machine lacks (Debian chromium, LibreOffice Writer with
// poppler-utils for the document PDF checks, nginx-light for the deployment test, when run as root),
// type-checks, lints, runs electronegativity on the desktop sources, builds the web bundles the browser tests open, then runs every
// vitest project (unit, int, e2e) and ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { FILE_TIMES } from './file-times.reporter.mjs';
import { runAll, typecheckCommands } from './typecheck.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const started = Date.now();
  process.stdout.write(`\n> ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return r.status ?? 1;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    if (
      run('apt-get', ['update', '-qq']) === 0 &&
      run('apt-get', ['install', '-y', '-qq', 'chromium'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }) === 0
    )
      return;
  }
  console.error(
    `Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

/** Calc's library: the export test has LibreOffice read the .xlsx and .csv the tables export. */
const CALC_LIBRARY = '/usr/lib/libreoffice/program/libsclo.so';

/**
 * The document tests convert .docx to PDF (soffice Writer) and read and render it (pdftotext,
 * pdftoppm); the export test opens spreadsheets in Calc.
 */
function ensureDocumentTools() {
  const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
  if (has('soffice') && has('pdftotext') && has('pdftoppm') && fs.existsSync(CALC_LIBRARY)) return;
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq']) === 0 &&
      run(
        'apt-get',
        ['install', '-y', '-qq', 'libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'poppler-utils'],
        { env },
      ) === 0
    )
      return;
  }
  console.error(
    'Document tests need LibreOffice (Writer, Calc) and poppler. Install them with: sudo apt-get install -y libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils',
  );
  process.exit(1);
}

/**
 * The deployment test (server/test/deploy-topology.int.test.ts) runs Debian's nginx with
 * deploy/nginx/school.conf.template; without it that test is skipped and says why.
 */
function ensureNginx() {
  const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (fs.existsSync(nginx)) return;
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // nginx-light's postinst starts the system's nginx on port 80: policy-rc.d 101 keeps it stopped.
    const policy = '/usr/sbin/policy-rc.d';
    const hadPolicy = fs.existsSync(policy);
    if (!hadPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
    try {
      if (
        run('apt-get', ['update', '-qq']) === 0 &&
        run('apt-get', ['install', '-y', '-qq', 'nginx-light'], { env }) === 0
      )
        return;
    } finally {
      if (!hadPolicy) fs.rmSync(policy, { force: true });
    }
  }
  console.warn(
    `The deployment test needs nginx at ${nginx}; it is skipped. Install it with: sudo apt-get install -y nginx-light`,
  );
}

const suiteStarted = Date.now();
ensureChromium();
ensureDocumentTools();
ensureNginx();
// Type checks and lint side by side (each is one process on one core), then the bundles.
const checksStarted = Date.now();
const failedChecks = await runAll([
  ...typecheckCommands(),
  {
    label: 'eslint . --max-warnings=0',
    cmd: process.execPath,
    args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'],
  },
  // One format for every file (.prettierrc.json), so diffs show changes, not re-wrapped lines.
  {
    label: 'prettier --check .',
    cmd: process.execPath,
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level=warn', '.'],
  },
  // Electron's security checklist, statically (docs/reliability.md, "Electronegativity findings").
  { label: 'electronegativity desktop/src', cmd: process.execPath, args: ['scripts/electronegativity.mjs'] },
]);
process.stdout.write(`\n  (checks: ${((Date.now() - checksStarted) / 1000).toFixed(1)} s)\n`);
if (failedChecks.length > 0) {
  console.error(`\nFailed: ${failedChecks.join(', ')}`);
  process.exit(1);
}
const steps = [
  ['npm', ['run', 'build', '-w', 'family-web']],
  ['npm', ['run', 'build:renderer', '-w', 'desktop']],
];
for (const [cmd, args] of steps) {
  if (run(cmd, args) !== 0) {
    console.error(`\nFailed: ${cmd} ${args.join(' ')}`);
    process.exit(1);
  }
}

fs.mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
fs.rmSync(report, { force: true });
fs.rmSync(FILE_TIMES, { force: true });
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  '--reporter=./scripts/file-times.reporter.mjs',
  ...process.argv.slice(2),
]);
// A run that executed nothing, or errored outside a test, is a failure even if vitest exits 0.
if (!fs.existsSync(report)) {
  console.error('\nNo test report was written: the run did not complete.');
  process.exit(status || 1);
}
const r = JSON.parse(fs.readFileSync(report, 'utf8'));
// Where the time goes (docs/reliability.md, "Test suite time"): the slowest files of this run.
if (fs.existsSync(FILE_TIMES)) {
  const files = JSON.parse(fs.readFileSync(FILE_TIMES, 'utf8'));
  console.log(`\nSlowest test files (of ${files.length}; import, hooks and tests):`);
  for (const f of files.slice(0, 12))
    console.log(
      `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.project.padEnd(4)}  ${f.file.replace(`${process.cwd()}/`, '')}`,
    );
}
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(
  `\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
console.log(`npm test: ${((Date.now() - suiteStarted) / 1000 / 60).toFixed(1)} min`);
const ok = status === 0 && r.success !== false && r.numTotalTests > 0 && r.numFailedTests === 0;
process.exit(ok ? 0 : status || 1);
