import { Icon, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  isFlaggedPayment,
  paymentStatusKey,
  sortPayments,
  type InvoicePayment,
} from '@school/shared/ui/payments';

const KNOWN_PROVIDERS = ['liqpay', 'monobank', 'manual'];

/**
 * One cell of the invoices table (issue 33): the latest payment's provider and status, and a
 * warning when any payment of the invoice needs a look (the form lists them all).
 */
export function PaymentSummary({
  payments,
  invoiceAmount,
  testId,
}: {
  payments: readonly InvoicePayment[] | undefined;
  invoiceAmount: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const list = sortPayments(payments ?? []);
  const latest = list[0];
  if (!latest) return null;
  const flagged = list.some((payment) => isFlaggedPayment(payment, invoiceAmount));
  const statusKey = paymentStatusKey(latest.status);
  const provider = KNOWN_PROVIDERS.includes(latest.provider)
    ? t(`paymentsUi.providers.${latest.provider as 'liqpay'}`)
    : latest.provider;
  return (
    <span
      className="payment-summary"
      data-testid={testId}
      data-status={latest.status}
      data-flagged={flagged ? 'true' : 'false'}
    >
      <Tag
        minimal
        intent={latest.status === 'success' ? 'success' : latest.status === 'pending' ? 'primary' : 'none'}
      >
        {provider} · {statusKey ? t(statusKey) : latest.status}
      </Tag>
      {flagged ? (
        <Tooltip content={t('paymentsUi.staff.flagged')}>
          <Icon icon="warning-sign" intent="danger" aria-label={t('paymentsUi.staff.flagged')} />
        </Tooltip>
      ) : null}
    </span>
  );
}
