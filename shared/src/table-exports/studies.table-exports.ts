import { col, listCol, narrowWith, numbered, pick } from './export-values';
import type { TableExport } from './table-export.types';

/** The studies table: author, created, participants, subscriptions, type, start, trial. */
export const studiesExport: TableExport = {
  resource: 'studies',
  fileStem: 'studies',
  title: 'titles.studies',
  columns: [
    col('id', 'adminTable.studies.filters.id', 'int', 'id'),
    col('created_by', 'adminTable.studies.columns.createdBy', 'text', 'created_by.full_name'),
    col('created_at', 'adminTable.studies.columns.created', 'datetime', 'created_at'),
    listCol('users', 'adminTable.studies.columns.users', 'users', 'full_name'),
    listCol(
      'subscriptions',
      'adminTable.studies.columns.subscriptions',
      'subscriptions',
      'id',
      (s) => `${numbered(s.id)} ${String(pick(s, 'contract.payer.full_name') ?? '')}`.trim(),
      { with: narrowWith('subscriptions.contract.payer.full_name') },
    ),
    col('type', 'adminTable.studies.columns.type', 'text', 'type.name'),
    col('start', 'adminTable.studies.columns.start', 'datetime', 'start'),
    col('trial', 'adminTable.studies.columns.trial', 'bool', 'trial'),
  ],
};
