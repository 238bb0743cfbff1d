import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Each layer's tsconfig gives its code only the globals it may use: a file using another
// layer's globals does not type-check. The probe file is added, in memory, to the layer's whole
// program (as `tsc -p <layer>` builds it), so a type package pulled in by any file counts.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROJECTS: string[] = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'scripts/typecheck-projects.json'), 'utf8'),
);

function parseProject(project: string): ts.ParsedCommandLine {
  const configFile = path.join(ROOT, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return parsed;
}

/** Parsed files, shared by the programs below (parsing is most of a program's cost). */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** The errors `tsc -p project` reports in `file` (relative to the repo) if it held `code`. */
function typeErrors(project: string, file: string, code: string): string[] {
  const parsed = parseProject(project);
  const probe = path.join(ROOT, file);
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists, readFile } = host;
  const cachedSourceFile: typeof getSourceFile = (name, languageVersion, ...rest) => {
    const key = `${name}|${JSON.stringify(languageVersion)}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, getSourceFile.call(host, name, languageVersion, ...rest));
    return parsedFiles.get(key);
  };
  host.getSourceFile = (name, languageVersion, ...rest) =>
    path.resolve(name) === probe
      ? ts.createSourceFile(name, code, languageVersion)
      : cachedSourceFile(name, languageVersion, ...rest);
  host.fileExists = (name) => path.resolve(name) === probe || fileExists.call(host, name);
  host.readFile = (name) => (path.resolve(name) === probe ? code : readFile.call(host, name));
  const program = ts.createProgram({
    rootNames: [...parsed.fileNames, probe],
    options: parsed.options,
    host,
  });
  const source = program.getSourceFile(probe)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, ' '),
  );
}

const NODE_CODE = `export const env = process.env.HOME;\nexport const fs = require('fs');\n`;
const DOM_CODE = `export const title = document.title;\nexport const saved = localStorage.getItem('x');\nexport const w = window.innerWidth;\n`;

describe('compiler: each layer sees only its own globals', { timeout: 180_000 }, () => {
  it.each([
    ['desktop/src/renderer', 'desktop/src/renderer/src/probe.ts'],
    ['family-web', 'family-web/src/probe.ts'],
    ['shared/src/ui', 'shared/src/ui/probe.ts'],
    ['shared', 'shared/src/domain/probe.ts'],
  ])('%s has no Node types: process and require do not type-check', (project, file) => {
    const errors = typeErrors(project, file, NODE_CODE);
    expect(errors.some((e) => e.includes("Cannot find name 'process'"))).toBe(true);
    expect(errors.some((e) => e.includes("Cannot find name 'require'"))).toBe(true);
  });

  it.each([
    ['shared', 'shared/src/domain/probe.ts'],
    ['shared', 'shared/src/api/probe.ts'],
    ['server', 'server/src/platform/probe.ts'],
    ['desktop', 'desktop/src/main/probe.ts'],
    ['desktop', 'desktop/src/preload/probe.ts'],
  ])('%s has no DOM: document, localStorage and window do not type-check (%s)', (project, file) => {
    const errors = typeErrors(project, file, DOM_CODE);
    for (const name of ['document', 'localStorage', 'window']) {
      expect(
        errors.some((e) => e.includes(`Cannot find name '${name}'`)),
        name,
      ).toBe(true);
    }
  });

  // The other side: the same probes compile where those globals belong, so the failures above
  // come from the layer's tsconfig and not from the probe.
  it.each([
    ['desktop/src/renderer', 'desktop/src/renderer/src/probe.ts', DOM_CODE],
    ['family-web', 'family-web/src/probe.ts', DOM_CODE],
    ['shared/src/ui', 'shared/src/ui/probe.ts', DOM_CODE],
    ['desktop', 'desktop/src/main/probe.ts', NODE_CODE],
    ['server', 'server/src/platform/probe.ts', NODE_CODE],
    // shared code talks HTTP on every side: fetch and URL are web-platform APIs, not DOM.
    [
      'shared',
      'shared/src/api/probe.ts',
      `export const get = (u: string) => fetch(new URL(u), { signal: AbortSignal.timeout(1) });\n`,
    ],
  ])('%s accepts its own globals', (project, file, code) => {
    expect(typeErrors(project, file, code)).toEqual([]);
  });
});

describe('compiler: npm test type-checks every layer', () => {
  it('lists every tsconfig.json of the repository', () => {
    const configs = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '*tsconfig.json'],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean)
      .map((f) => path.dirname(f));
    expect(configs.sort()).toEqual([...PROJECTS].sort());
  });

  it('puts every source file of the packages, the browser tests, bench and scripts in one of those projects', () => {
    const covered = new Set(PROJECTS.flatMap((p) => parseProject(p).fileNames.map((f) => path.resolve(f))));
    const dirs = [
      'shared/src',
      'server/src',
      'server/test',
      'desktop/src',
      'family-web/src',
      'e2e',
      'bench',
      'scripts',
    ];
    const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...dirs], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.tsx?$/.test(f));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((f) => !covered.has(path.join(ROOT, f)))).toEqual([]);
  });
});
