import { Button, Tag, type Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@school/shared/domain';
import { formatMoney } from '@school/shared/rules';
import { useApi } from '@school/shared/ui';
import { PAYMENT_STATUSES, paymentStatusKey } from '@school/shared/ui/payments';
import { useServices } from '../../app/services-context';
import { AdminTable } from '../../kit/admin-table/admin-table';
import { formatDateTime, useAdminCell } from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import { ADMIN_PAGES } from '../../../../common/admin-pages';
import './payments-table.css';

export const PAYMENTS_PAGE = ADMIN_PAGES.payments.path;

/**
 * One row of GET /api/payments (shared payments resource). Its id is the payment's uuid: the table
 * kit types ids as numbers but only keys, test ids and Sets use them, so the text passes through.
 */
export interface PaymentTableRow extends AdminRow {
  invoice_id: number | null;
  invoice_number: string | null;
  student_name: string | null;
  payer_name: string | null;
  provider: string;
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  status: string;
  review_reason: string | null;
  reviewed_at: string | null;
  needs_review: boolean;
  paid_at: string | null;
  refunded_at: string | null;
  created_at: string;
}

const PROVIDERS = ['liqpay', 'monobank', 'manual'] as const;
const REASONS = ['amount_mismatch', 'currency_mismatch', 'invoice_already_paid', 'invoice_deleted'] as const;

const STATUS_INTENT: Record<string, Intent> = {
  success: 'success',
  pending: 'primary',
  failure: 'none',
  refunded: 'warning',
  mismatch: 'danger',
};

const STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: `paymentsUi.statuses.${value}` }));
const PROVIDER_OPTIONS = PROVIDERS.map((value) => ({ value, label: `paymentsUi.providers.${value}` }));

/** The method, with the payment system's id under it (one column: the table fits 1280 px). */
function Method({ row }: { row: PaymentTableRow }) {
  const { t } = useAdminCell();
  const known = (PROVIDERS as readonly string[]).includes(row.provider);
  return (
    <>
      {known ? t(`paymentsUi.providers.${row.provider}`) : row.provider}
      {row.provider_payment_id ? (
        <div className="admin-table__muted" title={t('paymentsUi.staff.providerId')}>
          {row.provider_payment_id}
        </div>
      ) : null}
    </>
  );
}

function Status({ status }: { status: string }) {
  const { t } = useAdminCell();
  const key = paymentStatusKey(status);
  return (
    <Tag minimal intent={STATUS_INTENT[status] ?? 'none'} data-testid="payment-status">
      {key ? t(key) : status}
    </Tag>
  );
}

function Money({ row }: { row: PaymentTableRow }) {
  const { i18n } = useTranslation();
  return <>{formatMoney(row.amount, i18n.language)}</>;
}

function ReviewReason({ row }: { row: PaymentTableRow }) {
  const { t } = useAdminCell();
  if (!row.review_reason) return null;
  return (
    <span data-testid="payment-review" data-needs-review={row.needs_review ? 'true' : 'false'}>
      <Tag minimal intent={row.needs_review ? 'danger' : 'none'} icon={row.needs_review ? 'flag' : 'tick'}>
        {reasonText(t, row.review_reason)}
      </Tag>
      {row.reviewed_at ? (
        <span className="admin-table__muted">
          {' '}
          {t('paymentsUi.admin.reviewedAt', { time: formatDateTime(row.reviewed_at) })}
        </span>
      ) : null}
    </span>
  );
}

function reasonText(t: (key: string) => string, reason: string): string {
  return (REASONS as readonly string[]).includes(reason) ? t(`paymentsUi.admin.reasons.${reason}`) : reason;
}

