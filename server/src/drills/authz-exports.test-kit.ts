import { tableExportOf } from '@school/shared/table-exports';
import { LITERAL, type SignedInRole, type Subject } from './authz-spec.test-kit.js';
import { all, nobody, readsAny, roles, type Matrix } from './authz-matrix.test-kit.js';

/**
 * `GET /api/{resource}/export` (issue 31, docs/api.md "Exports"), as the generic route pattern
 * expands over the registry: an admin table exports to the staff (the staff app's tables) who
 * read some row of it (each gets the rows the list gives them, table-exports.int.test.ts); any
 * other resource has no export (404 for everyone).
 */
export function exportRoutes(registry: ReadonlyArray<{ name: string; subject?: string }>): Matrix {
  const out: Matrix = {};
  for (const r of registry) {
    out[`GET /api/:resource/export [${r.name}]`] = [
      {
        target: 'the table',
        need: tableExportOf(r.name)
          ? all(readsAny((r.subject ?? r.name) as Subject), roles(...(LITERAL.staff as SignedInRole[])))
          : nobody,
        send: async () => ({ method: 'GET', path: `/api/${r.name}/export?format=csv` }),
      },
    ];
  }
  return out;
}
