import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, SCREENSHOT_DIR, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { userIdOf } from '../support/demo-school.test-kit';

export interface StaffSuite {
  server: TestServer;
  browser: Browser;
  /** The demo teacher (teacher@example.com), whose calendar most staff tests open. */
  teacherId: number;
  /** A fresh desktop-sized context whose browser speaks the given language. */
  staffPage(language?: 'uk' | 'ru'): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Every staff e2e file runs against its own seeded server with real time on, and one Chromium.
 * Registers the file's beforeAll / afterAll; the fields are filled once beforeAll has run.
 */
export function useStaffSuite(): StaffSuite {
  const suite = {
    staffPage: (language: 'uk' | 'ru' = 'uk') =>
      newPage(suite.browser, {
        baseURL: suite.server.url,
        viewport: VIEWPORTS.desktop,
        locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
      }),
  } as StaffSuite;
  beforeAll(async () => {
    assertBundlesBuilt();
    suite.server = await startTestServer({ seed: true, realtime: true });
    suite.browser = await launchBrowser();
    suite.teacherId = await userIdOf(suite.server.knex, 'teacher@example.com');
  });
  afterAll(async () => {
    await closeBrowser(suite.browser);
    await suite.server?.close();
  });
  return suite;
}

/**
 * A dialog over a scrolled page: a full-page capture would misplace Blueprint's fixed layers, so
 * take the viewport once its fade-in is over.
 */
export async function viewportShot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.bp6-overlay-enter, .bp6-overlay-enter-active, .bp6-overlay-appear-active'),
  );
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
