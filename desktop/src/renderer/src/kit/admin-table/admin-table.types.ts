import type { ReactNode } from 'react';
import type { AdminFilterSpec, AdminTableConfig } from '@school/shared/ui/admin-table';

/** A table row: every resource row has its id. */
export type AdminRow = { id: number } & Record<string, unknown>;

/** How a filter is typed in: spec part 1 §2 "filter checkboxes and filter inputs". */
export type AdminFilterControl = 'text' | 'number' | 'date' | 'checkbox' | 'tristate' | 'select' | 'checks';

export interface AdminFilterOption {
  value: string;
  /** A translation key, or the text itself with `translateOptions: false` (catalogue names). */
  label: string;
}

export interface AdminFilterField extends AdminFilterSpec {
  /** Translation key of the label. */
  label: string;
  control: AdminFilterControl;
  options?: readonly AdminFilterOption[];
  translateOptions?: boolean;
}

export interface AdminColumn<Row extends AdminRow> {
  key: string;
  /** Translation key of the header. */
  label: string;
  /** The registry field the header sorts by (only if the registry says it is sortable). */
  sortField?: string;
  render(row: Row): ReactNode;
  className?: string;
}

export interface AdminTableDefinition<Row extends AdminRow> extends AdminTableConfig {
  filters: readonly AdminFilterField[];
  columns: readonly AdminColumn<Row>[];
}