function usePaymentsDefinition(): AdminTableDefinition<PaymentTableRow> {
  return useMemo(
    () => ({
      resource: 'payments',
      defaultSort: [{ field: 'created_at', desc: true }],
      filters: [
        {
          key: 'needs_review',
          type: 'bool',
          control: 'checkbox',
          label: 'paymentsUi.admin.filters.needsReview',
        },
        {
          key: 'status',
          type: 'anyOf',
          control: 'select',
          label: 'paymentsUi.admin.filters.status',
          options: STATUS_OPTIONS,
        },
        {
          key: 'provider',
          type: 'anyOf',
          control: 'select',
          label: 'paymentsUi.admin.filters.provider',
          options: PROVIDER_OPTIONS,
        },
        {
          key: 'student',
          type: 'text',
          control: 'text',
          label: 'paymentsUi.admin.filters.student',
          toQuery: (value) => ({ filter: { student_name: `%${value}%` } }),
        },
      ],
      columns: [
        {
          key: 'created_at',
          label: 'paymentsUi.admin.columns.created',
          sortField: 'created_at',
          render: (row) => formatDateTime(row.created_at),
        },
        {
          key: 'invoice',
          label: 'paymentsUi.admin.columns.invoice',
          className: 'payments-table__nowrap',
          render: (row) => row.invoice_number ?? '—',
        },
        {
          key: 'student',
          label: 'paymentsUi.admin.columns.student',
          render: (row) => (
            <>
              {row.student_name ?? '—'}
              {row.payer_name && row.payer_name !== row.student_name ? (
                <div className="admin-table__muted">{row.payer_name}</div>
              ) : null}
            </>
          ),
        },
        {
          key: 'provider',
          label: 'paymentsUi.staff.provider',
          render: (row) => <Method row={row} />,
        },
        {
          key: 'amount',
          label: 'paymentsUi.staff.amount',
          sortField: 'amount',
          render: (row) => <Money row={row} />,
        },
        { key: 'status', label: 'paymentsUi.staff.status', render: (row) => <Status status={row.status} /> },
        {
          key: 'settled',
          label: 'paymentsUi.admin.columns.settled',
          sortField: 'paid_at',
          render: (row) => formatDateTime(row.refunded_at ?? row.paid_at),
        },
        {
          key: 'review',
          label: 'paymentsUi.admin.columns.review',
          render: (row) => <ReviewReason row={row} />,
        },
      ],
    }),
    [],
  );
}

/**
 * Every online and manual payment for whoever manages payments (issue 33): newest first, filtered
 * by status, method and "needs review"; a flagged payment is marked looked at from its row (after
 * a question naming the invoice, amount and reason), and the list refreshes.
 */
export function PaymentsTablePage() {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const { toasts, reportError } = useServices();
  const queryClient = useQueryClient();
  const definition = usePaymentsDefinition();
  const [reviewing, setReviewing] = useState<PaymentTableRow | null>(null);
  const [saving, setSaving] = useState(false);

  const actions = useCallback(
    (row: PaymentTableRow) =>
      row.needs_review ? (
        <Button
          small
          minimal
          icon="endorsed"
          title={t('paymentsUi.admin.markReviewed')}
          aria-label={t('paymentsUi.admin.markReviewed')}
          onClick={() => setReviewing(row)}
          data-testid={`review-${String(row.id)}`}
        />
      ) : null,
    [t],
  );

  const onConfirm = async () => {
    if (!reviewing) return;
    setSaving(true);
    try {
      await client.post(`/api/payments/${encodeURIComponent(String(reviewing.id))}/reviewed`, {});
      toasts.show({ intent: 'success', message: t('paymentsUi.admin.reviewed'), timeoutMs: TOAST_MS.short });
      await queryClient.invalidateQueries({ queryKey: ['resources', 'payments'] });
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
      setReviewing(null);
    }
  };

  return (
    <>
      <AdminTable<PaymentTableRow>
        titleKey="titles.payments"
        pagePath={PAYMENTS_PAGE}
        definition={definition}
        hasForm={false}
        readOnly
        actions={actions}
      />
      <ConfirmDialog
        isOpen={reviewing !== null}
        intent="primary"
        icon="endorsed"
        confirmText={t('paymentsUi.admin.markReviewed')}
        cancelText={t('paymentsUi.staff.cancel')}
        loading={saving}
        testId="payment-review-question"
        onConfirm={() => void onConfirm()}
        onCancel={() => setReviewing(null)}
      >
        {reviewing
          ? t('paymentsUi.admin.reviewQuestion', {
              number: reviewing.invoice_number ?? '—',
              amount: formatMoney(reviewing.amount, i18n.language),
              reason: reasonText(t, reviewing.review_reason ?? ''),
            })
          : null}
      </ConfirmDialog>
    </>
  );
}
