import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@school/shared/api';
import { formatMoney, invoicePeriod } from '@school/shared/rules';
import { useApi, usePageTitle, useRouter } from '@school/shared/ui';
import {
  fetchFamilyInvoices,
  fetchPayableInvoices,
  fetchPaymentProviders,
  useInvoiceChanges,
  usePayInvoice,
  type FamilyInvoice,
  type OnlineProvider,
} from '@school/shared/ui/payments';
import { LoadingScreen } from '../../components/loading-screen';
import { useToasts } from '../../app/toasts-context';
import { useLoader } from '../../hooks/use-loader';
import { formatKyivDate, kyivDateKey } from './invoice-dates';
import { useAwaitedPayment } from './use-awaited-payment';
import { usePaymentsViewer } from './use-payments-access';
import './payments-page.css';

/** The Ukrainian area this page names, added by its loader (lazy-pages.tsx). */
export { ukFamilyPayments as paymentsTranslations } from '@school/shared/ui';

/**
 * /payments (issue 33): a parent's children's invoices (a student's own, where the school allows
 * it) with their number, period, amount, paid state and due date, and for an unpaid one a Pay
 * button per provider the school has configured. Back from the provider's page, the invoice that
 * was paid is asked about until the provider's callback has marked it paid.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  usePageTitle('titles.payments');
  const { access, forChildren } = usePaymentsViewer();
  return (
    <div className="payments" data-testid="payments-page">
      <h1 className="page-title" data-testid="page-title">
        {t('titles.payments')}
      </h1>
      {access === 'yes' ? (
        <PaymentsList forChildren={forChildren} />
      ) : access === 'checking' ? (
        <LoadingScreen inline />
      ) : (
        <p className="card muted" data-testid="payments-not-allowed">
          {t('paymentsUi.notAllowed')}
        </p>
      )}
    </div>
  );
}

function PaymentsList({ forChildren }: { forChildren: boolean }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const { query, navigate } = useRouter();
  const toasts = useToasts();
  // A parent reads their children's invoices (with what the period needs); a student allowed to pay
  // gets their own from the payments' list.
  const loadInvoices = useCallback(
    (signal: AbortSignal) =>
      forChildren ? fetchFamilyInvoices(client, signal) : fetchPayableInvoices(client, signal),
    [client, forChildren],
  );
  // A school without providers (or a failed look-up) shows no Pay button, never a broken one.
  const loadProviders = useCallback(
    (signal: AbortSignal) => fetchPaymentProviders(client, signal).catch(() => []),
    [client],
  );
  const invoices = useLoader(loadInvoices);
  const providers = useLoader<OnlineProvider[]>(loadProviders);
  // The server's refusal (already paid, not allowed, provider down) in its own words; a checkout we
  // could not open, ours. A lost session is the API client's (it reloads the page).
  const onPayError = useCallback(
    (error: unknown) =>
      toasts.show({
        intent: 'danger',
        message: isApiError(error) && error.body.message ? error.body.message : t('paymentsUi.startFailed'),
        timeoutMs: 8_000,
      }),
    [toasts, t],
  );
  const { paying, pay } = usePayInvoice(client, onPayError);
  // The provider's return address names the invoice (`?invoice=&payment=`); read once, then dropped
  // from the address bar so that a reload does not announce the payment again.
  const [returnedInvoiceId] = useState(() => Number(query.get('invoice')) || null);
  useEffect(() => {
    if (query.has('invoice')) navigate('/payments', { replace: true });
  }, [query, navigate]);
  const awaited = useAwaitedPayment(client, invoices, returnedInvoiceId, forChildren);
  // Paid or issued elsewhere (the other parent, staff recording a bank transfer, a new invoice):
  // the server tells this session only of invoices it may read, so any change reloads the list.
  useInvoiceChanges(true, invoices.reload);

  if (invoices.error && !invoices.data) {
    return (
      <div className="form-alert form-alert--error" role="alert" data-testid="payments-error">
        {t('paymentsUi.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={invoices.reload}>
          {t('paymentsUi.retry')}
        </button>
      </div>
    );
  }
  if (!invoices.data || !providers.data) return <LoadingScreen inline />;

  const list = invoices.data;
  const awaitedRow = list.find((row) => row.id === awaited.invoiceId);
  return (
    <>
      <p className="muted">
        {t(forChildren ? 'paymentsUi.intro' : 'paymentsUi.studentIntro')}
        {providers.data.length > 0 ? ` ${t('paymentsUi.payHint')}` : ''}
      </p>
      {awaitedRow && awaited.state !== 'none' ? (
        <div
          className={`form-alert ${awaited.state === 'paid' ? 'form-alert--success' : awaited.state === 'failed' ? 'form-alert--error' : 'payments__waiting'}`}
          role="status"
          data-testid="payment-return"
          data-state={awaited.state}
        >
          {awaited.state === 'paid'
            ? t('paymentsUi.confirmed', { number: awaitedRow.number })
            : awaited.state === 'failed'
              ? t('paymentsUi.failed', { number: awaitedRow.number })
              : awaited.state === 'late'
                ? t('paymentsUi.notConfirmed')
                : t('paymentsUi.waiting')}
        </div>
      ) : null}
      {providers.data.length === 0 && list.some((row) => !row.payed_at) ? (
        <p className="card card--soft small" data-testid="payments-no-providers">
          {t('paymentsUi.noProviders')}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="card muted" data-testid="payments-empty">
          {t('paymentsUi.empty')}
        </p>
      ) : (
        <ul className="payments__list">
          {list.map((invoice) => (
            <InvoiceCard
              key={invoice.id}
              invoice={invoice}
              showStudent={forChildren}
              providers={providers.data ?? []}
              paying={paying}
              onPay={(provider) => void pay(invoice.id, provider)}
            />
          ))}
        </ul>
      )}
      {providers.data.length > 0 ? (
        <p className="muted small payments__secure">{t('paymentsUi.secureNote')}</p>
      ) : null}
    </>
  );
}

function InvoiceCard({
  invoice,
  showStudent,
  providers,
  paying,
  onPay,
}: {
  invoice: FamilyInvoice;
  showStudent: boolean;
  providers: readonly OnlineProvider[];
  paying: { invoiceId: number; provider: OnlineProvider } | null;
  onPay: (provider: OnlineProvider) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const subscription = invoice.subscription;
  const period = subscription
    ? invoicePeriod(
        invoice.id,
        subscription.invoices ?? [],
        (subscription.studies ?? []).map((s) => s.start),
        subscription.price_per_study,
      )
    : null;
  const paid = Boolean(invoice.payed_at);
  const overdue = !paid && period !== null && kyivDateKey(Date.parse(period.from)) < kyivDateKey(Date.now());
  const student = invoice.contract?.student?.full_name;
  return (
    <li
      className="card payments__invoice"
      data-testid="invoice-card"
      data-invoice-id={invoice.id}
      data-paid={paid ? 'true' : 'false'}
    >
      <div className="payments__head">
        <h2 className="payments__number">{t('paymentsUi.invoiceNumber', { number: invoice.number })}</h2>
        <span
          className={`payments__state payments__state--${paid ? 'paid' : overdue ? 'overdue' : 'unpaid'}`}
          data-testid="invoice-state"
        >
          {paid
            ? t('paymentsUi.paidOn', { date: formatKyivDate(invoice.payed_at!, language) })
            : t('paymentsUi.unpaid')}
        </span>
      </div>
      <p className="payments__amount" data-testid="invoice-amount">
        {formatMoney(invoice.amount, language)}
      </p>
      <dl className="payments__facts">
        {showStudent && student ? (
          <div>
            <dt className="muted small">{t('paymentsUi.student')}</dt>
            <dd data-testid="invoice-student">{student}</dd>
          </div>
        ) : null}
        {subscription ? (
          <div>
            <dt className="muted small">{t('paymentsUi.period')}</dt>
            <dd data-testid="invoice-period">
              {period
                ? t('paymentsUi.periodRange', {
                    from: formatKyivDate(period.from, language),
                    to: formatKyivDate(period.to, language),
                  })
                : t('paymentsUi.periodUnknown')}
            </dd>
          </div>
        ) : null}
      </dl>
      {!paid && period ? (
        <p
          className={overdue ? 'payments__due payments__due--overdue' : 'payments__due'}
          data-testid="invoice-due"
        >
          {t(overdue ? 'paymentsUi.overdue' : 'paymentsUi.dueBy', {
            date: formatKyivDate(period.from, language),
          })}
        </p>
      ) : null}
      {!paid && providers.length > 0 ? (
        <div className="payments__pay">
          {providers.map((provider) => {
            const busy = paying?.invoiceId === invoice.id && paying.provider === provider;
            return (
              <button
                key={provider}
                type="button"
                className={`button payments__pay-button payments__pay-button--${provider}`}
                disabled={paying !== null}
                aria-busy={busy}
                onClick={() => onPay(provider)}
                data-testid={`pay-${provider}`}
              >
                {busy
                  ? t('paymentsUi.redirecting')
                  : t('paymentsUi.payWith', { provider: t(`paymentsUi.providers.${provider}`) })}
              </button>
            );
          })}
        </div>
      ) : null}
    </li>
  );
}
