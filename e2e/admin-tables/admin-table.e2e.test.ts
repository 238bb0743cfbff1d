import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { signIn } from '../desktop-calendar/calendar-e2e-kit';
import { useStaffSuite } from '../desktop-calendar/staff-suite-kit';
import { SCREENSHOT_DIR } from '../support/browser';

/** The generic admin table and the users, studies, teachers and study reports tables (issue 16). */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const suite = useStaffSuite();

async function openTable(page: Page, path: string): Promise<void> {
  await page.goto(`/staff${path}`);
  await waitForRows(page);
}

async function waitForRows(page: Page): Promise<void> {
  await page.getByTestId('admin-table').waitFor();
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid=admin-table]');
    return table !== null && !table.hasAttribute('data-loading');
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('studies table', () => {
  it('smoke', async () => {
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await openTable(page, '/admin/studies');
      await shot(page, 'admin-studies-uk');
      expect(await page.getByTestId('admin-table-total').innerText()).toContain('');
    } finally {
      await context.close();
    }
  });
});
