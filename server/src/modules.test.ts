import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@school/shared/resources';
import { loadConfig } from './config.js';
import { createModules } from './modules.js';
import { createLogger } from './platform/logging/logger.js';
import { createHookRegistry, type HookSet } from './resource-engine/resource-hooks.js';

/** No connection is opened: building the modules runs no query. */
const knex = knexFactory({ client: 'pg' });
const config = loadConfig(process.env, { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent' });
const build = () => createModules({ knex, config, logger: createLogger('silent') });
const sql = { sql: () => knex.raw('1') };

describe('the composition root', () => {
  it('builds every module and gives each computed attribute of the shared registry its SQL', () => {
    const { hooks, modules } = build();
    for (const resource of Object.values(RESOURCES)) {
      for (const name of Object.keys(resource.computed ?? {})) {
        expect(hooks.of(resource.name).computed?.[name]?.sql, `${resource.name}.${name}`).toBeTypeOf(
          'function',
        );
      }
    }
    expect(new Set(modules.map((m) => m.name)).size).toBe(modules.length);
  });

  it('refuses at start a computed attribute with SQL but no ComputedDef, and a ComputedDef without SQL', () => {
    const sets: HookSet[] = build().modules;
    expect(() =>
      createHookRegistry([...sets, { resourceHooks: { studies: { computed: { isRefunded: sql } } } }]),
    ).toThrow(/studies\.isRefunded has SQL but no ComputedDef/);
    const withoutSubscriptions = sets.filter((m) => !m.resourceHooks?.subscriptions);
    expect(() => createHookRegistry(withoutSubscriptions)).toThrow(
      /subscriptions\.\w+ is declared in shared\/src\/resources but no module gives its SQL/,
    );
    expect(() => createHookRegistry([{ resourceHooks: { no_such_resource: {} } }])).toThrow(
      /not in the shared registry/,
    );
  });

  it('refuses two modules giving the same hook (one would silently replace the other)', () => {
    const sets: HookSet[] = build().modules;
    expect(() =>
      createHookRegistry([...sets, { resourceHooks: { users: { scope: () => undefined } } }]),
    ).toThrow(/users\.scope is given twice/);
    expect(() =>
      createHookRegistry([...sets, { resourceHooks: { teachers: { computed: { age: sql } } } }]),
    ).toThrow(/teachers\.computed\.age is given twice/);
    expect(() =>
      createHookRegistry([...sets, { writeHooks: { invoices: { beforeDelete: async () => {} } } }]),
    ).toThrow(/invoices\.beforeDelete is given twice/);
  });
});
