import { AnchorButton, HTMLTable } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@school/shared/domain';
import { contractDownloadAllowed, formatMoney } from '@school/shared/rules';
import { Link, useApi } from '@school/shared/ui';
import { useAdminPageForm } from '../../kit/admin-forms/admin-page';
import { AdminTable } from '../../kit/admin-table/admin-table';
import {
  PersonLink,
  formatDateTime,
  useLookupOptions,
  type PersonRef,
} from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import { CONTRACTS_PAGE } from './contract-form-route';
import { DocumentDownloadButton, invoiceFallbackName } from './document-download';
import './money-forms.css';

export interface ContractInvoiceRow {
  id: number;
  number?: string | null;
  studies_count?: number | null;
  amount: number;
  payed_at: string | null;
  created_at: string;
}

export interface ContractTableRow extends AdminRow {
  created_at: string;
  end_at: string | null;
  template_id: number | null;
  document_name: string | null;
  created_by: PersonRef | null;
  student: PersonRef | null;
  payer: PersonRef | null;
  template?: { id: number; name: string; url: string | null } | null;
  subscriptions?: Array<{ id: number }>;
  invoices?: ContractInvoiceRow[];
}

const textFilter = (relation: string) => (value: string) => ({
  withHaving: { [`${relation}.full_name`]: `%${value}%` },
});

/** The invoices of a contract (spec part 1 §2 "Contracts page (with invoices)"). */
export function ContractInvoices({ invoices }: { invoices: readonly ContractInvoiceRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <HTMLTable compact className="money-table__invoices" data-testid="contract-invoices">
      <thead>
        <tr>
          <th>{t('moneyForms.tables.invoiceNumber')}</th>
          <th>{t('moneyForms.tables.studiesCount')}</th>
          <th>{t('moneyForms.tables.amount')}</th>
          <th>{t('moneyForms.tables.payedAt')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-testid={`contract-invoice-${invoice.id}`}>
            <td>
              <Link to={`/admin/invoices?id=${invoice.id}&unpaid=`}>
                {invoice.number ?? `#${invoice.id}`}
              </Link>
            </td>
            <td>{invoice.studies_count ?? ''}</td>
            <td className="money-table__money">{formatMoney(invoice.amount, i18n.language)}</td>
            <td>
              {invoice.payed_at ? (
                formatDateTime(invoice.payed_at, DATE_FORMAT)
              ) : (
                <span className="money-table__unpaid">{t('moneyForms.invoice.unpaid')}</span>
              )}
            </td>
            <td>
              <DocumentDownloadButton
                size="small"
                variant="minimal"
                path={`/api/invoices/${invoice.id}/download`}
                fallbackName={invoiceFallbackName(invoice.id)}
                testId={`invoice-download-${invoice.id}`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Contract download, disabled by the rule of part 1 §2; the signed document, if any. */
function ContractDocuments({ row }: { row: ContractTableRow }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const allowed = contractDownloadAllowed(row.template, row.payer?.full_name);
  return (
    <span className="money-table__documents">
      <DocumentDownloadButton
        size="small"
        path={`/api/contracts/${row.id}/download`}
        fallbackName={t('documents.contract_file', { number: row.id })}
        disabled={!allowed}
        title={allowed ? t('moneyForms.documents.download') : t('documents.contract_needs_full_name')}
        testId={`contract-download-${row.id}`}
      />
      {row.document_name ? (
        <AnchorButton
          size="small"
          variant="minimal"
          icon="paperclip"
          href={client.url(`/api/contracts/${row.id}/document`)}
          download={row.document_name}
          title={t('moneyForms.file.stored', { name: row.document_name })}
          aria-label={t('moneyForms.file.stored', { name: row.document_name })}
          data-testid={`contract-document-${row.id}`}
        />
      ) : null}
    </span>
  );
}

function useContractsDefinition(): AdminTableDefinition<ContractTableRow> {
  const templates = useLookupOptions('contract_templates');
  return useMemo(
    () => ({
      resource: 'contracts',
      with: ['created_by', 'student', 'payer', 'template', 'subscriptions', 'invoices'],
      filters: [
        { key: 'id', type: 'int', control: 'number', label: 'moneyForms.tables.filters.id' },
        {
          key: 'student',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.student',
          toQuery: textFilter('student'),
        },
        {
          key: 'payer',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.payer',
          toQuery: textFilter('payer'),
        },
        {
          key: 'subscriptions',
          type: 'int',
          control: 'number',
          label: 'moneyForms.tables.filters.subscription',
          toQuery: (value) => ({ withFilter: { 'subscriptions.id': Number(value) } }),
        },
        {
          key: 'template_id',
          type: 'int',
          control: 'select',
          label: 'moneyForms.tables.filters.template',
          options: templates,
          translateOptions: false,
        },
        {
          key: 'created_by',
          type: 'text',
          control: 'text',
          label: 'moneyForms.tables.filters.createdBy',
          toQuery: textFilter('created_by'),
        },
      ],
      columns: [
        {
          key: 'created_by',
          label: 'moneyForms.tables.createdBy',
          render: (row) => <PersonLink person={row.created_by} />,
        },
        {
          key: 'student',
          label: 'moneyForms.tables.student',
          render: (row) => <PersonLink person={row.student} />,
        },
        {
          key: 'payer',
          label: 'moneyForms.tables.payer',
          render: (row) => <PersonLink person={row.payer} />,
        },
        {
          key: 'subscriptions',
          label: 'moneyForms.tables.subscriptions',
          render: (row) => (
            <ul className="admin-table__list">
              {(row.subscriptions ?? []).map((subscription) => (
                <li key={subscription.id}>
                  <Link
                    to={`/admin/subscriptions?id=${subscription.id}`}
                    data-testid={`subscription-link-${subscription.id}`}
                  >
                    #{subscription.id}
                  </Link>
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'created_at',
          label: 'moneyForms.tables.created',
          sortField: 'created_at',
          render: (row) => formatDateTime(row.created_at, DATE_FORMAT),
        },
        {
          key: 'end_at',
          label: 'moneyForms.tables.endAt',
          sortField: 'end_at',
          render: (row) => formatDateTime(row.end_at, DATE_FORMAT),
        },
        {
          key: 'template',
          label: 'moneyForms.tables.template',
          sortField: 'template_id',
          render: (row) => row.template?.name ?? '',
        },
        {
          key: 'download',
          label: 'moneyForms.tables.documents',
          render: (row) => <ContractDocuments row={row} />,
        },
      ],
    }),
    [templates],
  );
}

/** Contracts table (spec part 1 §2 "Contracts table", "Contracts page (with invoices)"). */
export function ContractsTablePage() {
  const hasForm = useAdminPageForm() !== undefined;
  const definition = useContractsDefinition();
  return (
    <AdminTable<ContractTableRow>
      titleKey="titles.contracts"
      pagePath={CONTRACTS_PAGE}
      definition={definition}
      hasForm={hasForm}
      details={(row) =>
        (row.invoices ?? []).length > 0 ? <ContractInvoices invoices={row.invoices!} /> : null
      }
    />
  );
}
