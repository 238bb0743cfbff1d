import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import { pickUser, toastText } from './calendar.test-kit';
import { useStaffSuite } from './staff-suite.test-kit';

/** Routes, guard, titles, navigation, the user dropdown and the global error toasts (spec part 1 §2, §8; part 2 §2). */

const uk = resources.uk.translation;

const suite = useStaffSuite();

const title = (screen: string) => `${uk.app.name} | ${screen}`;

async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('logout').waitFor();
}

describe('forgot password (spec part 2 §9)', () => {
  it('shows the reset-link toast for 20 seconds, as the family web does', async () => {
    const { context, page } = await suite.staffPage();
    try {
      // A controllable clock: the toast's 20 s are checked without waiting them out.
      await page.clock.install();
      await page.goto('/staff/password/forgot');
      await page.getByTestId('forgot-form').waitFor();
      await page.locator('input[name="email"]').fill('student@example.com');
      await page.getByTestId('forgot-form').locator('button[type=submit]').click();
      await page.getByTestId('form-success').waitFor();
      expect(await toastText(page, 'success')).toEqual({ title: '', message: uk.auth.resetLinkSent });
      await screenshot(page, 'desktop-auth-forgot-sent-uk');
      const toast = page.getByTestId('toast-success');
      await page.clock.fastForward(16_000);
      expect(await toast.count()).toBe(1);
      await page.clock.fastForward(4_500);
      await toast.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

describe('guard, titles and navigation', () => {
  it('sends a signed-out user to /login and a signed-in one away from it; a Teacher sees Reports and Profile, and logs out', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await page.goto('/staff/admin/users');
      await page.waitForURL('**/staff/login');
      await page.getByTestId('login-form').waitFor();
      await expect.poll(() => page.title()).toBe(title(uk.titles.login));

      // A wrong password: the server's words, dropped on a language switch instead of staying Ukrainian in Russian.
      await page.locator('input[name="email"]').fill('teacher@example.com');
      await page.locator('input[name="password"]').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      expect(await page.getByTestId('email-error').textContent()).toBe(uk.errors.credentials);
      await page.getByTestId('language-ru').click();
      await page.getByTestId('email-error').waitFor({ state: 'detached' });
      await page.getByTestId('language-uk').click();

      // The console stays clean: no Blueprint warning about the classic Popover under React 19.
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await signIn(page, 'teacher@example.com');
      // Only their own calendar to pick, and still not picked for them (spec part 1 §2): the hint first.
      await page.getByTestId('select-user-hint').getByText(uk.calendar.selectUser).waitFor();
      expect(await page.getByTestId('user-picker').inputValue()).toBe('');
      expect(await page.getByTestId('calendar-board').count()).toBe(0);
      await pickUser(page, suite.teacherId);
      expect(await page.getByTestId('admin-links').locator('a').allInnerTexts()).toEqual([
        uk.titles.studyReports,
      ]);
      await page.getByTestId('nav-study_reports').click();
      await page.waitForURL('**/staff/admin/study_reports');
      await page.waitForFunction((expected) => document.title === expected, title(uk.titles.studyReports));

      // An auth-only route while signed in leads home.
      await page.goto('/staff/login');
      await page.waitForURL((url) => url.pathname === '/staff/');
      await page.getByTestId('home-calendar').waitFor();

      await openUserMenu(page);
      const menu = page.getByTestId('user-menu');
      expect(await menu.getByText(uk.titles.profile, { exact: true }).count()).toBe(1);
      expect(await menu.getByText(uk.titles.settings, { exact: true }).count()).toBe(1);
      await menu.getByText(uk.titles.profile, { exact: true }).click();
      await page.waitForURL('**/staff/profile');
      // The menu closes after a choice.
      await page.getByTestId('user-menu').waitFor({ state: 'detached' });
      expect(warnings.filter((text) => text.includes('[Blueprint]'))).toEqual([]);
      await page.waitForFunction((expected) => document.title === expected, title(uk.titles.profile));

      await page.getByTestId('brand').click();
      await page.waitForURL((url) => url.pathname === '/staff/');
      await openUserMenu(page);
      const logout = page.waitForRequest((r) => new URL(r.url()).pathname === '/logout');
      await page.getByTestId('logout').click();
      expect((await logout).method()).toBe('POST');
      await page.waitForURL('**/staff/login');
      // The server session is gone too: the guard keeps the calendar closed.
      await page.goto('/staff/');
      await page.waitForURL('**/staff/login');
    } finally {
      await context.close();
    }
  });

  it('gives an Administrator every admin page with its title, a wide navbar and no Profile link', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      expect(await page.locator('.app-navbar--wide').count()).toBe(1);
      const expected = [
        ['users', uk.titles.users],
        ['contracts', uk.titles.contracts],
        ['subscriptions', uk.titles.subscriptions],
        ['invoices', uk.titles.invoices],
        ['payments', uk.titles.payments],
        ['studies', uk.titles.studies],
        ['schedules', uk.titles.schedules],
        ['teachers', uk.titles.teachers],
        ['analytics', uk.titles.analytics],
        ['study_reports', uk.titles.studyReports],
        ['imports', uk.titles.imports],
      ];
      expect(await page.getByTestId('admin-links').locator('a').allInnerTexts()).toEqual(
        expected.map(([, text]) => text),
      );
      for (const [slug, text] of expected) {
        await page.getByTestId(`nav-${slug}`).click();
        await page.waitForURL(`**/staff/admin/${slug}`);
        await page.waitForFunction((want) => document.title === want, title(text));
      }
      await openUserMenu(page);
      expect(await page.getByTestId('user-menu').getByText(uk.titles.profile, { exact: true }).count()).toBe(
        0,
      );
      expect(await page.getByTestId('user-firstname').innerText()).toBe('Олена');
    } finally {
      await context.close();
    }
  });
});

describe('global error toasts (spec part 1 §8)', () => {
  it('lists field errors one per line, translates a known code, at the top centre, for 15 seconds', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await page.clock.install();
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);

      let answer: { status: number; body: unknown } = {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { start: ['Перша проблема'], end: ['Друга проблема'] },
        },
      };
      await page.route(
        (url) => url.pathname === '/api/studies',
        (route) =>
          route.fulfill({
            status: answer.status,
            contentType: 'application/json',
            body: JSON.stringify(answer.body),
          }),
      );
      await page.getByTestId('calendar-refresh').click();
      expect(await toastText(page, 'danger')).toEqual({
        title: uk.errorUnknown.toastTitle,
        // innerText keeps only the line breaks that are drawn.
        message: 'Перша проблема\nДруга проблема',
      });
      // The whole toast (with its close button), centred over the page (a scrollbar may take a few pixels).
      const box = (await page
        .locator('.bp6-toast', { has: page.getByTestId('toast-danger') })
        .last()
        .boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - VIEWPORTS.desktop.width / 2)).toBeLessThan(10);
      expect(box.y).toBeLessThan(80);
      await screenshot(page, 'desktop-shell-field-errors-uk');

      await page.clock.fastForward(11_000);
      expect(await page.getByTestId('toast-danger').count()).toBe(1);
      await page.clock.fastForward(5_000);
      await page.getByTestId('toast-danger').waitFor({ state: 'detached' });

      answer = {
        status: 403,
        body: {
          message: 'Forbidden field',
          code: 'scheduling.update.field_forbidden',
          params: { field: 'start' },
        },
      };
      await page.getByTestId('calendar-refresh').click();
      expect((await toastText(page, 'danger')).message).toBe(
        uk.scheduling.update.field_forbidden.replace('{{field}}', 'start'),
      );
      await page.clock.fastForward(16_000);
      await page.getByTestId('toast-danger').waitFor({ state: 'detached' });

      // A code without a translation shows the server's message.
      answer = { status: 409, body: { message: 'Something the client does not know', code: 'no.such.code' } };
      await page.getByTestId('calendar-refresh').click();
      expect((await toastText(page, 'danger')).message).toBe('Something the client does not know');
    } finally {
      await context.close();
    }
  });
});
