import type { Knex } from 'knex';
import type { DateTime } from 'luxon';
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

/** A study of the demo school as the browser tests compare it with what a calendar draws. */
export interface DbStudy {
  id: number;
  start: Date;
  end: Date;
  miss_status: number;
  comment: string | null;
  students: number;
  /** The lowest teacher (or substitute) id of the study, null when it has none. */
  teacher_id: number | null;
}

/** A user's studies starting in [from, to), with their number of students and a teacher. */
export async function studiesOf(
  knex: Knex,
  userId: number,
  from: DateTime,
  to: DateTime,
): Promise<DbStudy[]> {
  const rows = await knex('studies as s')
    .join('study_user as me', 'me.study_id', 's.id')
    .where('me.user_id', userId)
    .where('s.start', '>=', from.toJSDate())
    .where('s.start', '<', to.toJSDate())
    .select(
      's.id',
      's.start',
      's.end',
      's.miss_status',
      's.comment',
      knex.raw(
        '(select count(*) from study_user x where x.study_id = s.id and x.role_id = 4)::int as students',
      ),
      knex.raw(
        '(select min(x.user_id) from study_user x where x.study_id = s.id and x.role_id in (3, 7)) as teacher_id',
      ),
    )
    .orderBy('s.start');
  return rows as DbStudy[];
}
