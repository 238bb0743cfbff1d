import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { invoiceNumber } from '@school/shared/rules';
import type { TestClient } from '@school/server/test/harness.test-kit';

/** Helpers of the payments browser tests (issue 33). */

export interface ArrangedInvoice {
  id: number;
  number: string;
  amount: number;
  studentId: number;
}

/**
 * A fresh unpaid invoice of the student's latest package, made by staff through the API (the
 * demo's own invoices are paid or not at random): four lessons' worth.
 */
export async function arrangeUnpaidInvoice(
  knex: Knex,
  staff: TestClient,
  studentId: number,
): Promise<ArrangedInvoice> {
  const pkg = await knex('subscriptions as s')
    .join('contracts as c', 'c.id', 's.contract_id')
    .where('c.student_id', studentId)
    .where('s.price_per_study', '>', 0)
    .orderBy('s.id', 'desc')
    .first('s.id', 's.price_per_study');
  if (!pkg) throw new Error(`no paid package of student ${studentId}`);
  const amount = Number(pkg.price_per_study) * 4;
  const res = await staff.post('/api/invoices', { subscription_id: pkg.id, amount });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`invoice not created: ${res.status} ${JSON.stringify(res.body)}`);
  const id = Number(res.body.data.id);
  const row = await knex('invoices').where({ id }).first('position', 'contract_id');
  return { id, number: invoiceNumber(row.position, row.contract_id), amount, studentId };
}

/** Ids of the invoice cards on the Payments page, in the order shown. */
export async function shownInvoiceIds(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid=invoice-card]')
    .evaluateAll((nodes) => nodes.map((n) => Number((n as HTMLElement).dataset.invoiceId)));
}

/** The Payments page has its invoices on screen. */
export async function openPayments(page: Page): Promise<void> {
  await page.getByTestId('nav-payments').click();
  await page.locator('[data-testid=payments-page] [data-testid=invoice-card]').first().waitFor();
}
