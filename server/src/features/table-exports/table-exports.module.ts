import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import { tableExportsRoutes } from './table-exports.routes.js';

export interface TableExportsModuleDeps {
  knex: Knex;
  /** Every other module's hooks (row scopes, computed attributes), as the generic lists use them. */
  hooks: HookRegistry;
}

/**
 * Admin tables to CSV and xlsx (GET /api/{resource}/export). `chained`: before the generic
 * resource routes, whose `GET /api/:resource/:id` would take `export` for an id.
 */
export function createTableExportsModule(deps: TableExportsModuleDeps): FeatureModule {
  return { name: 'table-exports', routes: [{ stage: 'chained', router: tableExportsRoutes(deps) }] };
}
