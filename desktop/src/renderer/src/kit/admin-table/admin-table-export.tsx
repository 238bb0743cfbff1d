import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildQueryString, type QueryObject, type ResourceQuery } from '@school/shared/api';
import { TOAST_MS } from '@school/shared/domain';
import { pickLanguage } from '@school/shared/i18n';
import type { ExportFormat } from '@school/shared/table-exports';
import { useServices } from '../../app/services-context';

/**
 * The admin table's Export menu (issue 31): CSV or Excel of every row the table's current filters
 * and sort keep, all pages (GET /api/{resource}/export, written by the server). The app saves it
 * with the native Save dialog, streamed by main; a browser downloads it.
 */
export function AdminTableExport({ resource, query }: { resource: string; query: ResourceQuery }) {
  const { t, i18n } = useTranslation();
  const { native, toasts } = useServices();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    // The list's filters and sort: the export has no pages, and its columns are its own.
    const {
      page: _page,
      perpage: _perpage,
      with: _with,
      select: _select,
      withCount: _count,
      ...rest
    } = query as Record<string, unknown>;
    setBusy(true);
    try {
      const result = await native.saveTableExport({
        resource,
        format,
        query: buildQueryString(rest as QueryObject),
        language: pickLanguage(i18n.language) as 'uk' | 'ru' | 'en',
      });
      if (result.saved)
        toasts.show({
          intent: 'success',
          message: t(native.native ? 'adminTable.export.saved' : 'adminTable.export.started', {
            name: result.fileName,
          }),
          timeoutMs: TOAST_MS.short,
        });
    } catch {
      toasts.show({ intent: 'danger', message: t('adminTable.export.failed'), timeoutMs: TOAST_MS.short });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu data-testid="admin-table-export-menu">
          <MenuItem
            icon="th"
            text={t('adminTable.export.csv')}
            onClick={() => void run('csv')}
            data-testid="admin-table-export-csv"
          />
          <MenuItem
            icon="th-derived"
            text={t('adminTable.export.xlsx')}
            onClick={() => void run('xlsx')}
            data-testid="admin-table-export-xlsx"
          />
        </Menu>
      }
    >
      <Button
        icon="export"
        endIcon="caret-down"
        text={t('adminTable.export.button')}
        loading={busy}
        data-testid="admin-table-export"
      />
    </PopoverNext>
  );
}
