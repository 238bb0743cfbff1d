import { Button, HTMLTable, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceQuery } from '@school/shared/api';
import { TOAST_MS } from '@school/shared/domain';
import { findResource } from '@school/shared/resources';
import { tableExportOf } from '@school/shared/table-exports';
import { isSortable, usePageTitle, useRouter } from '@school/shared/ui';
import { useAdminTable, writeTableView } from '@school/shared/ui/admin-table';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';
import { backgroundOf } from '../admin-forms/admin-form-route';
import { ConfirmDialog } from '../admin-widgets/confirm-dialog';
import { AdminCellContext } from './admin-table-cells';
import { AdminTableExport } from './admin-table-export';
import { AdminTableFilters } from './admin-table-filters';
import { AdminTablePagination } from './admin-table-pagination';
import { tableSettingKey } from './admin-table.rules';
import { AdminTableRow, type AdminRowHandlers } from './admin-table-row';
import type { AdminRow, AdminTableDefinition } from './admin-table.types';
import { useTablePageSize } from './use-table-page-size';
import './admin-table.css';

export interface AdminTableProps<Row extends AdminRow> {
  titleKey: string;
  /** The admin page (`/admin/users`); also the key its page size is remembered under. */
  pagePath: string;
  definition: AdminTableDefinition<Row>;
  /** Whether the page has a form for `?create` / `?edit=id` (Add and pencil buttons). */
  hasForm: boolean;
  /** The teachers listing: no Add, edit or delete whatever the role may do. */
  readOnly?: boolean;
  /** The pencil for this row (default: `update` on the resource's subject). */
  canEditRow?(row: Row): boolean;
  /** Row details; null: the row does not expand. Keep it stable (useCallback): rows are memoised. */
  details?(row: Row): ReactNode | null;
  /** Buttons before the pencil (duplicate). Keep it stable (useCallback): rows are memoised. */
  actions?(row: Row): ReactNode;
  /** A footer row under the rows (a total): the page's rows and the API call of the whole view. */
  footer?(rows: Row[], query: ResourceQuery): ReactNode;
  rowClassName?(row: Row): string | undefined;
  /** Parameters an Add link carries besides the table's own preset filters. */
  createParams?(): URLSearchParams;
}

function focusRow(from: HTMLElement, step: 1 | -1) {
  const rows = [...(from.closest('tbody')?.querySelectorAll<HTMLElement>('tr[data-row-id]') ?? [])];
  const next = rows[rows.indexOf(from) + step];
  next?.focus();
}

/**
 * The generic admin table (spec part 1 §2, §9): columns and sort headers from the registry and the
 * page's column configs, filters, paging with the total, Add, pencil, trash with "Are you sure?",
 * protected ids, row details, loading / empty / error states and the keyboard (arrows move between
 * rows, Enter edits, Space or → / ← open and close the details). Its view lives in the URL.
 */
