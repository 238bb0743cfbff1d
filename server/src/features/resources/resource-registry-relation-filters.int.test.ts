import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, findResource, type ResourceDef } from '@school/shared/resources';
import type { TestClient } from '../../../test/harness.test-kit.js';
import { appHooks } from '../studies/hooked-query.test-kit.js';
import { addGroupLesson } from './resource-registry.test-kit.js';
import { startSpecKit, type SpecKit } from './spec-calls.test-kit.js';

/**
 * Issue 10, point 1, registry-wide: for every listed resource, every relation path of one and two
 * hops and every role, a relation filter matches exactly the rows that loading the same path with
 * with[] shows a matching related row for. Compared in JS against each role's own with[] answer:
 * - `withHaving[path.id]=%`: the rows with any related row the role sees;
 * - `withFilter[path.id]=a|b|…`: ids staff see under the role's rows but the role does not (the
 *   probes of the attack), then ids the role sees: only rows where the role sees one of them;
 * - one-hop equality on a field a row array mirrors (studies' participant roles), the same way;
 * - a field the role may not load through the path is a 403 in a filter too.
 * The demo gets a group lesson with a classmate from another family (resource-registry.test-kit.ts),
 * so the scopes of reports, homework, users, packages and invoices have rows to hide.
 */
type Row = Record<string, unknown>;

let kit: SpecKit;
let clients: Record<string, TestClient>;
beforeAll(async () => {
  kit = await startSpecKit();
  await addGroupLesson(kit);
  clients = { ...kit.as, Guest: kit.guest };
}, 60_000);
afterAll(() => kit.srv.close());

const MAX_DEPTH = 2;
/** The query language's list limit (QUERY_LIMITS.maxListItems). */
const MAX_LIST = 50;
const HIDDEN_PROBES = 35;

function relationsOf(r: ResourceDef): Array<[string, ResourceDef]> {
  return Object.entries(r.relations ?? {}).flatMap(([name, rel]) => {
    const to = findResource(rel.resource);
    return to ? [[name, to] as [string, ResourceDef]] : [];
  });
}

interface RelationPath {
  path: string[];
  leaf: ResourceDef;
}

function pathsOf(r: ResourceDef, depth = MAX_DEPTH): RelationPath[] {
  return relationsOf(r).flatMap(([name, to]) => [
    { path: [name], leaf: to },
    ...(depth > 1 ? pathsOf(to, depth - 1).map((p) => ({ path: [name, ...p.path], leaf: p.leaf })) : []),
  ]);
}

/** Fields of the leaf that a row array of the root mirrors for this one-hop path (resource-hooks.ts). */
function mirroredFields(r: ResourceDef, p: RelationPath): string[] {
  return p.path.length === 1
    ? Object.keys(appHooks(kit.srv.knex).of(r.name).rowArrayMirrors?.[p.path[0]] ?? {})
    : [];
}

function leavesOf(row: Row, path: string[]): Row[] {
  let level: Row[] = [row];
  for (const name of path) {
    level = level.flatMap((x) => {
      const v = x[name];
      return Array.isArray(v) ? (v as Row[]) : v && typeof v === 'object' ? [v as Row] : [];
    });
  }
  return level;
}

/** Root id -> the related rows at the end of the path, as a client loads them; null on 403. */
type Loaded = Map<number, Row[]> | null;

function withParam(r: ResourceDef, p: RelationPath): string {
  return `with[]=${p.path.join('.')}:${['id', ...mirroredFields(r, p)].join(',')}`;
}

/** The full list (no page) of root ids with the given with[]; null on 403. */
async function loadRows(client: TestClient, r: ResourceDef, withs: string[]): Promise<Row[] | null> {
  const res = await client.get(`/api/${r.name}?select[]=id&${withs.join('&')}`);
  if (res.status === 403) return null;
  expect(res.status, `${r.name} ${withs.join('&')}`).toBe(200);
  // Complete in the demo, or the comparison would miss rows.
  expect(res.body.meta.total).toBe(res.body.data.length);
  return res.body.data as Row[];
}

/**
 * Every path of a resource as one client loads it: a few requests with many with[] each, and
 * path by path only where the role is refused one of them (one refused relation refuses the list).
 */
async function loadPaths(client: TestClient, r: ResourceDef, paths: RelationPath[]): Promise<Loaded[]> {
  const out: Loaded[] = [];
  for (let i = 0; i < paths.length; i += MAX_LIST) {
    const chunk = paths.slice(i, i + MAX_LIST);
    const rows = await loadRows(
      client,
      r,
      chunk.map((p) => withParam(r, p)),
    );
    for (const p of chunk) {
      const own = rows ?? (await loadRows(client, r, [withParam(r, p)]));
      out.push(own && new Map(own.map((row) => [row.id as number, leavesOf(row, p.path)])));
    }
  }
  return out;
}

async function matched(
  client: TestClient,
  r: ResourceDef,
  filter: string,
): Promise<{ status: number; ids: number[] }> {
  const res = await client.get(`/api/${r.name}?select[]=id&${filter}`);
  if (res.status !== 200) return { status: res.status, ids: [] };
  expect(res.body.meta.total).toBe(res.body.data.length);
  return { status: 200, ids: (res.body.data as Row[]).map((row) => row.id as number).sort((a, b) => a - b) };
}

