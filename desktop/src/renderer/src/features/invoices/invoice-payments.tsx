import { Button, Callout, HTMLTable, Icon, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, TOAST_MS } from '@school/shared/domain';
import { formatMoney } from '@school/shared/rules';
import { useApi } from '@school/shared/ui';
import {
  LIVE_REFRESH_MS,
  fetchInvoicePayments,
  isFlaggedPayment,
  paymentStatusKey,
  recordManualPayment,
  sortPayments,
  type InvoicePayment,
} from '@school/shared/ui/payments';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';
import { formatDateTime } from '../../kit/admin-table/admin-table-cells';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import './invoice-payments.css';

/** Under the invoices' own keys: a saved form or a live change refreshes it with them. */
export const invoicePaymentsKey = (invoiceId: number) =>
  ['resources', 'invoices', 'payments', invoiceId] as const;

/**
 * Changes arrive over the socket (InvoicesLive); asking now and then as well covers a socket that
 * is down. A pending payment (a parent at the checkout right now) is asked about more often.
 */
const OPEN_REFRESH_MS = 30_000;

const STATUS_INTENT: Record<string, Intent> = {
  success: 'success',
  pending: 'primary',
  failure: 'none',
  refunded: 'warning',
  mismatch: 'danger',
};

/**
 * The payments of one invoice on the staff invoice form (issue 33 §4): the paid state, every
 * attempt with its provider, the provider's id, time and status, those staff must check flagged;
 * "record a bank transfer" for whoever manages payments. Live: `invoice:changed` refreshes it with
 * every invoices query (InvoicesLive); it also asks by itself, often while a payment is pending;
 * a change of the paid state it sees refreshes the tables and the form.
 */
