import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles between feature folders (server/src/features/<feature>/): a feature that
 * another one needs moves what is shared into a lower one (scheduling-core), the engine or
 * platform. Tests and test kits count too, except *.test.ts files themselves.
 */
const FEATURES = path.join(import.meta.dirname);

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
      expect([...graph.get(name)!].filter((d) => scheduling.includes(d)), name).toEqual([]);
    }
  });
});
