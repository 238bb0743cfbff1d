import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { signIn, studiesOf } from '../support/demo-school.test-kit';
import { currentKyivWeek, pickUser, toastText, waitForCalendar } from './calendar.test-kit';
import { useStaffSuite, viewportShot } from './staff-suite.test-kit';
import { ADMIN_PAGE_IDS } from '@school/desktop/src/common/admin-pages';

/** The staff shell around the calendar: role switcher, language, global errors, calendar windows. */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

const suite = useStaffSuite();

describe('user dropdown: role switcher (spec part 2 §2, §4)', () => {
  it('lets an Administrator act as a Teacher and as a Student, then come back', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      await pickUser(page, suite.teacherId);
      expect(await page.getByTestId('admin-links').locator('a').count()).toBe(ADMIN_PAGE_IDS.length);

      await page.getByTestId('user-dropdown').click();
      // The popover opens on the next frame: wait for the menu before counting in it.
      await page.getByTestId('role-switch-3').waitFor();
      expect(await page.getByTestId('user-menu').getByText(uk.nav.switchRole).count()).toBe(1);
      await page.getByTestId('role-switch-3').click();
      await page.getByTestId('role-impersonated').waitFor();
      expect(await page.getByTestId('user-role').innerText()).toBe(uk.roles[3]);
      // The tag stands apart from the first name.
      const name = (await page.getByTestId('user-firstname').boundingBox())!;
      const tag = (await page.getByTestId('role-impersonated').boundingBox())!;
      expect(tag.x - (name.x + name.width)).toBeGreaterThanOrEqual(4);
      // A Teacher's navigation: the reports table only.
      expect(await page.getByTestId('admin-links').locator('a').allInnerTexts()).toEqual([
        uk.titles.studyReports,
      ]);
      await screenshot(page, 'desktop-shell-switched-teacher-uk');

      // As a Student: the reduced calendar, month view, no Refresh/Hide, no hours bar.
      await page.getByTestId('user-dropdown').click();
      await page.getByTestId('role-switch-4').click();
      await page.waitForFunction(
        (name) => document.querySelector('[data-testid=user-role]')?.textContent === name,
        uk.roles[4],
      );
      await page.getByTestId('user-picker').selectOption({ index: 1 });
      await waitForCalendar(page);
      expect(await page.getByTestId('calendar-view-month').getAttribute('class')).toContain('bp6-active');
      expect(await page.getByTestId('calendar-refresh').count()).toBe(0);
      expect(await page.getByTestId('calendar-hide').count()).toBe(0);
      expect(await page.getByTestId('hours-bar').count()).toBe(0);

      await page.getByTestId('user-dropdown').click();
      await page.getByTestId('role-restore').click();
      await page.getByTestId('role-impersonated').waitFor({ state: 'detached' });
      expect(await page.getByTestId('user-role').innerText()).toBe(uk.roles[1]);
      expect(await page.getByTestId('admin-links').locator('a').count()).toBe(ADMIN_PAGE_IDS.length);
    } finally {
      await context.close();
    }
  });

  it('is not offered to a Manager (no `switch role`)', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'manager@example.com');
      await page.getByTestId('user-dropdown').click();
      await page.getByTestId('user-menu').waitFor();
      expect(await page.locator('[data-testid^=role-switch-]').count()).toBe(0);
      expect(await page.getByTestId('user-menu').getByText(uk.nav.switchRole).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('language (spec part 1 §1)', () => {
  it('switches to Russian: page language, title prefix, Accept-Language of every call, kept after a reload', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      // Part 2 §6: a Teacher has `refresh event` only, so Refresh and no Hide.
      await page.getByTestId('calendar-refresh').waitFor();
      expect(await page.getByTestId('calendar-hide').count()).toBe(0);
      const languages = new Set<string>();
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          languages.add(request.headers()['accept-language'] ?? '');
      });
      await page.getByTestId('language-ru').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      await expect.poll(() => page.title()).toBe(`${ru.app.name} | ${ru.titles.home}`);
      languages.clear();
      const studies = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/studies');
      await page.getByTestId('calendar-refresh').click();
      expect((await studies).headers()['accept-language']).toBe('ru');
      expect([...languages]).toEqual(['ru']);
      // The desktop settings (local storage in the browser build) follow, like electron-store does.
      const settings = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('desktop:settings') ?? '{}'),
      );
      expect(settings).toMatchObject({ language: 'ru', lastCalendarUserId: suite.teacherId });

      await page.reload();
      await waitForCalendar(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
      expect(await page.getByTestId('calendar-today').innerText()).toBe(ru.calendarUi.toolbar.today);
      await screenshot(page, 'desktop-shell-teacher-week-ru');
    } finally {
      await context.close();
    }
  });
});

