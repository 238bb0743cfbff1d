import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestClient } from '@school/server/test/harness.test-kit';
import {
  startPaymentProviders,
  type PaymentProviders,
} from '@school/server/src/features/payments/payment-providers.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { viewShot } from '../family-web/family.test-kit';
import { arrangeUnpaidInvoice, openPayments } from './payments.test-kit';

/**
 * Issue 33's "done when": a parent goes from the Payments page through the provider's checkout
 * (the local fakes of LiqPay and monobank, which sign their callbacks as the real ones do) back
 * to the page, which shows the invoice paid, while the invoice open in the staff app turns paid
 * with the payment's provider, id, time and status, without a reload.
 */

const TEXTS = { uk: resources.uk.translation, ru: resources.ru.translation };
const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    template,
  );

let providers: PaymentProviders;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let manager: TestClient;
let childId: number;

beforeAll(async () => {
  assertBundlesBuilt();
  providers = await startPaymentProviders();
  server = await startTestServer({ seed: true, realtime: true, env: providers.env() });
  providers.setServer(server.url);
  browser = await launchBrowser();
  manager = await server.signInAs('Manager');
  childId = await userIdOf(server.knex, 'student@example.com');
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
  await providers?.close();
});

/** The staff app with the invoice's form open (its payments section loaded). */
async function staffInvoice(
  language: 'uk' | 'ru',
  invoiceId: number,
): Promise<{ page: Page; close(): Promise<void> }> {
  const { context, page } = await newPage(browser, {
    baseURL: server.url,
    viewport: VIEWPORTS.desktop,
    locale: `${language}-UA`,
  });
  await signIn(page, 'admin@example.com', language);
  await page.goto(`/staff/admin/invoices?edit=${invoiceId}`);
  await page.locator('[data-testid=invoice-payments][data-state=unpaid]').waitFor();
  return { page, close: () => context.close() };
}

