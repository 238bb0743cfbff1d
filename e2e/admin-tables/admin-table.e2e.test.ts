import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { DATE_FORMAT } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { toastText } from '../desktop-calendar/calendar.test-kit';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { SCREENSHOT_DIR, VIEWPORTS } from '../support/browser.test-kit';
import { installNativeBridge } from '../desktop-calendar/native-bridge.test-kit';
import { signIn, userIdOf, ZONE } from '../support/demo-school.test-kit';

/**
 * The generic admin table and the users, studies, teachers and study reports tables (issue 16):
 * URL state, filters, sort, paging with the remembered page size, the form deep link over the
 * table, delete with its confirmation, protected user 1, and what each role sees, in uk and ru.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const suite = useStaffSuite();
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

async function waitForRows(page: Page): Promise<void> {
  await page.getByTestId('admin-table').waitFor();
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid=admin-table]');
    return (
      table !== null &&
      !table.hasAttribute('data-loading') &&
      !document.querySelector('[data-testid=admin-table-loading]')
    );
  });
}

async function openTable(page: Page, url: string): Promise<void> {
  await page.goto(`/staff${url}`);
  await waitForRows(page);
}

const rowIds = (page: Page) =>
  page
    .locator('tr[data-row-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row-id'))));

const search = (page: Page) => new URL(page.url()).searchParams;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('studies table (Administrator, uk)', () => {
  it('filters, sorts, pages, remembers the page size, keeps the view in the URL and under the form', async () => {
    const knex = suite.server.knex;
    const today = DateTime.now().setZone(ZONE).startOf('day');
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await openTable(page, '/admin/studies');
      // Start from / to default to today and students count to 1 (spec part 2 §2).
      expect(await page.getByTestId('filter-start_from').inputValue()).toBe(today.toFormat(DATE_FORMAT));
      expect(await page.getByTestId('filter-students_count').inputValue()).toBe('1');
      const todays = await knex('studies as s')
        .where('s.start', '>=', today.toJSDate())
        .andWhere('s.start', '<', today.plus({ days: 1 }).toJSDate())
        .whereRaw('(select count(*) from study_user su where su.study_id = s.id and su.role_id = 4) = 1')
        .count<{ count: string }[]>('* as count');
      expect(await page.getByTestId('admin-table-total').innerText()).toBe(
        fill(uk.adminTable.total, { count: Number(todays[0].count) }),
      );
      // The price total footer: Administrator only.
      expect(await page.getByTestId('price-total').innerText()).toContain(uk.adminTable.studies.priceTotal);
      // It covers every filtered row (summed by the server), and says so.
      await page.getByTestId('price-total-scope').waitFor();
      expect(await page.getByTestId('price-total-scope').innerText()).toBe(
        fill(uk.staffScreens.totalOfAllRows, { count: Number(todays[0].count) }),
      );

      // All dates: clear both default filters (the URL says so, `start_from=`).
      await page.getByTestId('filter-start_from').fill('');
      await page.getByTestId('filter-start_from').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('start_from') === '');
      await page.getByTestId('filter-start_to').fill('');
      await page.getByTestId('filter-start_to').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('start_to') === '');
      await page.keyboard.press('Escape');
      await waitForRows(page);

      // Typing a name: the input never waits; one request after the pause, older ones cancelled.
      const teacher = await knex('users')
        .where({ email: 'teacher@example.com' })
        .first('id', 'surname', 'full_name');
      const lists: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/studies?')) lists.push(decodeURIComponent(request.url()));
      });
      await page.getByTestId('filter-users').pressSequentially(teacher.surname, { delay: 30 });
      expect(await page.getByTestId('filter-users').inputValue()).toBe(teacher.surname);
      await page.waitForURL((url) => url.searchParams.get('users') === teacher.surname);
      await waitForRows(page);
      expect(lists.length).toBe(1);
      expect(lists[0]).toContain(`withHaving[users.full_name]=%${teacher.surname}%`);
      const theirs = await knex('study_user as su')
        .join('studies as s', 's.id', 'su.study_id')
        .whereRaw(
          'su.study_id in (select su2.study_id from study_user su2 join users u on u.id = su2.user_id where u.full_name ilike ?)',
          [`%${teacher.surname}%`],
        )
        .whereRaw('(select count(*) from study_user su3 where su3.study_id = s.id and su3.role_id = 4) = 1')
        .countDistinct<{ count: string }[]>('s.id as count');
      const total = Number(theirs[0].count);
      expect(await page.getByTestId('admin-table-total').innerText()).toBe(
        fill(uk.adminTable.total, { count: total }),
      );

      // Sort by start: ascending, descending, off (the server's default order).
      await page.getByTestId('sort-start').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'start');
      await waitForRows(page);
      const ascending = await rowIds(page);
      const firstStarts = await knex('studies').whereIn('id', ascending).orderBy('start').select('id');
      expect(ascending).toEqual(firstStarts.map((r) => r.id));
      await page.getByTestId('sort-start').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === '-start');
      await page.getByTestId('sort-start').click();
      await page.waitForURL((url) => !url.searchParams.has('sort'));
      expect(await page.getByTestId('header-start').getAttribute('aria-sort')).toBeNull();

      // Paging: 5 rows a page by default, then 15, remembered for this table.
      await waitForRows(page);
      expect(await rowIds(page)).toHaveLength(Math.min(5, total));
      await page.getByTestId('page-next').click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await waitForRows(page);
      expect(await page.getByTestId('page-current').innerText()).toBe(
        fill(uk.adminTable.page, { page: 2, pages: Math.ceil(total / 5) }),
      );
      await page.getByTestId('per-page').selectOption('15');
      await page.waitForURL(
        (url) => url.searchParams.get('perpage') === '15' && !url.searchParams.has('page'),
      );
      await waitForRows(page);
      const view = await rowIds(page);
      expect(view).toHaveLength(Math.min(15, total));

      // A reload restores the same view from the URL.
      const url = page.url();
      await page.reload();
      await waitForRows(page);
      expect(page.url()).toBe(url);
      expect(await page.getByTestId('filter-users').inputValue()).toBe(teacher.surname);
      expect(await rowIds(page)).toEqual(view);

      // The pencil opens the study form over the same view; closing returns to it.
      const editing = view[1];
      await page.getByTestId(`row-${editing}`).focus();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/staff/admin/studies?edit=${editing}`);
      await page.getByTestId('study-form').waitFor();
      expect(await rowIds(page)).toEqual(view);
      await viewportShot(page, 'admin-studies-edit-uk');
      await page.getByTestId('study-form-cancel').click();
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      expect(page.url()).toBe(url);
      expect(await rowIds(page)).toEqual(view);

      // The page size is remembered for the table (a link without perpage).
      await openTable(page, '/admin/studies');
      expect(await page.getByTestId('per-page').inputValue()).toBe('15');
      await shot(page, 'admin-studies-uk');

      // A deep link opens the form over the table and closes onto the studies page.
      await openTable(page, `/admin/studies?edit=${editing}`);
      await page.getByTestId('study-form').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/staff/admin/studies');
      expect(search(page).has('edit')).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('delete, protected ids and roles', () => {
  it('Administrator: user 1 has a disabled trash; a refused delete says why; a report is deleted after "Are you sure?"', async () => {
    const knex = suite.server.knex;
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await openTable(page, '/admin/users?id=1');
      expect(await rowIds(page)).toEqual([1]);
      expect(await page.getByTestId('preset-filter-id').count()).toBe(0);
      expect(await page.getByTestId('filter-id').inputValue()).toBe('1');
      // User 1 is protected: the trash shows, disabled, and says why (part 1 §2 "deletion is disabled").
      expect(await page.getByTestId('delete-1').isDisabled()).toBe(true);
      expect(await page.getByTestId('delete-1').getAttribute('title')).toBe(uk.staffScreens.deleteProtected);
      // Bots of user 1 are buttons for the Administrator (issue 29 point 1).
      expect(await page.getByTestId('bots-1-telegram').evaluate((node) => node.tagName)).toBe('BUTTON');
      await shot(page, 'admin-users-protected-bots-uk');

      // A teacher took part in studies: the server refuses (409) and the toast says so.
      const teacherId = suite.teacherId;
      await openTable(page, `/admin/users?id=${teacherId}`);
      await page.getByTestId(`delete-${teacherId}`).click();
      expect(await page.getByTestId('delete-question').innerText()).toBe(uk.common.areYouSure);
      const refused = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/users/${teacherId}`),
      );
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: uk.common.delete, exact: true })
        .click();
      expect((await refused).status()).toBe(409);
      expect((await toastText(page, 'danger')).message).toBe(uk.resources.delete_restricted_by.users);
      expect(await knex('users').where({ id: teacherId }).first('id')).toBeDefined();

      // Row details open with the keyboard for a student with a parent.
      const child = await knex('user_responsibles as r')
        .join('users as u', 'u.id', 'r.child_id')
        .first('u.id', 'r.responsible_id');
      await openTable(page, `/admin/users?id=${child.id}`);
      await page.getByTestId(`row-${child.id}`).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByTestId(`details-${child.id}`).waitFor();
      expect(await page.getByTestId('user-responsibles').innerText()).toContain(
        (await knex('users').where({ id: child.responsible_id }).first('full_name')).full_name,
      );
      await page
        .getByTestId('date-changes')
        .or(page.getByText(uk.adminTable.users.details.dateChangesEmpty))
        .first()
        .waitFor();
      await shot(page, 'admin-users-details-uk');

      // A study report: trash, "Are you sure?", Cancel keeps it, Delete removes it.
      const report = await knex('study_reports').orderBy('id', 'desc').first('id', 'study_id', 'user_id');
      await openTable(page, `/admin/study_reports?id=${report.id}`);
      await page.getByTestId(`delete-${report.id}`).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: uk.common.cancel, exact: true })
        .click();
      expect(await rowIds(page)).toEqual([report.id]);
      await page.getByTestId(`delete-${report.id}`).click();
      const removed = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/study_reports/${report.id}`),
      );
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: uk.common.delete, exact: true })
        .click();
      expect((await removed).status()).toBe(204);
      expect((await toastText(page, 'success')).message).toBe(uk.adminTable.deleted);
      await page.getByTestId('admin-table-empty').waitFor();
      expect(await knex('study_reports').where({ id: report.id }).first('id')).toBeUndefined();

      // Add leads somewhere (issue 29 point 4): pick the study (a student's name and the date),
      // then its student; the spec's rules first (study_id required; user required).
      await page.getByTestId('admin-table-add').click();
      await page.getByTestId('report-target-picker').waitFor();
      await page.getByTestId('report-target-next').click();
      expect(await page.getByTestId('report-target-study-error').innerText()).toBe(
        fill(uk.validations.required, { attribute: uk.attributes.study_id }),
      );
      expect(await page.getByTestId('report-target-user-error').innerText()).toBe(
        fill(uk.validations.required, { attribute: uk.attributes.user_id }),
      );
      const studied = await knex('studies as s')
        .join('users as u', 'u.id', knex.raw('?', [report.user_id]))
        .where('s.id', report.study_id)
        .first('s.start', 'u.surname');
      const day = DateTime.fromJSDate(studied.start).setZone(ZONE).toFormat(DATE_FORMAT);
      await page
        .getByTestId('report-target-study-search')
        .fill(`${String(studied.surname).slice(0, 4)} ${day}`);
      await page.getByTestId(`report-target-study-option-${report.study_id}`).click();
      await page.getByTestId('report-target-user').selectOption(String(report.user_id));
      await shot(page, 'admin-study_reports-add-picker-uk');
      await page.getByTestId('report-target-next').click();
      await page.getByTestId('report-form').waitFor();
      expect(await page.getByTestId('report-form').getAttribute('data-mode')).toBe('create');
      expect(new URL(page.url()).searchParams.get('study_id')).toBe(String(report.study_id));
    } finally {
      await context.close();
    }
  });

  it('bot buttons for another user (ru): T copies that user’s Telegram link with the 15 s toast; a connected V is green and disabled', async () => {
    const knex = suite.server.knex;
    const student = await knex('users').where({ role_id: 4, active: true }).orderBy('id').first('id');
    await knex('users').where({ id: student.id }).update({ telegram_id: null, viber_id: 'e2e-viber-chat' });
    const { context, page } = await suite.staffPage('ru');
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
      await signIn(page, 'manager@example.com', 'ru');
      await openTable(page, `/admin/users?id=${student.id}`);
      const viber = page.getByTestId(`bots-${student.id}-viber`);
      expect(await viber.isDisabled()).toBe(true);
      expect(await viber.getAttribute('class')).toContain('intent-success');
      const issued = page.waitForResponse((r) =>
        r.url().endsWith(`/api/users/${student.id}/generate_messenger_token`),
      );
      await page.getByTestId(`bots-${student.id}-telegram`).click();
      expect((await issued).status()).toBe(200);
      await page
        .getByTestId('toast-success')
        .getByText(ru.bots.toasts.linkCopied.replace('{{type}}', 'Telegram'))
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        /^https:\/\/t\.me\/[A-Za-z0-9_]+\?start=[0-9a-f-]{36}$/,
      );
      await shot(page, 'admin-users-bots-ru');
    } finally {
      await context.close();
    }
  });

  it('Manager sees no price total; a Teacher edits only own reports and deletes none (ru)', async () => {
    const knex = suite.server.knex;
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'manager@example.com', 'ru');
      await openTable(page, '/admin/studies?start_from=&start_to=');
      expect(await page.getByTestId('price-total').count()).toBe(0);
      expect(await page.locator('[data-testid^=score-]').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('admin-table-add').innerText()).toBe(ru.common.add);
      await shot(page, 'admin-studies-manager-ru');

      // The evaluation button: a modal titled after the study, busy first, then the report.
      const [first] = await rowIds(page);
      await page.getByTestId(`score-${first}`).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.locator('.bp6-dialog-header').innerText()).toBe(
        fill(ru.adminTable.studies.evaluationTitle, { studyId: first }),
      );
      await dialog.getByTestId('evaluation').waitFor();
      expect(await dialog.getByTestId('evaluation-users').locator('li').count()).toBeGreaterThanOrEqual(2);
      await viewportShot(page, 'admin-studies-evaluation-ru');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Duplicate: the add form prefilled from the row.
      const participants = await knex('study_user').where({ study_id: first }).pluck('user_id');
      await page.getByTestId(`duplicate-${first}`).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.has('create') && url.searchParams.getAll('users[]').length === participants.length,
      );
      await page.getByTestId('study-form').waitFor();
      expect(await page.getByTestId('study-form').getAttribute('data-mode')).toBe('create');
      for (const id of participants) await page.getByTestId(`study-form-participant-${id}`).waitFor();
      await page.getByTestId('study-form-cancel').click();
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      expect(search(page).get('start_from')).toBe('');
    } finally {
      await context.close();
    }
    const teacher = await browserAs('teacher@example.com', 'ru');
    try {
      const page = teacher.page;
      await openTable(page, '/admin/study_reports');
      const shown = await rowIds(page);
      expect(shown.length).toBeGreaterThan(0);
      const rows = await knex('study_reports').whereIn('id', shown).select('id', 'created_by');
      const me = await userIdOf(knex, 'teacher@example.com');
      for (const row of rows) {
        expect(await page.getByTestId(`edit-${row.id}`).count()).toBe(row.created_by === me ? 1 : 0);
        expect(await page.getByTestId(`delete-${row.id}`).count()).toBe(0);
      }
      expect(await page.locator('[data-testid^=user-link-]').count()).toBe(0);
      expect(await page.getByTestId('admin-table-total').innerText()).toContain(
        ru.adminTable.total.split('{{')[0].trim(),
      );
      await shot(page, 'admin-study_reports-teacher-ru');

      // Add (issue 29 point 4): the Teacher's own studies, found by the date.
      const own = await knex('studies as s')
        .join('study_user as su', 'su.study_id', 's.id')
        .where({ 'su.user_id': me })
        .where('s.start', '<', new Date())
        .orderBy('s.start', 'desc')
        .first('s.id', 's.start');
      await page.getByTestId('admin-table-add').click();
      await page.getByTestId('report-target-picker').waitFor();
      await page
        .getByTestId('report-target-study-search')
        .fill(DateTime.fromJSDate(own.start).setZone(ZONE).toFormat(DATE_FORMAT));
      await page.getByTestId(`report-target-study-option-${own.id}`).click();
      await page.getByTestId('report-target-study-picked').waitFor();
      await shot(page, 'admin-study_reports-add-picker-ru');
      await page.getByTestId('report-target-cancel').click();
      await page.getByTestId('report-target-picker').waitFor({ state: 'detached' });
    } finally {
      await teacher.context.close();
    }
  });
});

async function browserAs(email: string, language: 'uk' | 'ru') {
  const { context, page } = await suite.staffPage(language);
  await signIn(page, email, language);
  return { context, page };
}

describe('every table in Russian and Ukrainian', () => {
  it('teachers listing is read-only with priority 1, 2, 3 by default; each table drawn in both languages', async () => {
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'admin@example.com', 'ru');
      await openTable(page, '/admin/teachers');
      expect(await page.getByTestId('admin-table-add').count()).toBe(0);
      expect(await page.locator('[data-testid^=edit-], [data-testid^=delete-]').count()).toBe(0);
      for (const priority of ['1', '2', '3'])
        expect(await page.getByTestId(`filter-priority-${priority}`).isChecked()).toBe(true);
      expect(await page.getByTestId('filter-priority-99').isChecked()).toBe(false);
      expect(await page.getByTestId('week-mini').count()).toBe(await page.locator('tr[data-row-id]').count());
      const priorities = await page.locator('td[data-column=priority]').allInnerTexts();
      expect(priorities.every((p) => ['1', '2', '3'].includes(p))).toBe(true);
      await page.getByTestId('filter-priority-1').uncheck({ force: true });
      await page.waitForURL((url) => url.searchParams.get('priority') === '2|3');
      await waitForRows(page);
      expect(
        (await page.locator('td[data-column=priority]').allInnerTexts()).every((p) => ['2', '3'].includes(p)),
      ).toBe(true);
      expect(await page.getByTestId('header-priority').innerText()).toContain(
        ru.adminTable.teachers.columns.priority,
      );

      for (const language of ['ru', 'uk'] as const) {
        if (language === 'uk') await page.getByTestId('language-uk').click();
        for (const table of ['users', 'studies', 'teachers', 'study_reports']) {
          await openTable(page, `/admin/${table}`);
          const texts = language === 'ru' ? ru : uk;
          expect(await page.getByTestId('admin-table-total').innerText()).toContain(
            texts.adminTable.total.split('{{')[0].trim(),
          );
          await shot(page, `admin-${table}-${language}`);
        }
      }
    } finally {
      await context.close();
    }
  });
});

describe('export (issue 31)', () => {
  it('saves the filtered, sorted table as CSV and xlsx through the native Save dialog (uk), headings in the app language', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'admin-export-e2e-'));
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: VIEWPORTS.desktop,
      locale: 'uk-UA',
    });
    try {
      const harness = await installNativeBridge(context, {
        appUrl: `${suite.server.url}/staff/`,
        trustedOrigin: suite.server.url,
      });
      const page = await context.newPage();
      await signIn(page, 'admin@example.com');
      await openTable(page, '/admin/users?role_id=3&sort=-full_name');
      const shown = await rowIds(page);
      await page.getByTestId('admin-table-export').click();
      await page.getByTestId('admin-table-export-menu').waitFor();
      await shot(page, 'admin-table-export-menu-uk');
      harness.dialogs.save = path.join(dir, 'teachers.csv');
      await page.getByTestId('admin-table-export-csv').click();
      await page.getByTestId('toast-success').filter({ hasText: 'teachers.csv' }).first().waitFor();
      const today = DateTime.now().setZone(ZONE).toISODate();
      expect(harness.saveRequests.at(-1)).toBe(`users-${today}.csv`);
      const lines = (await readFile(path.join(dir, 'teachers.csv'), 'utf8')).split('\r\n');
      expect(lines[0]!.startsWith('\uFEFFID;')).toBe(true);
      expect(lines[0]).toContain(uk.adminTable.users.columns.name);
      // Every teacher (all pages), in the table's order.
      const teachers = await suite.server
        .knex('users')
        .where('role_id', 3)
        .orderBy([
          { column: 'full_name', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .pluck('id');
      expect(lines.slice(1, -1).map((line) => Number(line.split(';')[0]))).toEqual(teachers);
      expect(teachers.slice(0, shown.length)).toEqual(shown);

      harness.dialogs.save = path.join(dir, 'teachers.xlsx');
      await page.getByTestId('admin-table-export').click();
      await page.getByTestId('admin-table-export-xlsx').click();
      await page.getByTestId('toast-success').filter({ hasText: 'teachers.xlsx' }).first().waitFor();
      const zip = await readFile(path.join(dir, 'teachers.xlsx'));
      expect(zip.subarray(0, 2).toString()).toBe('PK');

      // In Russian: the menu, and the file's headings follow the app's language.
      await page.getByTestId('language-ru').click();
      await page.getByTestId('admin-table-export').filter({ hasText: ru.adminTable.export.button }).waitFor();
      await page.getByTestId('admin-table-export').click();
      await page.getByTestId('admin-table-export-menu').waitFor();
      await shot(page, 'admin-table-export-menu-ru');
      harness.dialogs.save = path.join(dir, 'teachers-ru.csv');
      await page.getByTestId('admin-table-export-csv').click();
      await page.getByTestId('toast-success').filter({ hasText: 'teachers-ru.csv' }).first().waitFor();
      const ruHeader = (await readFile(path.join(dir, 'teachers-ru.csv'), 'utf8')).split('\r\n')[0]!;
      expect(ruHeader).toContain(ru.adminTable.users.columns.name);
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
