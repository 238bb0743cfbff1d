import type { ResourceDef } from '@school/shared/resources';
import type { TestResponse } from '../../test/test-client.test-kit.js';
import {
  OWN_ROW_GUARDS,
  READ_GUARDS,
  SIGNED_IN,
  specAllows,
  specReadsAny,
  type SignedInRole,
} from './authz-spec.test-kit.js';
import type { MatrixContext } from './authz-matrix.test-kit.js';
import { REFERENCE_RESOURCES, scopedResources } from './authz-resources.test-kit.js';

/**
 * The query language against the spec table: fields, computed attributes and relations only some
 * roles read (READ_GUARDS) asked for by select[], sort[], filter[], having[], with[], withCount[],
 * withFilter[] and withHaving[], directly and through every relation; and every relation of every
 * resource loaded and counted as every role, compared row by row with what the table lets that
 * role read (a classmate's report, another family's package must never come along).
 */

export interface Probe {
  role: SignedInRole;
  what: string;
  path: string;
  expected: 'granted' | 'refused';
  /** A granted answer's problem (a row the role may not read, a count that counts it), or null. */
  judge?(res: TestResponse): string | null;
}

type Row = Record<string, unknown> & { id: number };

/** Every name the registry restricts (`readableBy`), as `resource.name`. */
export function guardedNames(registry: readonly ResourceDef[]): string[] {
  return registry.flatMap((r) => [
    ...Object.entries(r.fields).flatMap(([n, f]) => (f.readableBy && !f.hidden ? [`${r.name}.${n}`] : [])),
    ...Object.entries(r.computed ?? {}).flatMap(([n, c]) => (c.readableBy ? [`${r.name}.${n}`] : [])),
    ...Object.entries(r.relations ?? {}).flatMap(([n, rel]) => (rel.readableBy ? [`${r.name}.${n}`] : [])),
  ]);
}

