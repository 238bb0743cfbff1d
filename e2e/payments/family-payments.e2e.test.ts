import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { formatMoney } from '@school/shared/rules';
import { startTestServer, type TestClient } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { viewShot } from '../family-web/family.test-kit';
import {
  arrangeUnpaidInvoice,
  openPayments,
  shownInvoiceIds,
  type ArrangedInvoice,
} from './payments.test-kit';

/**
 * The family Payments page (issue 33) on a server with no provider configured: the invoices a
 * parent sees, their paid state, and no Pay button; a student without the school's permission
 * has no Payments tab. The trip through a provider's checkout is payments-checkout.e2e.test.ts.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    template,
  );

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let manager: TestClient;
let childId: number;
let childrenIds: number[];
let unpaid: ArrangedInvoice;

beforeAll(async () => {
  assertBundlesBuilt();
  server = await startTestServer({ seed: true });
  browser = await launchBrowser();
  manager = await server.signInAs('Manager');
  childId = await userIdOf(server.knex, 'student@example.com');
  const parentId = await userIdOf(server.knex, 'parent@example.com');
  childrenIds = (
    await server.knex('user_responsibles').where({ responsible_id: parentId }).pluck('child_id')
  ).map(Number);
  unpaid = await arrangeUnpaidInvoice(server.knex, manager, childId);
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

describe('family Payments page without a provider', () => {
  it.each([
    ['uk', uk],
    ['ru', ru],
  ] as const)(
    "shows a parent their children's invoices, newest first, without a Pay button (%s, 360 px)",
    async (language, texts) => {
      const { context, page } = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone });
      try {
        await signIn(page, 'parent@example.com', language, 'family');
        await openPayments(page);
        await expect.poll(() => page.title()).toBe(`${texts.app.name} | ${texts.titles.payments}`);

        const expected = await server
          .knex('invoices as i')
          .join('contracts as c', 'c.id', 'i.contract_id')
          .whereIn('c.student_id', childrenIds)
          .orderBy('i.id', 'desc')
          .limit(100)
          .pluck('i.id');
        expect(await shownInvoiceIds(page)).toEqual(expected.map(Number));

        const card = page.locator(`[data-testid=invoice-card][data-invoice-id="${unpaid.id}"]`);
        expect(await card.getAttribute('data-paid')).toBe('false');
        expect(await card.getByTestId('invoice-amount').textContent()).toBe(
          formatMoney(unpaid.amount, language),
        );
        expect(await card.getByTestId('invoice-state').textContent()).toBe(texts.paymentsUi.unpaid);
        expect(await card.locator('h2').textContent()).toBe(
          fill(texts.paymentsUi.invoiceNumber, { number: unpaid.number }),
        );
        // No provider configured: no Pay button anywhere, a note instead.
        expect(await page.locator('[data-testid^=pay-]').count()).toBe(0);
        expect(await page.getByTestId('payments-no-providers').textContent()).toBe(
          texts.paymentsUi.noProviders,
        );

        const paid = await server
          .knex('invoices as i')
          .join('contracts as c', 'c.id', 'i.contract_id')
          .whereIn('c.student_id', childrenIds)
          .whereNotNull('i.payed_at')
          .first('i.id');
        const paidCard = page.locator(`[data-testid=invoice-card][data-invoice-id="${paid.id}"]`);
        expect(await paidCard.getAttribute('data-paid')).toBe('true');
        expect(await paidCard.getByTestId('invoice-state').textContent()).toMatch(
          new RegExp(`^${fill(texts.paymentsUi.paidOn, { date: '\\d\\d\\.\\d\\d\\.\\d{4}' })}$`),
        );

        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS.phone.width,
        );
        await viewShot(page, `payments-family-360-none-${language}`);
        await screenshot(page, `payments-family-360-none-${language}-full`);
      } finally {
        await context.close();
      }
    },
  );

  it('has no Payments tab for a student while the school does not let students pay', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone });
    try {
      await signIn(page, 'student@example.com', 'uk', 'family');
      // The address typed by hand: the page says who it is for (once the school's switch was read)...
      await page.goto('/payments');
      expect(await page.getByTestId('payments-not-allowed').textContent()).toBe(uk.paymentsUi.notAllowed);
      // ...and the tab bar has no Payments tab (a student reads no invoices).
      await page.getByTestId('nav-settings').waitFor();
      expect(await page.getByTestId('nav-payments').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('gives a student the Payments tab and their own invoices once the school lets students pay', async () => {
    await server.knex('feature_flags').where({ name: 'student_payments_enabled' }).update({ enabled: true });
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone });
    try {
      await signIn(page, 'student@example.com', 'ru', 'family');
      await openPayments(page);
      const own = await server
        .knex('invoices as i')
        .join('contracts as c', 'c.id', 'i.contract_id')
        .where('c.student_id', childId)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .pluck('i.id');
      expect(await shownInvoiceIds(page)).toEqual(own.map(Number));
      const card = page.locator(`[data-testid=invoice-card][data-invoice-id="${unpaid.id}"]`);
      expect(await card.getByTestId('invoice-amount').textContent()).toBe(formatMoney(unpaid.amount, 'ru'));
      // Their own invoices: no child's name on the cards.
      expect(await page.getByTestId('invoice-student').count()).toBe(0);
      await viewShot(page, 'payments-family-360-student-ru');
    } finally {
      await context.close();
      await server
        .knex('feature_flags')
        .where({ name: 'student_payments_enabled' })
        .update({ enabled: false });
    }
  });
});
