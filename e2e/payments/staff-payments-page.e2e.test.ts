import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { formatMoney, invoiceNumber } from '@school/shared/rules';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { signIn } from '../support/demo-school.test-kit';

/**
 * The staff Payments page (issue 33 on issue 28's one-declaration admin resource): the
 * Administrator opens it from the navbar, finds a flagged payment, filters "needs review", marks
 * it looked at and sees the row change; the page in uk and ru at 1280 px.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const suite = useStaffSuite();

async function waitForRows(page: Page): Promise<void> {
  await page.getByTestId('admin-table').waitFor();
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid=admin-table]');
    return (
      table !== null &&
      !table.hasAttribute('data-loading') &&
      !document.querySelector('[data-testid=admin-table-loading]')
    );
  });
}

const rowIds = (page: Page) =>
  page.locator('tr[data-row-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));

/** A demo invoice with a flagged monobank payment (paid short) and a settled LiqPay one. */
async function arrangePayments() {
  const knex = suite.server.knex;
  const invoice = await knex('invoices')
    .whereNotNull('amount')
    .orderBy('id')
    .first('id', 'position', 'contract_id', 'amount');
  const flagged = randomUUID();
  const settled = randomUUID();
  const amount = Number(invoice.amount) - 10000;
  await knex('payments').insert([
    {
      id: flagged,
      invoice_id: invoice.id,
      provider: 'monobank',
      provider_payment_id: 'p2511MONO7Q',
      amount,
      status: 'mismatch',
      review_reason: 'amount_mismatch',
      paid_at: new Date(),
    },
    {
      id: settled,
      invoice_id: invoice.id,
      provider: 'liqpay',
      provider_payment_id: '2488190173',
      amount: Number(invoice.amount),
      status: 'success',
      settled_invoice: true,
      paid_at: new Date(),
    },
  ]);
  return { flagged, settled, amount, number: invoiceNumber(invoice.position, invoice.contract_id) };
}

describe('staff Payments page', () => {
  it('opens from the navbar, filters "needs review" and marks a flagged payment looked at (uk, ru)', async () => {
    const arranged = await arrangePayments();
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await page.getByTestId('nav-payments').click();
      await page.waitForURL('**/staff/admin/payments');
      await waitForRows(page);
      expect(await page.locator('h1').innerText()).toBe(uk.titles.payments);

      // Newest first: the two arranged payments lead the list.
      const row = page.locator(`tr[data-row-id="${arranged.flagged}"]`);
      const text = await row.innerText();
      expect(text).toContain(arranged.number);
      expect(text).toContain(formatMoney(arranged.amount, 'uk'));
      expect(text).toContain(uk.paymentsUi.statuses.mismatch);
      expect(text).toContain(uk.paymentsUi.admin.reasons.amount_mismatch);
      expect(await row.getByTestId('payment-review').getAttribute('data-needs-review')).toBe('true');

      await page.getByTestId('filter-needs_review').check({ force: true });
      await page.waitForURL((url) => url.searchParams.get('needs_review') === '1');
      await waitForRows(page);
      const flaggedOnly = await rowIds(page);
      expect(flaggedOnly).toContain(arranged.flagged);
      expect(flaggedOnly).not.toContain(arranged.settled);
      await viewportShot(page, 'staff-payments-needs-review-uk');

      await page.getByTestId(`review-${arranged.flagged}`).click();
      const question = page.getByTestId('payment-review-question');
      await question.waitFor();
      expect(await question.innerText()).toContain(arranged.number);
      expect(await question.innerText()).toContain(uk.paymentsUi.admin.reasons.amount_mismatch);
      await viewportShot(page, 'staff-payments-review-dialog-uk');
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: uk.paymentsUi.admin.markReviewed, exact: true })
        .click();
      await question.waitFor({ state: 'detached' });

      // Looked at: it leaves "needs review" and shows as checked without the filter.
      await page.waitForFunction(
        (id) => !document.querySelector(`tr[data-row-id="${id}"]`),
        arranged.flagged,
      );
      const stored = await suite.server.knex('payments').where({ id: arranged.flagged }).first('reviewed_at');
      expect(stored.reviewed_at).not.toBeNull();
      await page.getByTestId('filter-needs_review').uncheck({ force: true });
      await waitForRows(page);
      await expect
        .poll(() => row.getByTestId('payment-review').getAttribute('data-needs-review'))
        .toBe('false');
      expect(await page.getByTestId(`review-${arranged.flagged}`).count()).toBe(0);
      await viewportShot(page, 'staff-payments-uk');
    } finally {
      await context.close();
    }

    const ruPage = await suite.staffPage('ru');
    try {
      await signIn(ruPage.page, 'admin@example.com', 'ru');
      await ruPage.page.goto('/staff/admin/payments');
      await waitForRows(ruPage.page);
      expect(await ruPage.page.locator('h1').innerText()).toBe(ru.titles.payments);
      const text = await ruPage.page.locator(`tr[data-row-id="${arranged.flagged}"]`).innerText();
      expect(text).toContain(ru.paymentsUi.admin.reasons.amount_mismatch);
      expect(text).toContain(formatMoney(arranged.amount, 'ru'));
      await viewportShot(ruPage.page, 'staff-payments-ru');
    } finally {
      await ruPage.context.close();
    }
  });
});
