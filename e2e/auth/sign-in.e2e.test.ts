import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { PASSWORD } from '../support/demo-school.test-kit';
import { ADMIN_PAGE_IDS } from '@school/desktop/src/common/admin-pages';

const uk = resources.uk.translation;
const ru = resources.ru.translation;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  assertBundlesBuilt();
  server = await startTestServer({ seed: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

/** Fills and sends the sign-in form already on the page (each test opens its own app). */
async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-form').waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

async function currentUserName(email: string) {
  const row = await server.knex('users').where({ email }).first('firstname', 'surname', 'patronymic');
  return row as { firstname: string; surname: string | null; patronymic: string | null };
}

describe('sign-in', () => {
  it('signs a parent in to the family web and shows their name, role and children', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone });
    try {
      await page.goto('/');
      await page.waitForURL('**/login');
      await expect.poll(() => page.title()).toBe(`${uk.app.name} | ${uk.titles.login}`);
      await submitSignIn(page, 'parent@example.com', PASSWORD);
      const fullName = page.getByTestId('user-full-name');
      await fullName.waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      const user = await currentUserName('parent@example.com');
      expect(await fullName.textContent()).toContain(user.firstname);
      expect(await page.getByTestId('user-role').textContent()).toBe(uk.roles[5]);
      expect(await page.getByTestId('child-name').count()).toBeGreaterThan(0);
      await screenshot(page, 'e2e-family-home-360');

      // Signed in: an auth-only route sends back to /.
      await page.goto('/login');
      await page.getByTestId('user-full-name').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      await page.getByTestId('logout').click();
      await page.getByTestId('login-form').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('signs an administrator in to /staff/ and shows the name in the navbar', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.desktop });
    try {
      await page.goto('/staff/');
      await page.waitForURL('**/staff/login');
      await submitSignIn(page, 'admin@example.com', PASSWORD);
      await page.getByTestId('user-dropdown').waitFor();
      expect(new URL(page.url()).pathname).toBe('/staff/');
      const user = await currentUserName('admin@example.com');
      expect(await page.getByTestId('user-firstname').textContent()).toBe(user.firstname);
      expect(await page.getByTestId('user-role').textContent()).toBe(uk.roles[1]);
      expect(await page.getByTestId('admin-links').locator('a').count()).toBe(ADMIN_PAGE_IDS.length);
      await screenshot(page, 'e2e-staff-home-1280');
    } finally {
      await context.close();
    }
  });

  it('shows the wrong-password message in Ukrainian', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    try {
      await page.goto('/login');
      await submitSignIn(page, 'parent@example.com', 'not-the-password');
      const error = page.getByTestId('email-error');
      await error.waitFor();
      expect(await error.textContent()).toBe(uk.errors.credentials);
      expect(await page.locator('html').getAttribute('lang')).toBe('uk');
      await screenshot(page, 'e2e-family-wrong-password');
    } finally {
      await context.close();
    }
  });

  it('switches the interface to Russian and keeps the choice', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    try {
      await page.goto('/staff/login');
      await page.getByTestId('login-form').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe(uk.titles.login);
      await page.getByTestId('language-ru').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await page.getByTestId('page-title').textContent()).toBe(ru.titles.login);
      expect(await page.getByTestId('login-submit').textContent()).toBe(ru.auth.login.submit);
      await expect.poll(() => page.title()).toBe(`${ru.app.name} | ${ru.titles.login}`);
      expect(await page.evaluate(() => localStorage.getItem('app:language'))).toBe('ru');

      // The choice also sets Accept-Language: the server answers in Russian.
      await submitSignIn(page, 'admin@example.com', 'not-the-password');
      const error = page.getByTestId('email-error');
      await error.waitFor();
      expect(await error.textContent()).toBe(ru.errors.credentials);

      await page.reload();
      await page.getByTestId('login-form').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe(ru.titles.login);
    } finally {
      await context.close();
    }
  });
});
