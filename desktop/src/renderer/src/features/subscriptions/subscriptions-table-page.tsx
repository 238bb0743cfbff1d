import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@school/shared/domain';
import { formatMoney, toMinorUnits } from '@school/shared/rules';
import { Link, parseUahInput, useRouter } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { useAdminPageForm } from '../../kit/admin-forms/admin-page';
import { AdminTable } from '../../kit/admin-table/admin-table';
import {
  PersonLink,
  classNumbers,
  formatDateTime,
  useLookupOptions,
  type PersonRef,
} from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import '../contracts/money-forms.css';
import { SUBSCRIPTIONS_PAGE } from './subscription-form-route';

export interface SubscriptionTableRow extends AdminRow {
  contract_id: number;
  price_per_study: number;
  eur_rate: number | string | null;
  eur_price_per_study: number | string | null;
  invoices_payed_amount: number;
  studies_count: number;
  last_paid_study: number | null;
  created_at: string;
  created_by: PersonRef | null;
  contract?: {
    id: number;
    student?: (PersonRef & { classes?: Array<{ number: number }> }) | null;
    payer?: PersonRef | null;
  } | null;
  type?: { id: number; name: string } | null;
  studies?: Array<{ id: number; start: string }>;
}

/** The EUR price a package was agreed in, shown next to its UAH price. */
const eurPriceText = (row: SubscriptionTableRow, language: string) =>
  formatMoney(toMinorUnits(Number(row.eur_price_per_study)), language, { currency: 'EUR' });

const COLUMNS = [
  'id',
  'contract_id',
  'studies_template_type_id',
  'price_per_study',
  'eur_rate',
  'eur_price_per_study',
  'studies_per_week',
  'created_by',
  'created_at',
  'invoices_payed_amount',
  'studies_count',
  'last_paid_study',
];
const nameFilter = (relation: string) => (value: string) => ({
  withHaving: { [`${relation}.full_name`]: `%${value}%` },
});

/**
 * The price filter (part 2 §2): typed in UAH, sent in minor units (× 100); a text that is not an
 * amount asks for nothing.
 */
export function priceFilterQuery(value: string) {
  const minor = parseUahInput(value);
  return typeof minor === 'number' ? { filter: { price_per_study: minor } } : {};
}

/** Part 2 §2: with the unpaid filter on, the sum of the packages' prices and of what was paid. */
export function unpaidTotals(
  rows: readonly Pick<SubscriptionTableRow, 'price_per_study' | 'studies_count' | 'invoices_payed_amount'>[],
) {
  return rows.reduce(
    (sum, row) => ({
      price: sum.price + row.price_per_study * row.studies_count,
      paid: sum.paid + Number(row.invoices_payed_amount ?? 0),
    }),
    { price: 0, paid: 0 },
  );
}

