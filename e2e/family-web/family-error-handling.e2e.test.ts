import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer } from '@school/server/test/harness.test-kit';
import { startAnswerProxy, type AnswerProxy } from '../support/answer-proxy.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { waitForCalendar } from './family.test-kit';

/**
 * Global error handling in the family web (spec part 1 §8): "A window-level error and a framework
 * error show the unknown-error toast". The framework error comes from a real render failure: the
 * studies call answers a body the calendar cannot draw (a proxy in front of the server serves it).
 */

const texts = { uk: resources.uk.translation, ru: resources.ru.translation };

let server: Awaited<ReturnType<typeof startTestServer>>;
let proxy: AnswerProxy;
let browser: Browser;
let studentId: number;

beforeAll(async () => {
  assertBundlesBuilt();
  server = await startTestServer({ seed: true, realtime: true });
  proxy = await startAnswerProxy(server.url);
  browser = await launchBrowser();
  studentId = await userIdOf(server.knex, 'student@example.com');
});

afterAll(async () => {
  await closeBrowser(browser);
  await proxy?.close();
  await server?.close();
});

async function unknownErrorToast(page: Page): Promise<{ title: string; message: string }> {
  const toast = page.getByTestId('toast').last();
  await toast.waitFor();
  return {
    title: await toast.locator('.toast__title').innerText(),
    message: await toast.locator('.toast__message').innerText(),
  };
}

/** The proxy answers the calendar's studies call (and only it) with `body`. */
const calendarStudiesAnswer =
  (body: unknown): AnswerProxy['override'] =>
  ({ method, url }) =>
    method === 'GET' && url.pathname === '/api/studies' && url.searchParams.has('withFilter[users.id]')
      ? { status: 200, body: JSON.stringify(body) }
      : null;

describe('family web: errors nobody handles (spec part 1 §8)', () => {
  it('a page that fails to render shows the unknown-error toast; the shell and the other pages keep working (uk)', async () => {
    const { context, page } = await newPage(browser, { baseURL: proxy.url, viewport: VIEWPORTS.phone });
    try {
      await signIn(page, 'student@example.com', 'uk', 'family');
      await waitForCalendar(page, studentId);
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-page').waitFor();

      // From now on the calendar's studies call answers a list whose row is no study (no start): the
      // call succeeds and drawing it fails. (An answer that is not a list at all fails in the call,
      // and the calendar shows its own "could not load" line instead.)
      proxy.override = calendarStudiesAnswer({ data: [{ unexpected: 'shape' }], meta: {} });
      await page.getByTestId('nav-calendar').click();
      expect(await unknownErrorToast(page)).toEqual({
        title: texts.uk.errorUnknown.toastTitle,
        message: texts.uk.errorUnknown.toastMessage,
      });
      expect(await page.getByTestId('home-calendar').count()).toBe(0);
      expect(await page.getByTestId('user-full-name').isVisible()).toBe(true);
      await screenshot(page, 'family-error-boundary-uk-360');

      // The navigation works: another page draws, and the calendar draws again once the answers are right.
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-page').waitFor();
      proxy.override = null;
      await page.getByTestId('nav-calendar').click();
      await waitForCalendar(page, studentId);
      expect(await page.locator('[data-testid=study-event]').count()).toBeGreaterThan(0);

      // An answer that is not a list at all fails in the call: the calendar says it could not load,
      // and raises no toast of its own (the boundary's, from above, is closed first).
      for (const close of await page.locator('.toast__close').all()) await close.click();
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-page').waitFor();
      proxy.override = calendarStudiesAnswer({ data: { unexpected: 'shape' }, meta: {} });
      await page.getByTestId('nav-calendar').click();
      await page.getByTestId('calendar-error').waitFor();
      expect(await page.getByTestId('calendar-error').innerText()).toContain(
        texts.uk.family.calendar.loadFailed,
      );
      expect(await page.getByTestId('user-full-name').isVisible()).toBe(true);
      expect(await page.getByTestId('toast').count()).toBe(0);
      await screenshot(page, 'family-calendar-load-failed-uk-360');
    } finally {
      proxy.override = null;
      await context.close();
    }
  });

  it('a window-level error and an unhandled rejection show the unknown-error toast (ru)', async () => {
    const { context, page } = await newPage(browser, {
      baseURL: proxy.url,
      viewport: VIEWPORTS.desktop,
      locale: 'ru-RU',
    });
    try {
      await signIn(page, 'student@example.com', 'ru', 'family');
      await waitForCalendar(page, studentId);
      await page.evaluate(() =>
        setTimeout(() => {
          throw new Error('a bug in some widget');
        }),
      );
      expect(await unknownErrorToast(page)).toEqual({
        title: texts.ru.errorUnknown.toastTitle,
        message: texts.ru.errorUnknown.toastMessage,
      });
      await screenshot(page, 'family-window-error-ru-1280');
      await page.evaluate(() => {
        void Promise.reject(new Error('a forgotten promise'));
      });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=toast]').length >= 2);
      expect(await unknownErrorToast(page)).toEqual({
        title: texts.ru.errorUnknown.toastTitle,
        message: texts.ru.errorUnknown.toastMessage,
      });
      // Still usable, once the toasts over the navigation are closed (they would go after 15 s).
      while ((await page.locator('.toast__close').count()) > 0)
        await page.locator('.toast__close').first().click();
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-page').waitFor();
    } finally {
      await context.close();
    }
  });
});
