import { contractsExport, invoicesExport, paymentsExport, subscriptionsExport } from './money.table-exports';
import { schedulesExport, studyReportsExport, teachersExport, usersExport } from './people.table-exports';
import { studiesExport } from './studies.table-exports';
import type { TableExport } from './table-export.types';

export * from './table-export.types';
export { pick } from './export-values';
export { csvField, csvLine, guardFormula, CSV_BOM } from './csv-cells';

/** Every admin table that exports (issue 31), by resource name: the staff app's admin pages. */
export const TABLE_EXPORTS: Readonly<Record<string, TableExport>> = Object.fromEntries(
  [
    usersExport,
    contractsExport,
    subscriptionsExport,
    invoicesExport,
    paymentsExport,
    studiesExport,
    schedulesExport,
    teachersExport,
    studyReportsExport,
  ].map((e) => [e.resource, e]),
);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function tableExportOf(resource: string): TableExport | undefined {
  return Object.hasOwn(TABLE_EXPORTS, resource) ? TABLE_EXPORTS[resource] : undefined;
}
