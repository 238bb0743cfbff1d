import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nFor, resources } from '@school/shared/i18n';
import { fieldErrors, forgotPasswordSchema, parseBody, resetPasswordSchema } from '@school/shared/validation';
import { startTestServer } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { expectPasswordChangedThenRestore } from '../support/passwords.test-kit';
import { type Language, PASSWORD, signIn } from '../support/demo-school.test-kit';

/**
 * The family web's sign-in routes and their guard (issue 6 point 1, spec part 2 §2 "Login and
 * password forms"): /password/forgot mails a link, /password/reset/:token takes the email from the
 * query and signs in; signed-in pages send strangers to /login and auth pages send members to /.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  assertBundlesBuilt();
  // Each width asks for the student's link twice: more than the default per-email limit.
  server = await startTestServer({ seed: true, env: { PASSWORD_RESET_MAX_PER_EMAIL: '10' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

/** Path and query of the last reset link mailed to `email` (the server's outbox), newer than mail `afterId`. */
async function lastResetLink(email: string, afterId = 0): Promise<string | null> {
  const row = await server
    .knex('mail_outbox')
    .where({ to: email })
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .first('text');
  const match =
    row && /https?:\/\/[^/\s]+(\/password\/reset\/[A-Za-z0-9_-]+\?email=\S+)/.exec(row.text as string);
  return match ? match[1] : null;
}

const lastMailId = async () => Number((await server.knex('mail_outbox').max('id as id').first())?.id ?? 0);

/** Asks for a link and waits for it: the mail is written by a job after the answer. */
async function requestResetLink(email: string, language: Language): Promise<string> {
  const before = await lastMailId();
  expect((await server.client(language).post('/password/email', { email })).status).toBe(200);
  return vi.waitFor(
    async () => (await lastResetLink(email, before)) ?? Promise.reject(new Error('no mail yet')),
    { timeout: 5000, interval: 20 },
  );
}

async function presetLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('app:language')) localStorage.setItem('app:language', lang);
  }, language);
}