export function queryProbes({ s, fresh }: MatrixContext, registry: readonly ResourceDef[]) {
  const scoped = scopedResources({ s, fresh });
  const byName = new Map(registry.map((r) => [r.name, r]));
  /** The spec's answer to "may this role list the resource at all". */
  const lists = (role: SignedInRole, name: string) =>
    (REFERENCE_RESOURCES as readonly string[]).includes(name) ||
    (scoped[name] !== undefined && specReadsAny(role, scoped[name].subject));
  const guard = (name: string, role: SignedInRole) => !READ_GUARDS[name] || READ_GUARDS[name].includes(role);
  const listed = registry.filter((r) => r.operations.includes('list'));
  const sample = (type: string) =>
    ['int', 'number', 'money', 'bool'].includes(type)
      ? '1'
      : type === 'date' || type === 'datetime'
        ? '2025-07-14'
        : '%25a%25';

  /**
   * Guarded names asked for directly, and the guarded fields of every relation's target through
   * it, by a role that may list the resource (to one that may not the list itself is refused:
   * the route matrix asserts it). Fields of one resource with the same guard go in one request.
   */
  function guardProbes(): Probe[] {
    const out: Probe[] = [];
    const add = (role: SignedInRole, what: string, path: string, ok: boolean, judge?: Probe['judge']) =>
      out.push({ role, what, path, expected: ok ? 'granted' : 'refused', ...(judge ? { judge } : {}) });
    /**
     * A select of own-row fields by a role the guard leaves out: answered, but each of those
     * fields null on every row (at any depth) that is not the caller's own user.
     */
    const ownRowOnly = (role: SignedInRole, fields: readonly string[]) => (res: TestResponse) => {
      const me = s.userOf[role];
      const found: string[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (!node || typeof node !== 'object') return;
        const row = node as Record<string, unknown>;
        for (const f of fields)
          if (row[f] !== undefined && row[f] !== null && row.id !== me)
            found.push(`${f} of ${String(row.id)}`);
        Object.values(row).forEach(walk);
      };
      walk(res.body?.data);
      return found.length ? `answers ${found.slice(0, 3).join(', ')}` : null;
    };
    /** A resource's guarded fields, grouped by who may read them. */
    const fieldGroups = (name: string) => {
      const groups = new Map<string, string[]>();
      for (const f of Object.keys(byName.get(name)?.fields ?? {})) {
        const roles = READ_GUARDS[`${name}.${f}`];
        if (roles) groups.set(roles.join(), [...(groups.get(roles.join()) ?? []), f]);
      }
      return [...groups.values()];
    };
    for (const r of listed) {
      for (const role of SIGNED_IN) {
        if (!lists(role, r.name)) continue;
        const base = `/api/${r.name}?perpage=5`;
        for (const [n, f] of Object.entries(r.fields)) {
          const name = `${r.name}.${n}`;
          if (!READ_GUARDS[name]) continue;
          const ok = guard(name, role);
          const own = !ok && OWN_ROW_GUARDS.includes(name);
          add(
            role,
            `select ${name}`,
            `${base}&select[]=id&select[]=${n}`,
            ok || own,
            own ? ownRowOnly(role, [n]) : undefined,
          );
          if (f.sortable !== false) add(role, `sort ${name}`, `${base}&sort[]=-${n}`, ok);
          if (f.filterable !== false)
            add(role, `filter ${name}`, `${base}&filter[${n}]=${sample(f.type)}`, ok);
          if (f.filterable !== false && (f.type === 'string' || f.type === 'text'))
            add(role, `having ${name}`, `${base}&having[${n}]=%25a%25`, ok);
        }
        for (const [n, c] of Object.entries(r.computed ?? {})) {
          const name = `${r.name}.${n}`;
          if (!READ_GUARDS[name]) continue;
          const ok = guard(name, role);
          add(role, `select ${name}`, `${base}&select[]=id&select[]=${n}`, ok);
          if (c.sortable) add(role, `sort ${name}`, `${base}&sort[]=${n}`, ok);
          if (c.filterable) add(role, `filter ${name}`, `${base}&filter[${n}]=${sample(c.type)}`, ok);
        }
        for (const [n, rel] of Object.entries(r.relations ?? {})) {
          const relName = `${r.name}.${n}`;
          const relOk = guard(relName, role);
          if (READ_GUARDS[relName]) {
            add(role, `with ${relName}`, `${base}&with[]=${n}`, relOk);
            if (rel.kind !== 'belongsTo')
              add(role, `withCount ${relName}`, `${base}&withCount[]=${n}`, relOk);
            add(role, `withFilter ${relName}`, `${base}&withFilter[${n}.id]=1`, relOk);
            add(role, `withHaving ${relName}`, `${base}&withHaving[${n}.id]=%25`, relOk);
          }
          if (!relOk || !lists(role, rel.resource)) continue;
          // The target's guarded fields through this relation, loaded and compared.
          for (const fields of fieldGroups(rel.resource)) {
            const ok = guard(`${rel.resource}.${fields[0]}`, role);
            const own = !ok && fields.every((f) => OWN_ROW_GUARDS.includes(`${rel.resource}.${f}`));
            const type = byName.get(rel.resource)!.fields[fields[0]!]!.type;
            add(
              role,
              `${relName} → ${fields.join(',')}`,
              `${base}&with[]=${n}:id,${fields.join(',')}`,
              ok || own,
              own ? ownRowOnly(role, fields) : undefined,
            );
            add(
              role,
              `withFilter ${relName} → ${fields[0]}`,
              `${base}&withFilter[${n}.${fields[0]}]=${sample(type)}`,
              ok,
            );
          }
        }
      }
    }
    return out;
  }

  const loaded = (row: Row, rel: string): Row[] => {
    const v = row[rel];
    return Array.isArray(v) ? (v as Row[]) : v && typeof v === 'object' ? [v as Row] : [];
  };

  /**
   * Every relation of every scoped resource, loaded and counted as each role over the fixture
   * rows: the related fixture rows the Administrator sees, narrowed by the spec table, must be
   * exactly those loaded, and each count the number loaded. Then a relation filter on the ids
   * the role may not read must match nothing.
   */
  async function reachProbes(): Promise<Probe[]> {
    const out: Probe[] = [];
    for (const r of listed) {
      const def = scoped[r.name];
      if (!def) continue;
      const rels = Object.entries(r.relations ?? {}).filter(([, rel]) => scoped[rel.resource]);
      const withAll = (names: string[]) =>
        names
          .map((n) => `with[]=${n}:id`)
          .concat(names.filter((n) => r.relations![n]!.kind !== 'belongsTo').map((n) => `withCount[]=${n}`));
      const ids = def.rows.map((x) => x.id).join('|');
      const path = (names: string[], extra = '') =>
        `/api/${r.name}?select[]=id&perpage=100&filter[id]=${ids}&${withAll(names).join('&')}${extra}`;
      const truth = await s.clients.Administrator.get(path(rels.map(([n]) => n)));
      if (truth.status !== 200) throw new Error(`${r.name} as Administrator: ${truth.status} ${truth.text}`);
      const truthRows = new Map((truth.body.data as Row[]).map((row) => [row.id, row]));
      for (const role of SIGNED_IN) {
        if (!lists(role, r.name)) continue;
        const allowed = rels.filter(([n]) => guard(`${r.name}.${n}`, role));
        const names = allowed.filter(([, rel]) => lists(role, rel.resource)).map(([n]) => n);
        // A relation into a resource the role reads no row of: the whole list is refused.
        for (const [n, rel] of allowed.filter(([, x]) => !lists(role, x.resource))) {
          out.push({
            role,
            what: `${r.name}: with[]=${n} (${rel.resource}: no row readable)`,
            path: `/api/${r.name}?perpage=5&with[]=${n}`,
            expected: 'refused',
          });
        }
        const user = s.userOf[role];
        const readable = (resource: string, id: number) => {
          const target = scoped[resource]!.rows.find((x) => x.id === id);
          return target
            ? specAllows(role, 'read', scoped[resource]!.subject, target.target.relations(user))
            : null;
        };
        out.push({
          role,
          what: `${r.name}: with[] and withCount[] of ${names.join(', ')}`,
          path: path(names),
          expected: 'granted',
          judge(res) {
            const wrong: string[] = [];
            for (const row of res.body.data as Row[]) {
              for (const n of names) {
                const to = r.relations![n]!.resource;
                const got = loaded(row, n).map((x) => x.id);
                const want = loaded(truthRows.get(row.id) ?? row, n)
                  .map((x) => x.id)
                  .filter((id) => readable(to, id) === true);
                const leaked = got.filter((id) => readable(to, id) === false);
                const missing = want.filter((id) => !got.includes(id));
                if (leaked.length) wrong.push(`${r.name} #${row.id} ${n}: ${to} ${leaked.join(',')} loaded`);
                if (missing.length)
                  wrong.push(`${r.name} #${row.id} ${n}: ${to} ${missing.join(',')} missing`);
                const count = row[`${n}_count`];
                if (count !== undefined && count !== got.length)
                  wrong.push(`${r.name} #${row.id} ${n}_count ${String(count)}, ${got.length} loaded`);
              }
            }
            return wrong.length ? wrong.join('; ') : null;
          },
        });
        for (const n of names) {
          const to = r.relations![n]!.resource;
          const hidden = [
            ...new Set(
              [...truthRows.values()]
                .flatMap((row) => loaded(row, n).map((x) => x.id))
                .filter((id) => readable(to, id) === false),
            ),
          ];
          if (hidden.length === 0) continue;
          out.push({
            role,
            what: `${r.name}: withFilter[${n}.id] on ${to} the role may not read`,
            path: `/api/${r.name}?select[]=id&perpage=100&filter[id]=${ids}&withFilter[${n}.id]=${hidden.join('|')}`,
            expected: 'granted',
            judge: (res) =>
              (res.body.data as Row[]).length
                ? `matched ${(res.body.data as Row[]).map((x) => x.id).join(',')}`
                : null,
          });
        }
      }
    }
    return out;
  }

  return { guardProbes, reachProbes };
}
