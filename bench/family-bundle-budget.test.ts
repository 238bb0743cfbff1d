import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { FAMILY_AREAS, FAMILY_SHELL_AREAS } from '@school/shared/i18n/locales/family-areas';
import {
  FAMILY_CALENDAR_ROUTE,
  FAMILY_ON_ACTION,
  FAMILY_WEB_BUDGET,
  bundleFigures,
  chunkClosure,
  htmlScripts,
  toKiB,
  type Manifest,
} from './support/bundle-size';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../family-web/dist');

describe('bundle closure', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/page.tsx', 'src/ru.ts'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/page.tsx': {
      file: 'assets/page.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js', '_big.js'],
      dynamicImports: ['src/socket.ts'],
      css: ['assets/page.css'],
    },
    '_big.js': { file: 'assets/big.js' },
    'src/socket.ts': { file: 'assets/socket.js', isDynamicEntry: true },
    'src/ru.ts': { file: 'assets/ru.js', isDynamicEntry: true },
  };

  it('follows static imports recursively and leaves on-demand chunks out', () => {
    expect(chunkClosure(manifest, ['index.html']).sort()).toEqual([
      'assets/index.js',
      'assets/runtime.js',
      'assets/shared.js',
    ]);
  });

  it('a route counts its on-demand chunks too (not the other routes of the entry, not what an action loads), never its CSS', () => {
    expect(chunkClosure(manifest, ['src/page.tsx'], true, ['index.html']).sort()).toEqual([
      'assets/big.js',
      'assets/page.js',
      'assets/runtime.js',
      'assets/shared.js',
      'assets/socket.js',
    ]);
    // What a user's action loads (here the socket chunk) is left to the action's own figure.
    expect(chunkClosure(manifest, ['src/page.tsx'], true, ['index.html', 'src/socket.ts'])).not.toContain(
      'assets/socket.js',
    );
  });

  it('reads module scripts and modulepreloads of index.html', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/runtime.js"><link rel="stylesheet" href="/assets/a.css">';
    expect(htmlScripts(html)).toEqual(['assets/index.js', 'assets/runtime.js']);
  });
});

// `npm test` builds family-web before vitest runs (scripts/test.mjs).
describe('family-web bundle budget (issue 11 point 9, issue 35 point 4)', () => {
  it('the built dist is there', () => {
    expect(
      existsSync(path.join(dist, '.vite', 'manifest.json')),
      'build first: npm run build -w family-web',
    ).toBe(true);
  });

  it(`index.html loads at most ${FAMILY_WEB_BUDGET.initialKiB} KiB of gzipped JavaScript`, () => {
    const figures = bundleFigures(dist, FAMILY_CALENDAR_ROUTE, FAMILY_ON_ACTION);
    expect(toKiB(figures.initialGzipBytes), figures.initialFiles.join(', ')).toBeLessThanOrEqual(
      FAMILY_WEB_BUDGET.initialKiB,
    );
  });

  it(`the calendar route loads at most ${FAMILY_WEB_BUDGET.calendarKiB} KiB of gzipped JavaScript`, () => {
    const figures = bundleFigures(dist, FAMILY_CALENDAR_ROUTE, FAMILY_ON_ACTION);
    expect(figures.actionFiles.length, 'the study modal loads apart from the calendar').toBeGreaterThan(0);
    expect(toKiB(figures.routeGzipBytes), figures.routeFiles.join(', ')).toBeLessThanOrEqual(
      FAMILY_WEB_BUDGET.calendarKiB,
    );
  });

  // A key of an area the app does not load shows as the raw key: every area named is bundled, and
  // the first visit's scripts name only the shell's (the pages bring theirs: lazy-pages.tsx).
  const named = (files: string[]) => {
    const code = files.map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
    return Object.keys(resources.uk.translation).filter((area) =>
      new RegExp(`[\`'"]${area}\\.[A-Za-z_$]`).test(code),
    );
  };

  it("names no translation area the family app leaves out; the first visit only the shell's", () => {
    const all = readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`);
    const bundled = new Set<string>(FAMILY_AREAS);
    expect(named(all).filter((area) => !bundled.has(area))).toEqual([]);
    const shell = new Set<string>(FAMILY_SHELL_AREAS);
    const { initialFiles } = bundleFigures(dist, FAMILY_CALENDAR_ROUTE, FAMILY_ON_ACTION);
    expect(named(initialFiles).filter((area) => !shell.has(area))).toEqual([]);
  });
});