describe.each([
  ['360', 'uk', VIEWPORTS.phone],
  ['1280', 'ru', VIEWPORTS.desktop],
] as const)('family web sign-in routes at %s px (%s)', (width, language, viewport) => {
  const tr = language === 'uk' ? uk : ru;
  const t = i18nFor(language).t;
  const open = () => newPage(browser, { baseURL: server.url, viewport });

  it('sends a visitor who is not signed in from /settings and / to /login', async () => {
    const { context, page } = await open();
    try {
      await presetLanguage(page, language);
      for (const path of ['/settings', '/', '/no-such-page']) {
        await page.goto(path);
        await page.getByTestId('login-form').waitFor();
        expect(new URL(page.url()).pathname, path).toBe('/login');
      }
      await expect.poll(() => page.title()).toBe(`${tr.app.name} | ${tr.titles.login}`);
      expect(await page.getByTestId('page-title').textContent()).toBe(tr.titles.login);
      await screenshot(page, `family-auth-${width}-login-${language}`);
    } finally {
      await context.close();
    }
  });

  it('asks for a reset link from the login page and says it was sent', async () => {
    const { context, page } = await open();
    try {
      await presetLanguage(page, language);
      // A controllable clock: the toast's 20 s are checked without waiting them out.
      await page.clock.install();
      await page.goto('/login');
      await page.getByTestId('forgot-link').click();
      await page.getByTestId('forgot-form').waitFor();
      expect(new URL(page.url()).pathname).toBe('/password/forgot');
      await expect.poll(() => page.title()).toBe(`${tr.app.name} | ${tr.titles.forgotPassword}`);

      // The server's words for a malformed email, the shared rule's message.
      await page.locator('input[name=email]').fill('not-an-email');
      await page.getByTestId('forgot-submit').click();
      const local = parseBody(forgotPasswordSchema, { email: 'not-an-email' });
      expect(local.success).toBe(false);
      const expected = fieldErrors(local.success ? [] : local.issues, t);
      await page.getByTestId('email-error').waitFor();
      expect(await page.getByTestId('email-error').textContent()).toBe(expected.email[0]);
      // The server's words are in the request's language: a switch drops them rather than mix two languages.
      const other = language === 'uk' ? 'ru' : 'uk';
      await page.getByTestId(`language-${other}`).click();
      await page.getByTestId('email-error').waitFor({ state: 'detached' });
      await page.getByTestId(`language-${language}`).click();

      const mailsBefore = await lastMailId();
      await page.locator('input[name=email]').fill('student@example.com');
      await page.getByTestId('forgot-submit').click();
      await page.getByTestId('form-success').waitFor();
      expect(await page.getByTestId('form-success').textContent()).toBe(tr.auth.resetLinkSent);
      await screenshot(page, `family-auth-${width}-forgot-sent-${language}`);
      // Spec part 2 §9: the reset-link toast stays 20 s.
      const toast = page.getByTestId('toast');
      expect(await toast.textContent()).toContain(tr.auth.resetLinkSent);
      await page.clock.fastForward(16_000);
      expect(await toast.count()).toBe(1);
      await page.clock.fastForward(4_500);
      await toast.waitFor({ state: 'detached' });
      await vi.waitFor(
        async () => expect(await lastResetLink('student@example.com', mailsBefore)).not.toBeNull(),
        { timeout: 5000, interval: 20 },
      );
      // The note follows a language switch (once the toast, which may cover the switch on a phone, is gone).
      await page.getByTestId(`language-${other}`).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, other);
      expect(await page.getByTestId('form-success').textContent()).toBe(
        resources[other].translation.auth.resetLinkSent,
      );
      await page.getByTestId(`language-${language}`).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      expect(await page.getByTestId('form-success').textContent()).toBe(tr.auth.resetLinkSent);

      await page.getByTestId('login-link').click();
      await page.getByTestId('login-form').waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens the mailed link with the email filled in, checks the rules and signs in with the new password', async () => {
    const email = 'parent@example.com';
    const newPassword = `fresh-${width}-secret`;
    const link = await requestResetLink(email, language);
    const { context, page } = await open();
    try {
      await presetLanguage(page, language);
      await page.goto(link!);
      await page.getByTestId('reset-form').waitFor();
      await expect.poll(() => page.title()).toBe(`${tr.app.name} | ${tr.titles.resetPassword}`);
      expect(await page.locator('input[name=email]').inputValue()).toBe(email);

      // A confirmation that differs: the shared rule's message, from the server.
      await page.locator('input[name=password]').fill(newPassword);
      await page.locator('input[name=password_confirmation]').fill(`${newPassword}x`);
      await page.getByTestId('reset-submit').click();
      const local = parseBody(resetPasswordSchema, {
        token: 'x',
        email,
        password: newPassword,
        password_confirmation: `${newPassword}x`,
      });
      expect(local.success).toBe(false);
      const expected = fieldErrors(local.success ? [] : local.issues, t);
      const field = Object.keys(expected).find((k) => k === 'password' || k === 'password_confirmation')!;
      await page.getByTestId(`${field}-error`).waitFor();
      expect(await page.getByTestId(`${field}-error`).textContent()).toBe(expected[field][0]);
      await screenshot(page, `family-auth-${width}-reset-error-${language}`);

      await page.locator('input[name=password_confirmation]').fill(newPassword);
      await page.getByTestId('reset-submit').click();
      await page.getByTestId('home-calendar').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      // Signed in: the auth pages send back home.
      for (const path of ['/login', '/password/forgot', link!]) {
        await page.goto(path);
        await page.getByTestId('home-calendar').waitFor();
        expect(new URL(page.url()).pathname, path).toBe('/');
      }

      // The new password is the one that works now; the demo password is put back for the others.
      await expectPasswordChangedThenRestore(server, email, PASSWORD, newPassword);
    } finally {
      await context.close();
    }
  });

  it('refuses a used link with the server’s message', async () => {
    const email = 'student@example.com';
    const link = await requestResetLink(email, language);
    const token = /\/password\/reset\/([^?]+)/.exec(link)![1];
    const used = await server
      .client()
      .post('/password/reset', { token, email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(used.status).toBe(200);
    const { context, page } = await open();
    try {
      await presetLanguage(page, language);
      await page.goto(link);
      await page.getByTestId('reset-form').waitFor();
      await page.locator('input[name=password]').fill('another-secret');
      await page.locator('input[name=password_confirmation]').fill('another-secret');
      await page.getByTestId('reset-submit').click();
      const refusal = page.locator('[data-testid=form-error], [data-testid=email-error]').first();
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(tr.errors.reset_token_invalid);
      expect(new URL(page.url()).pathname).toMatch(/^\/password\/reset\//);
      // Still the demo password.
      await signIn(page, email, language, 'family');
    } finally {
      await context.close();
    }
  });
});
