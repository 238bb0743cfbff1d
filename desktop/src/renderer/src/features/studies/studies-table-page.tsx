import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceQuery } from '@school/shared/api';
import { formatMoney } from '@school/shared/rules';
import { Link, useApi, useRouter } from '@school/shared/ui';
import { canReadEvaluation, scoreIntent, usePanelAccess } from '@school/shared/ui/study-panels';
import { useAbility } from '../../app/ability-context';
import { useAdminPageForm } from '../../kit/admin-forms/admin-page';
import { StudyEvaluationView } from '../study-modal/study-report-reading';
import { AdminTable } from '../../kit/admin-table/admin-table';
import { duplicateParams } from '../../kit/admin-table/admin-table.rules';
import {
  PersonLink,
  formatDateTime,
  todayInKyiv,
  useAdminCell,
  useLookupOptions,
  type PersonRef,
} from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const STUDIES_TABLE_PAGE = ADMIN_PAGES.studies.path;

export interface StudyTableRow extends AdminRow {
  start: string;
  end: string;
  type_id: number;
  trial: boolean;
  created_at: string;
  created_by: PersonRef | null;
  users: PersonRef[];
  subscriptions: { id: number; price_per_study?: number; contract?: { payer?: PersonRef | null } | null }[];
  type?: { id: number; name: string } | null;
  evaluation?: { score: number | null } | null;
  price_total?: number | null;
}

const STUDY_COLUMNS = [
  'id',
  'start',
  'end',
  'type_id',
  'trial',
  'comment',
  'miss_status',
  'created_by',
  'created_at',
];

function EvaluationDialog({ row, onClose }: { row: StudyTableRow; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen
      title={t('adminTable.studies.evaluationTitle', { studyId: row.id })}
      icon="star"
      onClose={onClose}
      className="admin-table__evaluation"
    >
      <DialogBody>
        <ul className="admin-table__list" data-testid="evaluation-users">
          {row.users.map((user) => (
            <li key={user.id}>
              <PersonLink person={user} withRole />
            </li>
          ))}
        </ul>
        <StudyEvaluationView studyId={row.id} />
      </DialogBody>
    </Dialog>
  );
}

function ScoreButton({ row, onOpen }: { row: StudyTableRow; onOpen(row: StudyTableRow): void }) {
  const { t } = useAdminCell();
  const intent = scoreIntent(row.evaluation?.score);
  return (
    <Button
      size="small"
      icon="star"
      intent={intent === 'secondary' ? 'none' : intent}
      text={row.evaluation?.score ?? t('adminTable.studies.noScore')}
      onClick={() => onOpen(row)}
      data-testid={`score-${row.id}`}
      data-intent={intent}
    />
  );
}

