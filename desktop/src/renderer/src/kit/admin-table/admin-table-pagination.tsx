import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '@school/shared/domain';
import { PER_PAGE_OPTIONS } from '@school/shared/ui';

export interface AdminTablePaginationProps {
  meta: ListMeta | null;
  page: number;
  perPage: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}

/** Pages, the total-records count and the page-size selector (5/15/50/100, spec part 1 §9). */
export function AdminTablePagination({ meta, page, perPage, onPage, onPerPage }: AdminTablePaginationProps) {
  const { t } = useTranslation();
  const last = Math.max(1, meta?.last_page ?? 1);
  return (
    <div className="admin-table__pagination" data-testid="admin-table-pagination">
      <span className="admin-table__total" data-testid="admin-table-total">
        {t('adminTable.total', { count: meta?.total ?? 0 })}
      </span>
      <ButtonGroup>
        <Button
          icon="double-chevron-left"
          aria-label={t('adminTable.firstPage')}
          disabled={page <= 1}
          onClick={() => onPage(1)}
          data-testid="page-first"
        />
        <Button
          icon="chevron-left"
          aria-label={t('adminTable.previousPage')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="page-previous"
        />
        <Button disabled className="admin-table__page" data-testid="page-current">
          {t('adminTable.page', { page, pages: last })}
        </Button>
        <Button
          icon="chevron-right"
          aria-label={t('adminTable.nextPage')}
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
          data-testid="page-next"
        />
        <Button
          icon="double-chevron-right"
          aria-label={t('adminTable.lastPage')}
          disabled={page >= last}
          onClick={() => onPage(last)}
          data-testid="page-last"
        />
      </ButtonGroup>
      <label className="admin-table__per-page">
        {t('adminTable.perPage')}
        <HTMLSelect
          value={perPage}
          onChange={(event) => onPerPage(Number(event.currentTarget.value))}
          data-testid="per-page"
        >
          {PER_PAGE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </HTMLSelect>
      </label>
    </div>
  );
}
