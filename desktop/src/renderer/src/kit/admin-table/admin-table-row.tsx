import { Button } from '@blueprintjs/core';
import { memo, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useAdminCell } from './admin-table-cells';
import type { AdminColumn, AdminRow } from './admin-table.types';

/** What a row asks its table to do; behind a ref, so the rows' props stay equal between renders. */
export interface AdminRowHandlers<Row extends AdminRow> {
  toggle(id: number): void;
  edit(row: Row): void;
  remove(row: Row): void;
  keyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row, expandable: boolean): void;
}

export interface AdminTableRowProps<Row extends AdminRow> {
  row: Row;
  columns: readonly AdminColumn<Row>[];
  columnCount: number;
  expandable: boolean;
  open: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** A protected id (user 1): the trash shows, disabled, so nobody wonders where it went (part 1 §2). */
  deleteProtected: boolean;
  hasActions: boolean;
  className?: string;
  actions?(row: Row): ReactNode;
  details?(row: Row): ReactNode | null;
  handlers: RefObject<AdminRowHandlers<Row>>;
}

/**
 * One row and its details. Memoised: opening a row's details, the delete question or a spinner
 * re-renders the table, not its 100 rows (the pages pass stable `actions` / `details`).
 */
function AdminTableRowView<Row extends AdminRow>(props: AdminTableRowProps<Row>) {
  const {
    row,
    columns,
    columnCount,
    expandable,
    open,
    canEdit,
    canDelete,
    deleteProtected,
    hasActions,
    handlers,
  } = props;
  const { t } = useAdminCell();
  return (
    <>
      <tr
        tabIndex={0}
        data-row-id={row.id}
        data-testid={`row-${row.id}`}
        className={props.className}
        aria-expanded={expandable ? open : undefined}
        onKeyDown={(event) => handlers.current?.keyDown(event, row, expandable)}
      >
        <td className="admin-table__expand">
          {expandable ? (
            <Button
              variant="minimal"
              size="small"
              icon={open ? 'chevron-down' : 'chevron-right'}
              aria-label={t(open ? 'adminTable.collapse' : 'adminTable.expand')}
              onClick={() => handlers.current?.toggle(row.id)}
              tabIndex={-1}
              data-testid={`expand-${row.id}`}
            />
          ) : null}
        </td>
        {columns.map((column) => (
          <td key={column.key} className={column.className} data-column={column.key}>
            {column.render(row)}
          </td>
        ))}
        {hasActions ? (
          <td className="admin-table__actions">
            {props.actions?.(row)}
            {canEdit ? (
              <Button
                variant="minimal"
                size="small"
                icon="edit"
                aria-label={t('common.edit')}
                title={t('common.edit')}
                onClick={() => handlers.current?.edit(row)}
                data-testid={`edit-${row.id}`}
              />
            ) : null}
            {canDelete ? (
              <Button
                variant="minimal"
                size="small"
                intent="danger"
                icon="trash"
                aria-label={t(deleteProtected ? 'staffScreens.deleteProtected' : 'common.delete')}
                title={t(deleteProtected ? 'staffScreens.deleteProtected' : 'common.delete')}
                disabled={deleteProtected}
                onClick={() => handlers.current?.remove(row)}
                data-testid={`delete-${row.id}`}
              />
            ) : null}
          </td>
        ) : null}
      </tr>
      {open ? (
        <tr className="admin-table__details" data-testid={`details-${row.id}`}>
          <td />
          <td colSpan={columnCount - 1}>{props.details?.(row)}</td>
        </tr>
      ) : null}
    </>
  );
}

export const AdminTableRow = memo(AdminTableRowView) as typeof AdminTableRowView;