describe.each([
  ['liqpay', 'uk', 'Fake LiqPay'],
  ['monobank', 'ru', 'Fake monobank'],
] as const)('paying through %s (%s)', (provider, language, fakeTitle) => {
  const texts = TEXTS[language];

  it('takes a parent from the Payments page through the checkout to a paid invoice the staff app sees at once', async () => {
    const invoice = await arrangeUnpaidInvoice(server.knex, manager, childId);
    const staff = await staffInvoice(language, invoice.id);
    const { context, page } = await newPage(browser, {
      baseURL: server.url,
      viewport: VIEWPORTS.phone,
      locale: `${language}-UA`,
    });
    try {
      expect(await staff.page.getByTestId('invoice-payments-none').textContent()).toBe(
        texts.paymentsUi.staff.none,
      );
      // The unpaid invoices table under the form lists it.
      await staff.page.getByTestId(`invoice-number-${invoice.id}`).waitFor();

      await signIn(page, 'parent@example.com', language, 'family');
      await openPayments(page);
      const card = page.locator(`[data-testid=invoice-card][data-invoice-id="${invoice.id}"]`);
      // Both providers are configured: one button each, named in the page's language.
      expect(await card.locator('[data-testid^=pay-]').allTextContents()).toEqual([
        fill(texts.paymentsUi.payWith, { provider: texts.paymentsUi.providers.liqpay }),
        fill(texts.paymentsUi.payWith, { provider: texts.paymentsUi.providers.monobank }),
      ]);
      await viewShot(page, `payments-family-360-unpaid-${language}`);

      await card.getByTestId(`pay-${provider}`).click();
      // The provider's page, with the invoice's amount the server sent (never the browser's).
      await page.waitForURL((url) => url.origin === new URL(providers[provider].url).origin);
      expect(await page.title()).toBe(fakeTitle);
      const payment = await server
        .knex('payments')
        .where({ invoice_id: invoice.id })
        .first('id', 'amount', 'status');
      expect(Number(payment.amount)).toBe(invoice.amount);
      expect(payment.status).toBe('pending');

      // The payer pays; the provider calls back and sends the browser back to the Payments page.
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/payments');
      await page.locator('[data-testid=payment-return][data-state=paid]').waitFor();
      expect(await page.getByTestId('payment-return').textContent()).toBe(
        fill(texts.paymentsUi.confirmed, { number: invoice.number }),
      );
      expect(await card.getAttribute('data-paid')).toBe('true');
      expect(await card.locator('[data-testid^=pay-]').count()).toBe(0);
      // The address no longer names the payment: a reload does not announce it again.
      expect(new URL(page.url()).search).toBe('');
      await viewShot(page, `payments-family-360-paid-${language}`);

      // The staff app, untouched since it opened, shows the invoice paid with the payment: told over
      // its socket (its own look-up runs only every 30 s).
      await staff.page
        .locator('[data-testid=invoice-payments][data-state=paid]')
        .waitFor({ timeout: 10_000 });
      const row = staff.page.getByTestId('invoice-payment');
      expect(await row.count()).toBe(1);
      expect(await row.getAttribute('data-status')).toBe('success');
      expect(await row.getAttribute('data-flagged')).toBe('false');
      expect(await row.getByTestId('invoice-payment-provider').textContent()).toBe(
        texts.paymentsUi.providers[provider],
      );
      const stored = await server
        .knex('payments')
        .where({ id: payment.id })
        .first('provider_payment_id', 'status');
      expect(stored.status).toBe('success');
      expect(await row.getByTestId('invoice-payment-provider-id').textContent()).toBe(
        String(stored.provider_payment_id),
      );
      expect(await row.getByTestId('invoice-payment-status').textContent()).toBe(
        texts.paymentsUi.statuses.success,
      );
      expect(await staff.page.getByTestId('invoice-record-manual').count()).toBe(0);
      // ...and the unpaid table under it no longer lists it.
      await expect
        .poll(() => staff.page.getByTestId(`invoice-number-${invoice.id}`).count(), { timeout: 10_000 })
        .toBe(0);
      const paidAt = await server.knex('invoices').where({ id: invoice.id }).first('payed_at');
      expect(paidAt.payed_at).not.toBeNull();
      await viewportShot(staff.page, `payments-staff-invoice-1280-${language}`);
      // The invoices table (the "unpaid" preset cleared) names the latest payment on the row.
      await staff.page.goto(`/staff/admin/invoices?id=${invoice.id}&unpaid=`);
      const summary = staff.page.getByTestId(`invoice-payments-${invoice.id}`);
      await summary.waitFor();
      expect(await summary.getAttribute('data-status')).toBe('success');
      expect(await summary.textContent()).toBe(
        `${texts.paymentsUi.providers[provider]} · ${texts.paymentsUi.statuses.success}`,
      );
      await viewportShot(staff.page, `payments-staff-table-1280-${language}`);
      await staff.page.goto(`/staff/admin/invoices?edit=${invoice.id}`);
      await staff.page.locator('[data-testid=invoice-payments][data-state=paid]').waitFor();
      await staff.page.setViewportSize(VIEWPORTS.phone);
      await staff.page.waitForTimeout(200);
      await screenshot(staff.page, `payments-staff-invoice-360-${language}`);
    } finally {
      await context.close();
      await staff.close();
    }
  });
});

describe('recording a bank transfer in the staff app', () => {
  it('records a manual payment through the same path and the parent sees the invoice paid', async () => {
    const invoice = await arrangeUnpaidInvoice(server.knex, manager, childId);
    const staff = await staffInvoice('uk', invoice.id);
    const parent = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone });
    try {
      await signIn(parent.page, 'parent@example.com', 'uk', 'family');
      await openPayments(parent.page);
      const card = parent.page.locator(`[data-testid=invoice-card][data-invoice-id="${invoice.id}"]`);
      expect(await card.getAttribute('data-paid')).toBe('false');

      await staff.page.getByTestId('invoice-record-manual').click();
      await staff.page.getByTestId('invoice-record-manual-question').waitFor();
      await viewportShot(staff.page, 'payments-staff-manual-confirm-uk');
      await staff.page.locator('.bp6-alert-footer .bp6-intent-primary').click();
      await staff.page.locator('[data-testid=invoice-payments][data-state=paid]').waitFor();
      const row = staff.page.getByTestId('invoice-payment');
      expect(await row.getByTestId('invoice-payment-provider').textContent()).toBe(
        TEXTS.uk.paymentsUi.providers.manual,
      );
      expect(await row.getAttribute('data-status')).toBe('success');
      const stored = await server
        .knex('payments')
        .where({ invoice_id: invoice.id })
        .first('provider', 'amount');
      expect(stored.provider).toBe('manual');
      expect(Number(stored.amount)).toBe(invoice.amount);
      // The parent's open page follows without a reload.
      await parent.page
        .locator(`[data-testid=invoice-card][data-invoice-id="${invoice.id}"][data-paid=true]`)
        .waitFor({ timeout: 10_000 });
      expect(await card.locator('[data-testid^=pay-]').count()).toBe(0);
    } finally {
      await parent.context.close();
      await staff.close();
    }
  });
});