/** The package's studies, each a link to it; past ones styled as past, the last paid one marked (part 2 §2, §4). */
function StudyDates({ row }: { row: SubscriptionTableRow }) {
  const now = Date.now();
  return (
    <ul className="money-table__studies" data-testid={`subscription-studies-${row.id}`}>
      {(row.studies ?? []).map((study) => {
        const past = Date.parse(study.start) < now;
        const classes = [
          'money-table__study',
          past ? 'money-table__study--past' : '',
          study.id === row.last_paid_study ? 'money-table__study--last-paid' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={study.id} className={classes} data-past={past || undefined}>
            <Link to={`/admin/studies?id=${study.id}`} data-testid={`study-link-${study.id}`}>
              {formatDateTime(study.start, 'dd.MM.yy HH:mm')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function useSubscriptionsDefinition(): AdminTableDefinition<SubscriptionTableRow> {
  const { i18n } = useTranslation();
  const types = useLookupOptions('study_types');
  return useMemo(
    () => ({
      resource: 'subscriptions',
      select: COLUMNS,
      with: [
        'created_by',
        'contract.student',
        'contract.student.classes',
        'contract.payer',
        'type',
        'studies',
      ],
      filters: [
        { key: 'id', type: 'int', control: 'number', label: 'moneyForms.tables.filters.id' },
        { key: 'contract_id', type: 'int', control: 'number', label: 'moneyForms.tables.filters.contract' },
        {
          key: 'student',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.student',
          toQuery: nameFilter('contract.student'),
        },
        {
          key: 'payer',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.payer',
          toQuery: nameFilter('contract.payer'),
        },
        {
          key: 'created_by',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.createdBy',
          toQuery: nameFilter('created_by'),
        },
        {
          key: 'studies_template_type_id',
          type: 'int',
          control: 'select',
          label: 'moneyForms.tables.filters.type',
          options: types,
          translateOptions: false,
        },
        {
          key: 'class',
          type: 'int',
          control: 'number',
          label: 'moneyForms.tables.filters.class',
          toQuery: (value) => ({ withFilter: { 'contract.student.classes.number': Number(value) } }),
        },
        {
          key: 'price',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.price',
          toQuery: priceFilterQuery,
        },
        { key: 'unpaid', type: 'bool', control: 'checkbox', label: 'moneyForms.tables.filters.unpaid' },
      ],
      columns: [
        { key: 'id', label: 'moneyForms.tables.number', sortField: 'id', render: (row) => `#${row.id}` },
        {
          key: 'created_by',
          label: 'moneyForms.tables.createdBy',
          render: (row) => <PersonLink person={row.created_by} />,
        },
        {
          key: 'contract',
          label: 'moneyForms.tables.contract',
          render: (row) => (
            <Link
              to={`/admin/contracts?id=${row.contract_id}`}
              data-testid={`contract-link-${row.contract_id}`}
            >
              #{row.contract_id}
            </Link>
          ),
        },
        {
          key: 'student',
          label: 'moneyForms.tables.student',
          render: (row) => (
            <>
              <PersonLink person={row.contract?.student} />{' '}
              <span className="admin-table__muted">{classNumbers(row.contract?.student?.classes, ' ')}</span>
            </>
          ),
        },
        {
          key: 'payer',
          label: 'moneyForms.tables.payer',
          render: (row) => <PersonLink person={row.contract?.payer} />,
        },
        {
          key: 'type',
          label: 'moneyForms.tables.type',
          sortField: 'studies_template_type_id',
          render: (row) => row.type?.name ?? '',
        },
        {
          key: 'price',
          label: 'moneyForms.tables.pricePerStudy',
          sortField: 'price_per_study',
          className: 'money-table__money',
          render: (row) => (
            <>
              {formatMoney(row.price_per_study, i18n.language)}
              {row.eur_rate ? (
                <span className="admin-table__muted"> ({eurPriceText(row, i18n.language)})</span>
              ) : null}
            </>
          ),
        },
        {
          key: 'paid',
          label: 'moneyForms.tables.paid',
          sortField: 'invoices_payed_amount',
          className: 'money-table__money',
          render: (row) => formatMoney(Number(row.invoices_payed_amount ?? 0), i18n.language),
        },
        { key: 'studies', label: 'moneyForms.tables.studies', render: (row) => <StudyDates row={row} /> },
        {
          key: 'created_at',
          label: 'moneyForms.tables.created',
          sortField: 'created_at',
          render: (row) => formatDateTime(row.created_at, DATE_FORMAT),
        },
      ],
    }),
    [types, i18n.language],
  );
}

/** Subscriptions table (spec part 2 §2 "Subscriptions table"). */
export function SubscriptionsTablePage() {
  const { t, i18n } = useTranslation();
  const { navigate, query } = useRouter();
  const definition = useSubscriptionsDefinition();
  const form = useAdminPageForm();
  const canCreate = useAbility().can('create', 'subscription') && form !== undefined;
  const here = () => `${SUBSCRIPTIONS_PAGE}${window.location.search}`;
  const unpaid = query.get('unpaid') === '1';
  return (
    <div className="money-table">
      {canCreate ? (
        // Packages are made by the generation command, not the generic create: the table's own Add is not offered for them.
        <Button
          className="money-table__add"
          intent="primary"
          icon="add"
          text={t('common.add')}
          onClick={() => navigate(`${SUBSCRIPTIONS_PAGE}?create`, { state: { background: here() } })}
          data-testid="subscriptions-add"
        />
      ) : null}
      <AdminTable<SubscriptionTableRow>
        titleKey="titles.subscriptions"
        pagePath={SUBSCRIPTIONS_PAGE}
        definition={definition}
        hasForm={form !== undefined}
        rowClassName={(row) =>
          row.last_paid_study === null && row.price_per_study > 0 && row.studies_count > 0
            ? 'money-table__row--unpaid'
            : undefined
        }
        actions={(row) =>
          canCreate ? (
            <Button
              size="small"
              variant="minimal"
              icon="repeat"
              aria-label={t('moneyForms.tables.prolong')}
              title={t('moneyForms.tables.prolong')}
              onClick={() =>
                navigate(`${SUBSCRIPTIONS_PAGE}?create&copy_of=${row.id}`, { state: { background: here() } })
              }
              data-testid={`prolong-${row.id}`}
            />
          ) : null
        }
        footer={
          unpaid
            ? (rows) => {
                const totals = unpaidTotals(rows);
                return (
                  <tr data-testid="unpaid-totals">
                    <td />
                    <td colSpan={definition.columns.length}>
                      <span data-testid="unpaid-totals-sums">
                        {t('moneyForms.tables.unpaidTotals', {
                          price: formatMoney(totals.price, i18n.language),
                          paid: formatMoney(totals.paid, i18n.language),
                        })}
                      </span>{' '}
                      {/* Summed in the browser over the rows shown: it says so (issue 29 point 11). */}
                      <span className="admin-table__muted" data-testid="unpaid-totals-scope">
                        {t('staffScreens.totalOfThisPage')}
                      </span>
                    </td>
                    <td />
                  </tr>
                );
              }
            : undefined
        }
      />
    </div>
  );
}
