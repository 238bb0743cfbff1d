import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ComputedDef, type FieldDef, type ResourceDef } from '@school/shared/resources';
import type { TestClient } from '../../../test/harness.test-kit.js';
import { expectList, startSpecKit, type SpecKit } from './spec-calls.test-kit.js';

/**
 * Issue 3, point 2: every resource the registry declares is served by the engine. Every name a
 * registry entry declares (relation, computed attribute, sortable and filterable field) is a query
 * that answers for every role: the list shape, or 403 when the role may not read it. Never 400
 * (the registry says the name exists) and never 5xx (a declared name whose SQL is missing).
 */
let kit: SpecKit;
beforeAll(async () => {
  kit = await startSpecKit();
});
afterAll(() => kit.srv.close());

/** The resources issue 3 lists (spec part 1 §7 and part 2 §7 paths). */
const ISSUE_RESOURCES = [
  'users',
  'contracts',
  'subscriptions',
  'invoices',
  'studies',
  'schedules',
  'study_reports',
  'study_tasks',
  'study_messages',
  'recordings',
  'teachers',
  'roles',
  'user_sources',
  'responsibletypes',
  'classifications',
  'languages',
  'contract_templates',
  'invoice_templates',
  'contract_disciplines',
  'study_types',
  'teaching_formats',
  'teaching_programs',
  'teaching_styles',
  'study_durations',
  'feature-flags',
];

/** A value every filter of this type accepts (the `%x%` form for text, as the tables send it). */
function sample(type: FieldDef['type'] | ComputedDef['type']): string | null {
  switch (type) {
    case 'int':
    case 'number':
    case 'money':
    case 'bool':
      return '1';
    case 'date':
    case 'datetime':
      return '2025-07-14';
    case 'string':
    case 'text':
      return encodeURIComponent('%а%');
    default:
      return null;
  }
}

/** Every query a registry entry makes possible by name, one name per query. */
function declaredQueries(r: ResourceDef): string[] {
  const q: string[] = ['perpage=5'];
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    q.push(`perpage=5&with[]=${name}`, `perpage=5&withFilter[${name}.id]=1`);
    if (rel.kind !== 'belongsTo') q.push(`perpage=5&withCount[]=${name}`);
  }
  for (const [name, def] of Object.entries(r.computed ?? {})) {
    q.push(`perpage=5&select[]=id&select[]=${name}`);
    const v = def.type === 'json' ? null : sample(def.type);
    if (v !== null) q.push(`perpage=5&filter[${name}]=${v}`);
  }
  for (const [name, def] of Object.entries(r.fields)) {
    if (def.hidden) continue;
    if (def.sortable !== false) q.push(`perpage=5&sort[]=-${name}`);
    const v = def.filterable === false ? null : sample(def.type);
    if (v !== null) q.push(`perpage=5&filter[${name}]=${v}`);
  }
  return q;
}

describe('the registry is served', () => {
  it('every resource of issue 3 is registered and listed with the list shape', async () => {
    for (const name of ISSUE_RESOURCES) {
      expect(RESOURCES[name], name).toBeDefined();
      expectList(await kit.as.Administrator.get(`/api/${name}?page=1&perpage=5`), name);
    }
  });

  it('every declared relation, computed attribute, sort and filter answers 200 or 403 for every role', async () => {
    const clients: Record<string, TestClient> = { ...kit.as, Guest: kit.guest };
    const wrong: string[] = [];
    let answered = 0;
    for (const r of Object.values(RESOURCES)) {
      if (!r.operations.includes('list')) continue;
      for (const query of declaredQueries(r)) {
        const results = await Promise.all(
          Object.entries(clients).map(
            async ([role, client]) => [role, await client.get(`/api/${r.name}?${query}`)] as const,
          ),
        );
        for (const [role, res] of results) {
          if (res.status === 200) {
            answered++;
            if (!Array.isArray(res.body.data) || typeof res.body.meta?.total !== 'number')
              wrong.push(`${role} ${r.name}?${query}: not a list`);
          } else if (res.status !== 403 || res.body.code !== 'forbidden') {
            wrong.push(
              `${role} ${r.name}?${query} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The Administrator reads everything, so most of these were real answers, not refusals.
    expect(answered).toBeGreaterThan(300);
  }, 240_000);
});