export function AdminTable<Row extends AdminRow>(props: AdminTableProps<Row>) {
  const {
    titleKey,
    pagePath,
    definition,
    hasForm,
    readOnly = false,
    details,
    actions,
    footer,
    rowClassName,
  } = props;
  const { t, i18n } = useTranslation();
  usePageTitle(titleKey);
  const { state, navigate } = useRouter();
  const { toasts } = useServices();
  const ability = useAbility();
  const pageSize = useTablePageSize(tableSettingKey(pagePath));
  const background = backgroundOf(state);
  const table = useAdminTable<Row>({
    config: definition,
    pagePath,
    background,
    storedPerPage: pageSize.perPage,
    rememberPerPage: pageSize.remember,
    enabled: pageSize.ready,
  });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<Row | null>(null);

  const def = findResource(definition.resource)!;
  const subject = def.subject;
  const may = (action: 'create' | 'update' | 'delete') =>
    !readOnly && def.operations.includes(action) && (subject ? ability.can(action, subject) : false);
  const canCreate = hasForm && may('create');
  const canEditRow = (row: Row) =>
    hasForm && !readOnly && (props.canEditRow ? props.canEditRow(row) : may('update'));
  const canDelete = may('delete');
  // Who lists the table may export it, staff only (the server's rule, table-exports.routes.ts).
  const canExport =
    tableExportOf(definition.resource) !== undefined &&
    subject !== undefined &&
    ability.can('read', subject) &&
    ability.can('read', 'school_internal');
  const protectedIds = useMemo(() => new Set(def.protectedIds ?? []), [def]);
  const cell = useMemo(
    () => ({
      links: { users: ability.can('manage', 'user'), studies: ability.can('manage', 'study') },
      t,
      language: i18n.language,
    }),
    [ability, t, i18n.language],
  );

  const { view, rows, meta } = table;
  // The view's own link: where a form opened from here returns.
  const viewHref = useMemo(() => {
    const text = writeTableView(definition, view);
    return text ? `${pagePath}?${text}` : pagePath;
  }, [definition, view, pagePath]);

  const openForm = (query: string) => navigate(`${pagePath}?${query}`, { state: { background: viewHref } });
  const openEdit = (row: Row) => openForm(`edit=${row.id}`);
  const openCreate = () => {
    const params = new URLSearchParams();
    params.set('create', '');
    const specs = new Set(definition.filters.map((filter) => filter.key));
    // The link's own preset filters (`?study_id=5`) preset the new row too (spec part 1 §2).
    for (const [key, value] of Object.entries(view.filters))
      if (!specs.has(key) && key !== 'id') params.set(key, value);
    for (const [key, value] of props.createParams?.() ?? []) params.append(key, value);
    openForm(params.toString().replace(/^create=(&|$)/, 'create$1'));
  };
  const toggle = (id: number) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Row, expandable: boolean) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && canEditRow(row)) {
      event.preventDefault();
      openEdit(row);
    } else if (
      expandable &&
      (event.key === ' ' ||
        (event.key === 'ArrowRight' && !expanded.has(row.id)) ||
        (event.key === 'ArrowLeft' && expanded.has(row.id)))
    ) {
      event.preventDefault();
      toggle(row.id);
    }
  };

  // The rows call the latest handlers through one stable object (rows are memoised).
  const latest = useRef({ openEdit, onRowKey });
  useEffect(() => {
    latest.current = { openEdit, onRowKey };
  });
  const handlers = useRef<AdminRowHandlers<Row>>({
    toggle,
    edit: (row) => latest.current.openEdit(row),
    remove: (row) => setDeleting(row),
    keyDown: (event, row, expandable) => latest.current.onRowKey(event, row, expandable),
  });

  const confirmDelete = async () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    try {
      await table.remove(row.id);
      toasts.show({ intent: 'success', message: t('adminTable.deleted'), timeoutMs: TOAST_MS.short });
    } catch {
      // 403 / 409 / 422: the query client's global handling has shown the server's message.
    }
  };

  const sortOf = (field: string) => view.sort.find((key) => key.field === field);
  const hasActions = Boolean(actions) || canDelete || rows.some(canEditRow);
  const columnCount = definition.columns.length + 1 + (hasActions ? 1 : 0);

  let body: ReactNode;
  if (table.notLoadedOffline) {
    body = (
      <tr>
        <td colSpan={columnCount} className="admin-table__state">
          <NonIdealState
            icon="offline"
            title={<span data-testid="not-loaded-offline">{t('offline.notLoaded')}</span>}
            description={t('offline.notLoadedHint')}
          />
        </td>
      </tr>
    );
  } else if (table.loading || !pageSize.ready) {
    body = (
      <tr>
        <td colSpan={columnCount} className="admin-table__state">
          <Spinner size={30} data-testid="admin-table-loading" />
        </td>
      </tr>
    );
  } else if (table.error && rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="admin-table__state">
          <NonIdealState
            icon="error"
            description={<span data-testid="admin-table-error">{t('adminTable.loadFailed')}</span>}
            action={<Button text={t('adminTable.retry')} onClick={table.refetch} />}
          />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="admin-table__state">
          <NonIdealState
            icon="search"
            description={<span data-testid="admin-table-empty">{t('adminTable.empty')}</span>}
          />
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const expandable = details ? details(row) !== null : false;
      return (
        <AdminTableRow<Row>
          key={row.id}
          row={row}
          columns={definition.columns}
          columnCount={columnCount}
          expandable={expandable}
          open={expandable && expanded.has(row.id)}
          canEdit={canEditRow(row)}
          canDelete={canDelete}
          deleteProtected={protectedIds.has(row.id)}
          hasActions={hasActions}
          className={rowClassName?.(row)}
          actions={actions}
          details={details}
          handlers={handlers}
        />
      );
    });
  }

  return (
    <AdminCellContext.Provider value={cell}>
      <div
        className="page admin-table"
        data-testid="admin-table"
        data-resource={definition.resource}
        data-loading={table.loading || table.refreshing || undefined}
      >
        <div className="admin-table__header">
          <h1 className="page__title">{t(titleKey)}</h1>
          {table.refreshing ? <Spinner size={16} /> : null}
          {canExport ? <AdminTableExport resource={definition.resource} query={table.query} /> : null}
          {canCreate ? (
            <Button
              intent="primary"
              icon="add"
              text={t('common.add')}
              onClick={openCreate}
              data-testid="admin-table-add"
            />
          ) : null}
        </div>
        <AdminTableFilters
          fields={definition.filters}
          values={view.filters}
          onChange={table.setFilter}
          onReset={table.resetFilters}
        />
        {/* Wide tables scroll inside their box; the page itself never scrolls sideways. */}
        <div className="admin-table__scroll">
          <HTMLTable
            compact
            striped
            interactive
            className="admin-table__table"
            data-testid="admin-table-grid"
          >
            <thead>
              <tr>
                <th className="admin-table__expand" aria-label={t('adminTable.details')} />
                {definition.columns.map((column) => {
                  const sortable = column.sortField !== undefined && isSortable(def, column.sortField);
                  const sorted = sortable ? sortOf(column.sortField!) : undefined;
                  return (
                    <th
                      key={column.key}
                      className={column.className}
                      aria-sort={sorted ? (sorted.desc ? 'descending' : 'ascending') : undefined}
                      data-testid={`header-${column.key}`}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="admin-table__sort"
                          onClick={() => table.toggleSort(column.sortField!)}
                          data-testid={`sort-${column.key}`}
                        >
                          {t(column.label)}
                          <Icon
                            icon={sorted ? (sorted.desc ? 'sort-desc' : 'sort-asc') : 'double-caret-vertical'}
                            size={12}
                          />
                        </button>
                      ) : (
                        t(column.label)
                      )}
                    </th>
                  );
                })}
                {hasActions ? <th className="admin-table__actions" /> : null}
              </tr>
            </thead>
            <tbody>{body}</tbody>
            {footer && rows.length > 0 ? <tfoot>{footer(rows, table.query)}</tfoot> : null}
          </HTMLTable>
        </div>
        <AdminTablePagination
          meta={meta}
          page={view.page}
          perPage={view.perPage}
          onPage={table.setPage}
          onPerPage={table.setPerPage}
        />
        <ConfirmDialog
          isOpen={deleting !== null}
          testId="delete-question"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      </div>
    </AdminCellContext.Provider>
  );
}