function useStudiesDefinition(
  withEvaluation: boolean,
  withPriceTotal: boolean,
  onEvaluate: (row: StudyTableRow) => void,
): AdminTableDefinition<StudyTableRow> {
  const typeOptions = useLookupOptions('study_types');
  return useMemo(
    () => ({
      resource: 'studies',
      with: [
        'created_by',
        'users',
        'subscriptions.contract.payer',
        'type',
        ...(withEvaluation ? ['evaluation'] : []),
      ],
      // price_total comes only when selected, and only an Administrator may read it (403 otherwise).
      select: withPriceTotal ? [...STUDY_COLUMNS, 'price_total'] : undefined,
      filters: [
        { key: 'id', type: 'int', control: 'number', label: 'adminTable.studies.filters.id' },
        { key: 'trial', type: 'bool', control: 'tristate', label: 'adminTable.studies.filters.trial' },
        {
          key: 'users',
          type: 'text',
          control: 'text',
          label: 'adminTable.studies.filters.users',
          toQuery: (value) => ({ withHaving: { 'users.full_name': `%${value}%` } }),
        },
        {
          key: 'subscriptions',
          type: 'int',
          control: 'number',
          label: 'adminTable.studies.filters.subscriptions',
          toQuery: (value) => ({ withFilter: { 'subscriptions.id': Number(value) } }),
        },
        {
          key: 'start_from',
          type: 'date',
          control: 'date',
          label: 'adminTable.studies.filters.startFrom',
          defaultValue: todayInKyiv,
          toQuery: (value) => ({ filterDatesStart: { start: value } }),
        },
        {
          key: 'start_to',
          type: 'date',
          control: 'date',
          label: 'adminTable.studies.filters.startTo',
          defaultValue: todayInKyiv,
          toQuery: (value) => ({ filterDatesEnd: { start: value } }),
        },
        { key: 'isLast', type: 'bool', control: 'checkbox', label: 'adminTable.studies.filters.last' },
        {
          key: 'students_count',
          type: 'int',
          control: 'number',
          label: 'adminTable.studies.filters.studentsCount',
          defaultValue: () => '1',
        },
        {
          key: 'type_id',
          type: 'int',
          control: 'select',
          label: 'adminTable.studies.filters.type',
          options: typeOptions,
          translateOptions: false,
        },
        {
          key: 'created_by',
          type: 'text',
          control: 'text',
          label: 'adminTable.studies.filters.createdBy',
          toQuery: (value) => ({ withHaving: { 'created_by.full_name': `%${value}%` } }),
        },
      ],
      columns: [
        {
          key: 'created_by',
          label: 'adminTable.studies.columns.createdBy',
          render: (row) => <PersonLink person={row.created_by} />,
        },
        {
          key: 'created_at',
          label: 'adminTable.studies.columns.created',
          sortField: 'created_at',
          render: (row) => formatDateTime(row.created_at),
        },
        {
          key: 'users',
          label: 'adminTable.studies.columns.users',
          render: (row) => (
            <ul className="admin-table__list">
              {row.users.map((user) => (
                <li key={user.id}>
                  <PersonLink person={user} withRole />
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'subscriptions',
          label: 'adminTable.studies.columns.subscriptions',
          render: (row) => (
            <ul className="admin-table__list">
              {row.subscriptions.map((subscription) => (
                <li key={subscription.id}>
                  <Link
                    to={`/admin/subscriptions?id=${subscription.id}`}
                    data-testid={`subscription-link-${subscription.id}`}
                  >
                    #{subscription.id} {subscription.contract?.payer?.full_name ?? ''}
                  </Link>
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'type',
          label: 'adminTable.studies.columns.type',
          sortField: 'type_id',
          render: (row) => row.type?.name ?? '',
        },
        {
          key: 'start',
          label: 'adminTable.studies.columns.start',
          sortField: 'start',
          render: (row) => formatDateTime(row.start),
        },
        {
          key: 'trial',
          label: 'adminTable.studies.columns.trial',
          sortField: 'trial',
          render: (row) => <TrialCell trial={row.trial} />,
        },
        ...(withEvaluation
          ? [
              {
                key: 'score',
                label: 'adminTable.studies.columns.score',
                render: (row: StudyTableRow) => <ScoreButton row={row} onOpen={onEvaluate} />,
              },
            ]
          : []),
      ],
    }),
    [typeOptions, withEvaluation, withPriceTotal, onEvaluate],
  );
}

function TrialCell({ trial }: { trial: boolean }) {
  const { t } = useAdminCell();
  return <>{trial ? t('common.yes') : t('common.no')}</>;
}

/**
 * Part 2 §2 "a footer row with the total of all subscription prices per study" (Administrator):
 * over every row the filters keep, summed by the server, and it says so (not just this page).
 */
function PriceTotalFooter({ query, columns }: { query: ResourceQuery; columns: number }) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const filters = useMemo(() => {
    const {
      page: _page,
      perpage: _perpage,
      sort: _sort,
      with: _with,
      select: _select,
      withCount: _count,
      ...rest
    } = query;
    return rest;
  }, [query]);
  const answer = useQuery({
    queryKey: ['resources', 'studies', 'price-total', filters],
    queryFn: ({ signal }) =>
      client.get<{ data: { price_total: number; total: number } }>('/api/studies/price-total', filters, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const data = answer.data?.data;
  return (
    <tr data-testid="price-total">
      <td />
      <td colSpan={columns}>
        {t('adminTable.studies.priceTotal')}:{' '}
        {data ? (
          <>
            <strong>{formatMoney(data.price_total, i18n.language)}</strong>{' '}
            <span className="admin-table__muted" data-testid="price-total-scope">
              {t('staffScreens.totalOfAllRows', { count: data.total })}
            </span>
          </>
        ) : (
          '…'
        )}
      </td>
      <td />
    </tr>
  );
}

/** Studies table (spec part 2 §2 "Studies table"). */
export function StudiesTablePage() {
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const { viewer, ability } = usePanelAccess();
  const withEvaluation = canReadEvaluation(viewer.roleId, ability);
  // The price total footer: `read price_total` (the Administrator only).
  const isAdministrator = ability.allows('read', 'price_total');
  const [evaluating, setEvaluating] = useState<StudyTableRow | null>(null);
  const definition = useStudiesDefinition(withEvaluation, isAdministrator, setEvaluating);
  const form = useAdminPageForm();
  const canCreate = useAbility().can('create', 'study');
  const canDuplicate = form !== undefined && canCreate;
  // Stable between renders: the table's rows are memoised.
  const actions = useCallback(
    (row: StudyTableRow) =>
      canDuplicate ? (
        <Button
          size="small"
          variant="minimal"
          icon="duplicate"
          aria-label={t('adminTable.duplicate')}
          title={t('adminTable.duplicate')}
          onClick={() =>
            navigate(`${STUDIES_TABLE_PAGE}?create&${duplicateParams(row).toString()}`, {
              state: { background: `${STUDIES_TABLE_PAGE}${window.location.search}` },
            })
          }
          data-testid={`duplicate-${row.id}`}
        />
      ) : null,
    [canDuplicate, navigate, t],
  );

  return (
    <>
      <AdminTable<StudyTableRow>
        titleKey="titles.studies"
        pagePath={STUDIES_TABLE_PAGE}
        definition={definition}
        hasForm={form !== undefined}
        actions={actions}
        footer={
          isAdministrator
            ? (_rows, query) => <PriceTotalFooter query={query} columns={definition.columns.length} />
            : undefined
        }
      />
      {evaluating ? <EvaluationDialog row={evaluating} onClose={() => setEvaluating(null)} /> : null}
    </>
  );
}