function rootsWhere(loaded: Map<number, Row[]>, test: (leaf: Row) => boolean): number[] {
  return [...loaded]
    .filter(([, leaves]) => leaves.some(test))
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

/**
 * Values of `field` staff see under the role's rows that the role does not, then ones it sees (up
 * to the list limit); `allSeen` when every value the role sees is in the list.
 */
function probeValues(
  mine: Map<number, Row[]>,
  staff: Map<number, Row[]>,
  field: string,
): { values: Array<string | number>; allSeen: boolean } {
  const hidden = new Set<string | number>();
  const seen = new Set<string | number>();
  for (const [id, leaves] of mine) {
    const own = new Set(leaves.map((l) => l[field] as string | number));
    own.forEach((v) => v !== null && seen.add(v));
    for (const l of staff.get(id) ?? []) {
      const v = l[field] as string | number;
      if (v !== null && !own.has(v)) hidden.add(v);
    }
  }
  const order = (a: string | number, b: string | number) =>
    String(a).localeCompare(String(b), 'en', { numeric: true });
  const probes = [...hidden].sort(order).slice(0, HIDDEN_PROBES);
  for (const v of [...seen].sort(order)) if (probes.length < MAX_LIST && !probes.includes(v)) probes.push(v);
  return { values: probes, allSeen: [...seen].every((v) => probes.includes(v)) };
}

/** Every mismatch between what a role's relation filter matches and what its with[] shows. */
async function checkPath(
  r: ResourceDef,
  p: RelationPath,
  staff: Map<number, Row[]>,
  mine: Loaded,
  role: string,
  client: TestClient,
): Promise<string[]> {
  const dotted = p.path.join('.');
  const wrong: string[] = [];
  const expectSame = async (filter: string, expected: number[] | null) => {
    const got = await matched(client, r, filter);
    if (expected === null) {
      if (got.status !== 403)
        wrong.push(`${role} ${r.name}?${filter}: ${got.status}, but with[]=${dotted} is 403`);
    } else if (got.status !== 200 || JSON.stringify(got.ids) !== JSON.stringify(expected)) {
      wrong.push(
        `${role} ${r.name}?${filter}: ${got.status} ${JSON.stringify(got.ids)}, with[] shows ${JSON.stringify(expected)}`,
      );
    }
  };
  const any = `withHaving[${dotted}.id]=%25`;
  if (!mine) {
    await expectSame(any, null);
    return wrong;
  }
  const ids = probeValues(mine, staff, 'id');
  // A list holding every related id the role sees also checks "has any"; the EXISTS of withHaving
  // is checked on its own where the list is cut or empty, and for one-hop belongsToMany (whose id
  // list is answered from the pivot, not by the EXISTS).
  const pivotIds = p.path.length === 1 && r.relations?.[p.path[0]]?.kind === 'belongsToMany';
  if (!ids.allSeen || ids.values.length === 0 || pivotIds)
    await expectSame(
      any,
      rootsWhere(mine, () => true),
    );
  for (const field of ['id', ...mirroredFields(r, p)]) {
    const { values } = field === 'id' ? ids : probeValues(mine, staff, field);
    if (values.length === 0) continue;
    const set = new Set(values);
    await expectSame(
      `withFilter[${dotted}.${field}]=${values.join('|')}`,
      rootsWhere(mine, (l) => set.has(l[field] as string | number)),
    );
  }
  return wrong;
}

/** Fields and computed attributes of a resource that only some roles may read (a non-JSON value). */
function guardedNames(r: ResourceDef): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, def] of Object.entries(r.fields)) {
    const sample =
      def.type === 'bool' || def.type === 'int' || def.type === 'money'
        ? '1'
        : def.type === 'date'
          ? '2000-01-01'
          : '%25';
    if (!def.hidden && def.readableBy) out.push([name, sample]);
  }
  for (const [name, def] of Object.entries(r.computed ?? {})) {
    if (def.readableBy && def.type !== 'json')
      out.push([name, def.type === 'bool' || def.type === 'int' ? '1' : '%25']);
  }
  return out;
}

const listed = Object.values(RESOURCES).filter((r) => r.operations.includes('list'));

describe('relation filters see what with[] shows, for every resource, path and role (issue 10.1)', () => {
  it('withFilter / withHaving match exactly the rows whose loaded relation matches', async () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const r of listed) {
      const paths = pathsOf(r);
      const roles = Object.entries(clients);
      const loaded = await Promise.all(roles.map(([, client]) => loadPaths(client, r, paths)));
      const staff = loaded[roles.findIndex(([role]) => role === 'Administrator')];
      for (const [i, p] of paths.entries()) {
        const universe = staff[i];
        if (!universe) continue;
        const results = await Promise.all(
          roles.map(([role, client], k) => checkPath(r, p, universe, loaded[k][i], role, client)),
        );
        results.forEach((w) => wrong.push(...w));
        compared++;
      }
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(300);
  }, 600_000);

  it('a field a role may not load through a relation is refused in a relation filter too', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const r of listed) {
      for (const [rel, to] of relationsOf(r)) {
        for (const [field, value] of guardedNames(to)) {
          for (const [role, client] of Object.entries(clients)) {
            const loaded = (await client.get(`/api/${r.name}?select[]=id&with[]=${rel}:id,${field}`)).status;
            if (loaded !== 403) continue;
            refused++;
            for (const filter of [
              `withFilter[${rel}.${field}]=${value}`,
              `withHaving[${rel}.${field}]=${value}`,
            ]) {
              const res = await client.get(`/api/${r.name}?select[]=id&${filter}`);
              if (res.status !== 403) wrong.push(`${role} ${r.name}?${filter}: ${res.status}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(10);
  }, 300_000);
});
