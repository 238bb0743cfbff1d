import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@school/shared/domain';
import { formatMoney } from '@school/shared/rules';
import { Link, useApi } from '@school/shared/ui';
import type { InvoicePayment } from '@school/shared/ui/payments';
import { useAdminPageForm } from '../../kit/admin-forms/admin-page';
import { AdminTable } from '../../kit/admin-table/admin-table';
import { PersonLink, formatDateTime, type PersonRef } from '../../kit/admin-table/admin-table-cells';
import type {
  AdminFilterOption,
  AdminRow,
  AdminTableDefinition,
} from '../../kit/admin-table/admin-table.types';
import { DocumentDownloadButton, invoiceFallbackName } from '../contracts/document-download';
import {
  fetchInvoiceTemplates,
  moneyFormKeys,
  type InvoiceTemplateOption,
} from '../contracts/money-forms.api';
import '../contracts/money-forms.css';
import { INVOICES_PAGE } from './invoice-form-route';
import { PaymentSummary } from './payment-summary';
import './invoice-payments.css';

export interface InvoiceTableRow extends AdminRow {
  subscription_id: number;
  contract_id: number;
  number: string;
  amount: number;
  payed_at: string | null;
  created_at: string;
  created_by: PersonRef | null;
  contract?: { id: number; payer?: PersonRef | null } | null;
  invoicetemplate?: { id: number; entity: string | null; bank: string | null } | null;
  /** Issue 33: every attempt to pay it, newest first (a default computed attribute). */
  payments?: InvoicePayment[];
}

const nameFilter = (relation: string) => (value: string) => ({
  withHaving: { [`${relation}.full_name`]: `%${value}%` },
});

/**
 * The entity dropdown (part 2 §2: "All", options from the invoice templates): one option per
 * entity, filtering by the ids of the templates it has (`filter[template_id]=a|b`).
 */
export function entityOptions(templates: readonly InvoiceTemplateOption[]): AdminFilterOption[] {
  const byEntity = new Map<string, number[]>();
  for (const template of templates) {
    const entity = template.entity?.trim() || template.name;
    byEntity.set(entity, [...(byEntity.get(entity) ?? []), template.id]);
  }
  return [...byEntity].map(([entity, ids]) => ({ value: ids.join('|'), label: entity }));
}

/** `01-12`: the position, a dash, the contract id as a link (part 2 §2). */
function InvoiceNumber({ row }: { row: InvoiceTableRow }) {
  const [position, ...rest] = row.number.split('-');
  return (
    <span data-testid={`invoice-number-${row.id}`}>
      {position}-
      <Link to={`/admin/contracts?id=${row.contract_id}`} data-testid={`invoice-contract-${row.id}`}>
        {rest.join('-')}
      </Link>
    </span>
  );
}

function useInvoicesDefinition(): AdminTableDefinition<InvoiceTableRow> {
  const { i18n } = useTranslation();
  const { client } = useApi();
  const templates = useQuery({
    queryKey: moneyFormKeys.invoiceTemplates,
    queryFn: () => fetchInvoiceTemplates(client),
    staleTime: Infinity,
    meta: { silent: true },
  });
  const entities = useMemo(() => entityOptions(templates.data ?? []), [templates.data]);
  return useMemo(
    () => ({
      resource: 'invoices',
      with: ['created_by', 'contract.payer', 'invoicetemplate'],
      filters: [
        { key: 'id', type: 'int', control: 'number', label: 'moneyForms.tables.filters.id' },
        {
          key: 'subscription_id',
          type: 'int',
          control: 'number',
          label: 'moneyForms.tables.filters.subscription',
        },
        { key: 'contract_id', type: 'int', control: 'number', label: 'moneyForms.tables.filters.contract' },
        {
          key: 'payer',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.payer',
          toQuery: nameFilter('contract.payer'),
        },
        {
          key: 'entity',
          type: 'anyOf',
          control: 'select',
          label: 'moneyForms.tables.filters.entity',
          options: entities,
          translateOptions: false,
          toQuery: (value) => ({ filter: { template_id: value } }),
        },
        // Preset (part 2 §2 "unpaid (preset)"): the table opens on what is still owed; a link to one
        // invoice (the contracts page) clears it with `unpaid=` so a paid invoice is found too.
        {
          key: 'unpaid',
          type: 'bool',
          control: 'checkbox',
          label: 'moneyForms.tables.filters.unpaid',
          defaultValue: () => '1',
        },
        {
          key: 'created_by',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.createdBy',
          toQuery: nameFilter('created_by'),
        },
      ],
      columns: [
        {
          key: 'created_by',
          label: 'moneyForms.tables.createdBy',
          render: (row) => <PersonLink person={row.created_by} />,
        },
        {
          key: 'subscription',
          label: 'moneyForms.tables.subscription',
          sortField: 'subscription_id',
          render: (row) => (
            <Link
              to={`/admin/subscriptions?id=${row.subscription_id}`}
              data-testid={`invoice-subscription-${row.id}`}
            >
              #{row.subscription_id}
            </Link>
          ),
        },
        {
          key: 'number',
          label: 'moneyForms.tables.invoiceNumber',
          sortField: 'number',
          render: (row) => <InvoiceNumber row={row} />,
        },
        {
          key: 'payer',
          label: 'moneyForms.tables.payer',
          render: (row) => <PersonLink person={row.contract?.payer} />,
        },
        {
          key: 'entity',
          label: 'moneyForms.tables.entity',
          render: (row) => row.invoicetemplate?.entity ?? '',
        },
        { key: 'bank', label: 'moneyForms.tables.bank', render: (row) => row.invoicetemplate?.bank ?? '' },
        {
          key: 'amount',
          label: 'moneyForms.tables.amount',
          sortField: 'amount',
          className: 'money-table__money',
          render: (row) => formatMoney(row.amount, i18n.language),
        },
        {
          key: 'payed_at',
          label: 'moneyForms.tables.payedAt',
          sortField: 'payed_at',
          render: (row) => <PayDate payedAt={row.payed_at} />,
        },
        {
          key: 'payments',
          label: 'paymentsUi.staff.lastPayment',
          render: (row) => (
            <PaymentSummary
              payments={row.payments}
              invoiceAmount={row.amount}
              testId={`invoice-payments-${row.id}`}
            />
          ),
        },
        {
          key: 'download',
          label: 'moneyForms.tables.invoice',
          render: (row) => (
            <DocumentDownloadButton
              size="small"
              path={`/api/invoices/${row.id}/download`}
              fallbackName={invoiceFallbackName(row.id)}
              testId={`invoice-download-${row.id}`}
            />
          ),
        },
      ],
    }),
    [entities, i18n.language],
  );
}

function PayDate({ payedAt }: { payedAt: string | null }) {
  const { t } = useTranslation();
  return payedAt ? (
    <>{formatDateTime(payedAt, DATE_FORMAT)}</>
  ) : (
    <span className="money-table__unpaid">{t('moneyForms.invoice.unpaid')}</span>
  );
}

/** Invoices table (spec part 2 §2 "Invoices table"). */
export function InvoicesTablePage() {
  const hasForm = useAdminPageForm() !== undefined;
  const definition = useInvoicesDefinition();
  return (
    <AdminTable<InvoiceTableRow>
      titleKey="titles.invoices"
      pagePath={INVOICES_PAGE}
      definition={definition}
      hasForm={hasForm}
    />
  );
}
