import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { TIME_ZONE } from '@school/shared/domain';
import { DEMO_PASSWORD } from '@school/server/test/harness.test-kit';

/** The demo school as every browser test meets it: its password, its time zone, signing in, user ids. */

/** The password of every demo account. */
export const PASSWORD = DEMO_PASSWORD;
/** The school's time zone, in which both calendars show studies. */
export const ZONE = TIME_ZONE;
export type Language = 'uk' | 'ru';
export type App = 'staff' | 'family';

const SIGN_IN_PAGE: Record<App, string> = { staff: '/staff/login', family: '/login' };

/**
 * Signs in through the app's sign-in form and waits for its home calendar. The language is preset
 * as a returning visitor would have it stored.
 */
export async function signIn(
  page: Page,
  email: string,
  language: Language = 'uk',
  app: App = 'staff',
): Promise<void> {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('app:language')) localStorage.setItem('app:language', lang);
  }, language);
  await page.goto(SIGN_IN_PAGE[app]);
  await page.getByTestId('login-form').waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-calendar').waitFor();
}

export async function userIdOf(knex: Knex, email: string): Promise<number> {
  const row = await knex('users').where({ email }).first('id');
  return Number(row.id);
}
