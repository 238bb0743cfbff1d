import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles between feature folders (server/src/features/<feature>/): a feature that
 * another one needs moves what is shared into a lower one (scheduling-core), the engine or
 * platform. Tests and test kits count too, except *.test.ts files themselves.
 */
const FEATURES = path.join(import.meta.dirname);
const REPO = path.join(import.meta.dirname, '../../..');
/** The clients' feature folders (ARCHITECTURE §2): a registry points down at pages, never back. */
const CLIENT_FEATURES = {
  'desktop renderer': path.join(REPO, 'desktop/src/renderer/src/features'),
  'family web': path.join(REPO, 'family-web/src/features'),
};

export function featureImportGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of fs.readdirSync(root, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const deps = new Set<string>();
    graph.set(feature.name, deps);
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, 'utf8');
          for (const m of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
            const target = path.relative(root, path.resolve(dir, m[1]!));
            const top = target.split(path.sep)[0]!;
            if (!target.startsWith('..') && top !== feature.name && target.includes(path.sep)) deps.add(top);
          }
        }
      }
    };
    walk(path.join(root, feature.name));
  }
  return graph;
}

/** Every cycle's feature path (each found once from its first feature), [] when none. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string) => {
    const at = stack.indexOf(node);
    if (at >= 0) {
      cycles.push([...stack.slice(at), node]);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
  };
  for (const node of [...graph.keys()].sort()) visit(node);
  return cycles;
}

describe('feature folders', () => {
  it('import each other without cycles', () => {
    const cycles = cyclesOf(featureImportGraph(FEATURES));
    expect(cycles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the check finds a cycle when there is one (studies <-> free-slots, as before scheduling-core)', () => {
    const graph = new Map([
      ['studies', new Set(['free-slots', 'auth'])],
      ['free-slots', new Set(['studies'])],
      ['auth', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['free-slots', 'studies', 'free-slots']]);
  });

  it('free slots, transfer and notify import neither each other nor studies (they share scheduling-core)', () => {
    const graph = featureImportGraph(FEATURES);
    const scheduling = ['free-slots', 'study-transfer', 'study-notify', 'studies'];
    for (const name of ['free-slots', 'study-transfer', 'study-notify']) {
      expect(
        [...graph.get(name)!].filter((d) => scheduling.includes(d)),
        name,
      ).toEqual([]);
    }
  });
});

describe('client feature folders', () => {
  it.each(Object.entries(CLIENT_FEATURES))('of the %s import each other without cycles', (_client, root) => {
    const cycles = cyclesOf(featureImportGraph(root));
    expect(cycles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the check finds the loops the clients had: the study modal or the transfer view back at the calendar', () => {
    // The real graphs, with one import each of the kind the kit/ folders replaced.
    const staff = featureImportGraph(CLIENT_FEATURES['desktop renderer']);
    staff.get('study-modal')!.add('calendar'); // the study modal calling calendar/calendar-api.ts
    expect(cyclesOf(staff).map((c) => c.join(' -> '))).toContain('calendar -> study-modal -> calendar');
    const family = featureImportGraph(CLIENT_FEATURES['family web']);
    family.get('study-transfer')!.add('calendar'); // the transfer view taking calendar/calendar-toolbar.tsx
    expect(cyclesOf(family).map((c) => c.join(' -> '))).toContain('calendar -> study-transfer -> calendar');
  });

  it('admin pages live in their resource folders (their frame in kit/), the calendar reaches studies by the declared path', () => {
    const staff = featureImportGraph(CLIENT_FEATURES['desktop renderer']);
    // Each admin page (table and form) lives in its resource's folder; the frame is in kit/.
    for (const gone of ['admin-table', 'admin-forms', 'admin-widgets'])
      expect(staff.has(gone), gone).toBe(false);
    expect([...staff.get('calendar')!]).not.toContain('studies');
  });
});