export function InvoicePayments({ invoiceId }: { invoiceId: number }) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const { toasts, reportError } = useServices();
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [recording, setRecording] = useState(false);
  const invoice = useQuery({
    queryKey: invoicePaymentsKey(invoiceId),
    queryFn: ({ signal }) => fetchInvoicePayments(client, invoiceId, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const pending = (data.payments ?? []).some((p) => p.status === 'pending');
      return pending ? LIVE_REFRESH_MS : data.payed_at ? false : OPEN_REFRESH_MS;
    },
    meta: { silent: true },
  });

  // The paid state changed under the open form (a callback, a colleague): the form and tables follow.
  const paidAt = invoice.data?.payed_at ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!invoice.data) return;
    if (seen.current !== undefined && seen.current !== paidAt) {
      for (const resource of ['invoices', 'contracts', 'subscriptions'])
        void queryClient.invalidateQueries({ queryKey: ['resources', resource] });
    }
    seen.current = paidAt;
  }, [invoice.data, paidAt, queryClient]);

  if (invoice.isPending) {
    return (
      <section className="invoice-payments" data-testid="invoice-payments" data-state="loading">
        <Spinner size={20} />
      </section>
    );
  }
  if (!invoice.data) return null;
  const data = invoice.data;
  const payments = sortPayments(data.payments ?? []);
  const mayRecord = ability.can('manage', 'payment') && !data.payed_at;
  const amount = formatMoney(data.amount, i18n.language);

  const onRecord = async () => {
    setRecording(true);
    try {
      await recordManualPayment(client, invoiceId);
      toasts.show({
        intent: 'success',
        message: t('paymentsUi.staff.manualSaved', { number: data.number }),
        timeoutMs: TOAST_MS.short,
      });
      await queryClient.invalidateQueries({ queryKey: ['resources', 'invoices'] });
    } catch (error) {
      reportError(error);
    } finally {
      setRecording(false);
      setConfirming(false);
    }
  };

  return (
    <section
      className="invoice-payments"
      aria-label={t('paymentsUi.staff.title')}
      data-testid="invoice-payments"
      data-state={data.payed_at ? 'paid' : 'unpaid'}
    >
      <header className="invoice-payments__head">
        <h3 className="invoice-payments__title">{t('paymentsUi.staff.title')}</h3>
        <Tag minimal round intent={data.payed_at ? 'success' : 'warning'} data-testid="invoice-paid-state">
          {data.payed_at
            ? t('paymentsUi.staff.paidOn', { date: formatDateTime(data.payed_at, DATE_FORMAT) })
            : t('paymentsUi.staff.unpaid')}
        </Tag>
        <span className="invoice-payments__live">{t('paymentsUi.staff.live')}</span>
      </header>
      {payments.length === 0 ? (
        <p className="invoice-payments__none" data-testid="invoice-payments-none">
          {t('paymentsUi.staff.none')}
        </p>
      ) : (
        <HTMLTable compact striped className="invoice-payments__table">
          <thead>
            <tr>
              <th>{t('paymentsUi.staff.provider')}</th>
              <th>{t('paymentsUi.staff.providerId')}</th>
              <th>{t('paymentsUi.staff.time')}</th>
              <th>{t('paymentsUi.staff.status')}</th>
              <th className="invoice-payments__money">{t('paymentsUi.staff.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} invoiceAmount={data.amount} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      {mayRecord ? (
        <div className="invoice-payments__actions">
          <Button
            icon="bank-account"
            text={t('paymentsUi.staff.recordManual')}
            onClick={() => setConfirming(true)}
            data-testid="invoice-record-manual"
          />
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        intent="primary"
        icon="bank-account"
        confirmText={t('paymentsUi.staff.manualSave')}
        cancelText={t('paymentsUi.staff.cancel')}
        loading={recording}
        testId="invoice-record-manual-question"
        onConfirm={() => void onRecord()}
        onCancel={() => setConfirming(false)}
      >
        {t('paymentsUi.staff.manualConfirm', { number: data.number, amount })}
      </ConfirmDialog>
    </section>
  );
}

function PaymentRow({ payment, invoiceAmount }: { payment: InvoicePayment; invoiceAmount: number }) {
  const { t, i18n } = useTranslation();
  const flagged = isFlaggedPayment(payment, invoiceAmount);
  const statusKey = paymentStatusKey(payment.status);
  const provider = ['liqpay', 'monobank', 'manual'].includes(payment.provider)
    ? t(`paymentsUi.providers.${payment.provider as 'liqpay'}`)
    : payment.provider;
  const at = payment.refunded_at ?? payment.paid_at ?? payment.created_at;
  return (
    <>
      <tr
        data-testid="invoice-payment"
        data-payment-id={payment.id}
        data-status={payment.status}
        data-flagged={flagged ? 'true' : 'false'}
      >
        <td data-label={t('paymentsUi.staff.provider')} data-testid="invoice-payment-provider">
          {provider}
        </td>
        <td data-label={t('paymentsUi.staff.providerId')}>
          <span className="invoice-payments__provider-id" data-testid="invoice-payment-provider-id">
            {payment.provider_payment_id ?? '—'}
          </span>
        </td>
        <td data-label={t('paymentsUi.staff.time')} data-testid="invoice-payment-time">
          {formatDateTime(at, 'dd.MM.yyyy HH:mm')}
        </td>
        <td data-label={t('paymentsUi.staff.status')}>
          <Tag minimal intent={STATUS_INTENT[payment.status] ?? 'none'} data-testid="invoice-payment-status">
            {statusKey ? t(statusKey) : payment.status}
          </Tag>
        </td>
        <td data-label={t('paymentsUi.staff.amount')} className="invoice-payments__money">
          {formatMoney(payment.amount, i18n.language)}
          {payment.currency.toUpperCase() !== 'UAH' ? ` ${payment.currency}` : ''}
        </td>
      </tr>
      {flagged ? (
        <tr className="invoice-payments__flag-row">
          <td colSpan={5}>
            <Callout
              intent="danger"
              compact
              icon={<Icon icon="warning-sign" />}
              data-testid="invoice-payment-flagged"
            >
              {t('paymentsUi.staff.flagged')}
            </Callout>
          </td>
        </tr>
      ) : null}
    </>
  );
}
