#!/usr/bin/env node
// `node scripts/electronegativity.mjs`, part of `npm test`'s checks: @doyensec/electronegativity
// on the desktop sources. Every HIGH or MEDIUM finding must be explained in docs/reliability.md
// ("Electronegativity findings": one table row per finding, check and file), and every row must
// still match a finding, so the explanations cannot go stale. Files it cannot parse fail too (a
// file it skips is a file nobody checked).
//
// The tool is called through its programmatic entry: its command line needs a `commander` it
// does not declare, and the hoisted one here is too new for it. The check that downloads
// Electron's release list is left out: no network in CI, and the version is npm's business.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const DOC = 'docs/reliability.md';
const SECTION = '## Electronegativity findings';

/** Rows `| CHECK_ID | file | severity | why |` of the section's table: [check, file]. */
export function explainedFindings(markdown) {
  const start = markdown.indexOf(SECTION);
  if (start < 0) return [];
  const end = markdown.indexOf('\n## ', start + SECTION.length);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => /^\|\s*`?[A-Z_]+_CHECK`?\s*\|/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim().replace(/`/g, '')))
    .map((cells) => [cells[1], cells[2]]);
}

/** Findings no row explains, and rows no finding matches (each row explains one finding). */
export function compareFindings(findings, explained) {
  const left = [...explained];
  const unexplained = [];
  for (const f of findings) {
    const i = left.findIndex(([check, file]) => check === f.id && file === f.file);
    if (i >= 0) left.splice(i, 1);
    else unexplained.push(f);
  }
  return { unexplained, stale: left };
}

async function main() {
  const started = Date.now();
  const run = require('@doyensec/electronegativity');
  const electron = JSON.parse(fs.readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const result = await run({
    input: path.resolve('desktop/src'),
    isRelative: true,
    electronVersionOverride: electron,
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  });
  const findings = result.issues
    .filter((i) => i.severity.value >= 2)
    .map((i) => ({
      id: i.id,
      file: i.file,
      line: i.location.line,
      severity: i.severity.name,
      sample: String(i.sample ?? '')
        .trim()
        .slice(0, 120),
    }));
  const parseErrors = result.errors.filter((e) => !e.tolerable);
  const { unexplained, stale } = compareFindings(findings, explainedFindings(fs.readFileSync(DOC, 'utf8')));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `electronegativity (Electron ${electron}): ${result.atomicChecks + result.globalChecks} checks, ${findings.length} high/medium findings, ${unexplained.length} unexplained, ${seconds} s`,
  );
  for (const f of unexplained)
    console.error(`  unexplained ${f.severity} ${f.id} ${f.file}:${f.line}  ${f.sample}`);
  for (const [check, file] of stale)
    console.error(
      `  ${DOC} explains ${check} in ${file}, which electronegativity no longer finds: remove the row`,
    );
  for (const e of parseErrors) console.error(`  could not parse ${e.file}: ${e.message}`);
  if (unexplained.length || stale.length || parseErrors.length) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