describe('global error handling (spec part 1 §8)', () => {
  it('shows the unknown-error toast for a window-level error', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await page.evaluate(() =>
        setTimeout(() => {
          throw new Error('a bug in some widget');
        }),
      );
      expect(await toastText(page, 'danger')).toEqual({
        title: uk.errorUnknown.toastTitle,
        message: uk.errorUnknown.toastMessage,
      });
      await screenshot(page, 'desktop-shell-unknown-error-uk');
    } finally {
      await context.close();
    }
  });

  it('reloads the page when a call answers Unauthenticated., which then asks to sign in', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      // A real reload fires `load`; the router's own redirect to /login would not. Counting loads
      // (rather than reading a window flag afterwards) holds even if two refused calls both reload.
      let loads = 0;
      page.on('load', () => loads++);
      // The session ends on the server (expired, or signed out elsewhere).
      await suite.server.knex('sessions').del();
      await page.getByTestId('calendar-refresh').click();
      await page.waitForURL('**/staff/login');
      await page.getByTestId('login-form').waitFor();
      expect(loads).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('calendar windows (issue 5, point 1)', () => {
  it('opens a teacher’s calendar in its own window; both windows follow a change made elsewhere', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      await pickUser(page, suite.teacherId);
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('open-calendar-window').click(),
      ]);
      await popup.waitForLoadState();
      const url = new URL(popup.url());
      expect(url.pathname).toBe('/staff/');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        user: String(suite.teacherId),
        window: 'calendar',
      });
      await waitForCalendar(popup);
      expect(await popup.getByTestId('user-picker').inputValue()).toBe(String(suite.teacherId));
      const teacher = await suite.server.knex('users').where({ id: suite.teacherId }).first('full_name');
      await popup.waitForFunction((name) => document.title.endsWith(name), teacher.full_name);
      expect(await popup.title()).toBe(`${uk.app.name} | ${uk.titles.home}: ${teacher.full_name}`);

      // The calendar window's picker is its own: the main window keeps what it remembered.
      const other = await suite.server.knex('users').where({ email: 'teacher.2@example.com' }).first('id');
      await popup.getByTestId('user-picker').selectOption(String(other.id));
      await waitForCalendar(popup);
      expect(await page.evaluate(() => localStorage.getItem('calendar:user'))).toBe(String(suite.teacherId));
      await popup.getByTestId('user-picker').selectOption(String(suite.teacherId));
      await waitForCalendar(popup);

      for (const p of [page, popup]) await p.getByTestId('realtime-live').waitFor({ timeout: 10_000 });
      const week = currentKyivWeek();
      const study = (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).find(
        (s) => !s.comment,
      )!;
      const manager = await suite.server.signInAs('Manager');
      expect(
        (
          await manager.post(`/api/studies/${study.id}`, {
            _method: 'patch',
            comment: 'seen in both windows',
          })
        ).status,
      ).toBe(200);
      for (const p of [page, popup]) {
        await p.waitForFunction(
          (id) =>
            document.querySelector(
              `[data-testid=study-event][data-study-id="${id}"] [data-testid=study-event-comment]`,
            ) !== null,
          String(study.id),
          { timeout: 10_000 },
        );
      }
      await screenshot(popup, 'desktop-calendar-window-uk');
    } finally {
      await context.close();
    }
  });
});

describe('the staff shell on a 360 px screen', () => {
  /** How far the page is wider than the screen (horizontal scroll), in CSS pixels. */
  const overflow = (page: import('playwright-core').Page) =>
    page.evaluate(
      () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
    );
  /** The navbar's links and buttons that do not lie whole inside the bar and the screen (cut or wrapped). */
  const cutFromNavbar = (page: import('playwright-core').Page) =>
    page.evaluate(() => {
      const bar = document.querySelector('.app-navbar')!.getBoundingClientRect();
      return [...document.querySelectorAll('.app-navbar a, .app-navbar button')]
        .map((node) => ({ node, box: node.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .filter(
          ({ box }) =>
            box.left < 0 || box.right > window.innerWidth || box.top < bar.top || box.bottom > bar.bottom,
        )
        .map(({ node }) => node.getAttribute('data-testid') ?? node.textContent);
    });

  for (const language of ['uk', 'ru'] as const) {
    it(`fits the screen on the calendar and the settings page; the links collapse into a menu (${language})`, async () => {
      const t = language === 'uk' ? uk : ru;
      const { context, page } = await suite.staffPage(language);
      try {
        await page.setViewportSize(VIEWPORTS.phone);
        await signIn(page, 'admin@example.com', language);
        await pickUser(page, suite.teacherId);
        await screenshot(page, `desktop-shell-calendar-${language}-360`);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await cutFromNavbar(page)).toEqual([]);
        expect(
          await page.getByTestId('user-picker').evaluate((node) => node.getBoundingClientRect().right),
        ).toBeLessThanOrEqual(360);
        expect(await page.getByTestId('admin-links').isVisible()).toBe(false);

        await page.getByTestId('nav-menu').click();
        await page.getByTestId('nav-menu-list').waitFor();
        expect(await page.getByTestId('nav-menu-list').getByRole('menuitem').allInnerTexts()).toContain(
          t.titles.studies,
        );
        await viewportShot(page, `desktop-shell-nav-menu-${language}-360`);
        await page.getByTestId('nav-menu-list').getByRole('menuitem', { name: t.titles.schedules }).click();
        await page.waitForURL('**/staff/admin/schedules');
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await cutFromNavbar(page)).toEqual([]);

        await page.getByTestId('user-dropdown').click();
        await page.getByTestId('user-menu').getByText(t.titles.settings).click();
        await page.getByTestId('settings-page').waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `desktop-shell-settings-${language}-360`);

        // On a wide screen the links are in the bar again, and the menu button is gone.
        await page.setViewportSize(VIEWPORTS.desktop);
        await page.getByTestId('admin-links').waitFor();
        expect(await page.getByTestId('nav-menu').isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });
  }
});
