import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { calendarUiTexts } from '@school/shared/ui/calendar';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.test-kit';
import { signIn, userIdOf, ZONE, studiesOf } from '../support/demo-school.test-kit';
import {
  clickNextWeekAt,
  currentKyivWeek,
  freeHourNextWeek,
  openStudy,
  pickUser,
  shownStudyIds,
  waitForCalendar,
} from './calendar.test-kit';
import { useStaffSuite, viewportShot } from './staff-suite.test-kit';

const uk = resources.uk.translation;
const ru = resources.ru.translation;

const suite = useStaffSuite();
let methodologistId: number;

beforeAll(async () => {
  methodologistId = await userIdOf(suite.server.knex, 'methodologist@example.com');
});

describe('desktop home calendar', () => {
  it('shows teacher@example.com’s week to an Administrator, in Ukrainian and Russian', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      // The hint waits for the picker's list, so wait for its words rather than read it at once.
      await page.getByTestId('select-user-hint').getByText(uk.calendar.selectUser).waitFor();
      await expect.poll(() => page.title()).toBe(`${uk.app.name} | ${uk.titles.home}`);
      // Nothing is chosen yet, and the Administrator (not a teacher) is first: "others see themselves first".
      expect(await page.getByTestId('user-picker').inputValue()).toBe('');
      const adminId = await userIdOf(suite.server.knex, 'admin@example.com');
      const offered = await page
        .getByTestId('user-picker')
        .locator('option')
        .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
      expect(offered.slice(0, 2)).toEqual(['', String(adminId)]);
      expect(offered).toContain(String(suite.teacherId));
      // The calls as spec part 1 §7 writes them.
      const calls: URL[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/studies' || url.pathname === '/api/schedules') calls.push(url);
      });
      await pickUser(page, suite.teacherId);
      const params = (u: URL) =>
        Object.fromEntries([...new Set(u.searchParams.keys())].map((k) => [k, u.searchParams.getAll(k)]));
      const studyCalls = calls.filter((u) => u.pathname === '/api/studies').map(params);
      const list = studyCalls.find((q) => q['with[]'])!;
      expect(list['with[]']).toEqual(['users', 'users.classes', 'reports']);
      expect(list['withFilter[users.id]']).toEqual([String(suite.teacherId)]);
      expect(list['select[]']).toBeUndefined();
      const sixtyDaysAgo = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 60 });
      expect(DateTime.fromISO(list['filterDatesStart[start]'][0]).toMillis()).toBe(sixtyDaysAgo.toMillis());
      const flags = studyCalls.find((q) => q['select[]'])!;
      // The spec's flags, plus the missing-report and unread-chat notices (docs/domain-rules.md).
      expect(flags['select[]']).toEqual(
        expect.arrayContaining([
          'id',
          'start',
          'type_id',
          'isPaid',
          'isLast',
          'studyReportCheck',
          'isBonus',
          'isNoReport',
          'hasUnreadMessages',
        ]),
      );
      expect(flags['withCount[]']).toEqual(['recordings']);
      expect(flags['filter[id]'][0].split('|').length).toBeGreaterThan(1);
      const schedules = calls.filter((u) => u.pathname === '/api/schedules').map(params)[0];
      expect(schedules['with[]']).toEqual(['workperiods', 'offperiods']);
      expect(schedules['filter[user_id]']).toEqual([String(suite.teacherId)]);
      expect(DateTime.fromISO(schedules['filterDatesStart[end_at]'][0]).toMillis()).toBe(
        sixtyDaysAgo.toMillis(),
      );

      const week = currentKyivWeek();
      const expected = await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to);
      expect(await shownStudyIds(page)).toEqual(expected.map((s) => s.id).sort((a, b) => a - b));
      const hours = expected.reduce((sum, s) => sum + (s.end.getTime() - s.start.getTime()) / 3_600_000, 0);
      expect(Number(await page.getByTestId('hours-value').getAttribute('data-hours'))).toBeCloseTo(hours, 2);
      // Work periods are drawn as background.
      expect(await page.locator('.fc-bg-event.calendar-bg--work').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('calendar-view-week').getAttribute('class')).toContain('bp6-active');
      await screenshot(page, 'desktop-calendar-admin-week-uk');

      // The choice is remembered.
      await page.reload();
      await waitForCalendar(page);
      expect(await page.getByTestId('user-picker').inputValue()).toBe(String(suite.teacherId));

      await page.getByTestId('language-ru').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await page.getByTestId('calendar-refresh').textContent()).toBe(
        calendarUiTexts.ru.toolbar.refresh,
      );
      await expect.poll(() => page.title()).toBe(`${ru.app.name} | ${ru.titles.home}`);
      await screenshot(page, 'desktop-calendar-admin-week-ru');

      await page.getByTestId('calendar-view-month').click();
      await page.locator('.fc-daygrid-body').waitFor();
      await screenshot(page, 'desktop-calendar-admin-month-ru');
    } finally {
      await context.close();
    }
  });

  it('opens study creation from a free work slot for an Administrator, not for a Teacher', async () => {
    const at = await freeHourNextWeek(suite.server.knex, suite.teacherId);
    const clickSlot = (page: Page) => clickNextWeekAt(page, suite.teacherId, at);

    // A Teacher has no `create study`: the same click changes nothing.
    const teacher = await suite.staffPage();
    try {
      await signIn(teacher.page, 'teacher@example.com');
      await clickSlot(teacher.page);
      await teacher.page.waitForTimeout(500);
      expect(new URL(teacher.page.url()).pathname).toBe('/staff/');
      expect(await teacher.page.getByTestId('study-modal').count()).toBe(0);
    } finally {
      await teacher.context.close();
    }

    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      await clickSlot(page);
      await page.waitForURL('**/staff/admin/studies?**');
      const url = new URL(page.url());
      expect(url.searchParams.has('create')).toBe(true);
      expect(url.searchParams.get('duration')).toBe('60');
      expect(url.searchParams.get('trial')).toBe('1');
      expect(url.searchParams.getAll('users[]')).toEqual([String(suite.teacherId)]);
      const start = DateTime.fromISO(url.searchParams.get('start')!, { setZone: true });
      expect(DateTime.fromISO(url.searchParams.get('end')!).toMillis()).toBe(
        start.plus({ hours: 1 }).toMillis(),
      );
      expect(start.isValid).toBe(true);
      expect(start.toMillis()).toBeLessThanOrEqual(at.toMillis());
      expect(start.plus({ hours: 1 }).toMillis()).toBeGreaterThan(at.toMillis());
      expect(start.setZone(ZONE).offset).toBe(start.offset);
    } finally {
      await context.close();
    }
  });

  it('lets a Teacher change a study’s comment and miss status, saved across a reload', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      // A Teacher cannot create studies: a click on free time changes nothing.
      const week = currentKyivWeek();
      const candidates = (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).filter(
        (s) => s.students === 1 && s.miss_status === 0,
      );
      expect(candidates.length).toBeGreaterThan(0);
      const study = candidates[0];

      await openStudy(page, study.id);
      await viewportShot(page, 'desktop-calendar-teacher-modal-uk');
      expect(await page.getByTestId('miss-status-2').isDisabled()).toBe(true);
      const comment = `E2E comment ${Date.now()}`;
      await page.getByTestId('study-comment').fill(comment);
      await page.getByTestId('miss-status-1').check({ force: true });
      await page.getByTestId('study-save').click();
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });

      const row = await suite.server.knex('studies').where({ id: study.id }).first('comment', 'miss_status');
      expect(row).toEqual({ comment, miss_status: 1 });

      await page.reload();
      await waitForCalendar(page);
      await openStudy(page, study.id);
      expect(await page.getByTestId('study-comment').inputValue()).toBe(comment);
      expect(await page.getByTestId('miss-status-1').isChecked()).toBe(true);
      // Reports and recordings are blocked while a miss status is set.
      expect(await page.getByTestId('study-section-recordings').textContent()).toContain(
        uk.recordings.miss_status_blocked,
      );
    } finally {
      await context.close();
    }
  });

  it('lets a Methodologist comment (no miss status) and sees their own week', async () => {
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'methodologist@example.com', 'ru');
      // Themselves only, and still not chosen for them: the spec's text until they pick (issue 12.1).
      await page.getByTestId('select-user-hint').getByText(ru.calendar.selectUser).waitFor();
      expect(await page.getByTestId('user-picker').locator('option').count()).toBe(2);
      expect(await page.getByTestId('user-picker').inputValue()).toBe('');
      expect(await page.getByTestId('calendar-board').count()).toBe(0);
      await pickUser(page, methodologistId);
      const now = DateTime.now().setZone(ZONE);
      const list = await studiesOf(
        suite.server.knex,
        methodologistId,
        now.startOf('week'),
        now.startOf('week').plus({ weeks: 1 }),
      );
      expect(await shownStudyIds(page)).toEqual(list.map((s) => s.id).sort((a, b) => a - b));
      await screenshot(page, 'desktop-calendar-methodologist-week-ru');
      if (list.length === 0) return;

      await openStudy(page, list[0].id);
      expect(await page.getByTestId('miss-status').count()).toBe(0);
      const comment = `Методист ${Date.now()}`;
      await page.getByTestId('study-comment').fill(comment);
      await viewportShot(page, 'desktop-calendar-methodologist-modal-ru');
      await page.getByTestId('study-save').click();
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });
      await page.reload();
      await waitForCalendar(page);
      await openStudy(page, list[0].id);
      expect(await page.getByTestId('study-comment').inputValue()).toBe(comment);
    } finally {
      await context.close();
    }
  });

  it('shows a change made in another browser without a reload, fetching that study alone (issue 32)', async () => {
    const watcher = await suite.staffPage();
    const writer = await suite.staffPage();
    try {
      await signIn(watcher.page, 'admin@example.com');
      await pickUser(watcher.page, suite.teacherId);
      await watcher.page.getByTestId('realtime-live').waitFor({ timeout: 10_000 });
      const week = currentKyivWeek();
      const study = (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).find(
        (s) => !s.comment,
      )!;
      const event = watcher.page.locator(`[data-testid=study-event][data-study-id="${study.id}"]`).first();
      const before = (await event.getAttribute('title')) ?? '';
      const studyCalls: URL[] = [];
      watcher.page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/studies') studyCalls.push(url);
      });

      // The change is made by a Manager in a second browser context, through the API as an app sends it.
      await signIn(writer.page, 'manager@example.com');
      const status = await writer.page.evaluate(async (id) => {
        const res = await fetch(`/api/studies/${id}`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
          body: new URLSearchParams({ _method: 'patch', comment: `live ${Date.now()}` }),
        });
        return res.status;
      }, study.id);
      expect(status).toBe(200);
      await watcher.page.waitForFunction(
        ([id, old]) => {
          const node = document.querySelector(`[data-testid=study-event][data-study-id="${id}"]`);
          return (
            node !== null &&
            node.getAttribute('title') !== old &&
            node.querySelector('[data-testid=study-event-comment]') !== null
          );
        },
        [String(study.id), before] as const,
        { timeout: 10_000 },
      );
      // No list: the calendar's own call and its flags, each narrowed to the changed study.
      expect(studyCalls.length).toBeGreaterThan(0);
      for (const url of studyCalls) expect(url.searchParams.get('filter[id]')).toBe(String(study.id));
      expect(studyCalls.some((u) => u.searchParams.getAll('with[]').includes('users.classes'))).toBe(true);
      expect(studyCalls.some((u) => u.searchParams.getAll('select[]').includes('isPaid'))).toBe(true);
      // The other studies of the week are still there.
      expect(await shownStudyIds(watcher.page)).toEqual(
        (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to))
          .map((s) => s.id)
          .sort((a, b) => a - b),
      );
    } finally {
      await watcher.context.close();
      await writer.context.close();
    }
  });
});

describe('transfer mode (issue 29 point 2; spec part 1 §2, §4)', () => {
  /** Clicks a study of this week or the next in transfer mode and waits for its offer. */
  async function startTransfer(page: Page, studyId: number): Promise<void> {
    const event = page.locator(`[data-testid=study-event][data-study-id="${studyId}"]`).first();
    await waitForCalendar(page);
    if (!(await event.isVisible())) {
      await page.getByTestId('calendar-next').click();
      await waitForCalendar(page);
    }
    await event.click();
    await page.getByTestId('staff-transfer').waitFor();
  }

  const offeredSlots = (page: Page) =>
    page
      .locator('[data-testid=staff-transfer-calendar] .staff-transfer__slot')
      .evaluateAll((nodes) =>
        [
          ...new Set(
            nodes.map((n) =>
              Number(
                [...n.classList]
                  .find((c) => c.startsWith('transfer-slot--'))!
                  .slice('transfer-slot--'.length),
              ),
            ),
          ),
        ].sort((a, b) => a - b),
      );

  it('a Manager moves a future lesson of the teacher to a free slot with the family’s command (uk)', async () => {
    const knex = suite.server.knex;
    const now = DateTime.now().setZone(ZONE);
    const study = (await studiesOf(knex, suite.teacherId, now.plus({ days: 2 }), currentKyivWeek(2).to)).find(
      (s) => s.students === 1 && s.miss_status === 0,
    );
    expect(study, 'a future lesson of teacher@example.com with one student').toBeDefined();
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'manager@example.com');
      await pickUser(page, suite.teacherId);
      await page.getByTestId('calendar-transfer').click();
      await page.getByTestId('transfer-mode-hint').waitFor();
      await startTransfer(page, study!.id);
      const dialog = page.getByTestId('staff-transfer');
      await page.locator('[data-testid=staff-transfer-calendar][data-state=ready]').waitFor();
      // A week view with cells of 50 px, no all-day row, from tomorrow on.
      expect(await dialog.locator('.fc-timeGridWeek-view').count()).toBe(1);
      expect(await dialog.locator('.fc-timegrid-allday').count()).toBe(0);
      const cell = await dialog.locator('td.fc-timegrid-slot-lane').first().boundingBox();
      expect(Math.round(cell!.height)).toBe(50);
      let offered = await offeredSlots(page);
      if (offered.length === 0) {
        await page.getByTestId('staff-transfer-next').click();
        await page.locator('[data-testid=staff-transfer-calendar][data-state=ready]').waitFor();
        offered = await offeredSlots(page);
      }
      expect(offered.length).toBeGreaterThan(0);
      const tomorrow = now.startOf('day').plus({ days: 1 }).toMillis();
      for (const start of offered) expect(start).toBeGreaterThanOrEqual(tomorrow);
      await viewportShot(page, 'desktop-calendar-transfer-uk');

      const target = offered[offered.length - 1];
      await page.locator(`[data-testid=staff-transfer-calendar] .transfer-slot--${target}`).first().click();
      await page.getByTestId('staff-transfer-confirm').waitFor();
      expect(await page.getByTestId('staff-transfer-confirm-to').textContent()).toContain(
        DateTime.fromMillis(target, { zone: ZONE }).toFormat('HH:mm'),
      );
      const saved = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/studies/${study!.id}`,
      );
      await page.getByTestId('staff-transfer-save').click();
      // The family's command: comment and miss status as loaded, with the new start (part 1 §7).
      const form = new URLSearchParams((await saved).postData() ?? '');
      expect([...form.keys()].sort()).toEqual(['_method', 'comment', 'miss_status', 'start']);
      await dialog.waitFor({ state: 'detached' });
      expect((await knex('studies').where({ id: study!.id }).first('start')).start.getTime()).toBe(target);
      const managerId = await userIdOf(knex, 'manager@example.com');
      expect(
        await knex('study_date_changes').where({ study_id: study!.id, changed_by: managerId }).first('id'),
      ).toBeDefined();
    } finally {
      await context.close();
    }
  });

  it('a lesson less than a day away gets the spec’s refusal (ru); a Teacher has no transfer mode', async () => {
    const knex = suite.server.knex;
    const manager = await suite.server.signInAs('Manager');
    const student = await knex('users').where({ role_id: 4, active: true }).orderBy('id', 'desc').first('id');
    // Tomorrow (Kyiv) but within 24 hours: after today, too late to move.
    const now = DateTime.now().setZone(ZONE);
    const soon = DateTime.max(
      now.startOf('day').plus({ days: 1, minutes: 5 }),
      now.plus({ hours: 1 }).startOf('hour'),
    );
    expect(soon.toMillis() - now.toMillis()).toBeLessThan(24 * 3_600_000);
    const created = await manager.post('/api/studies', {
      users: [suite.teacherId, student.id],
      start: soon.toISO(),
      duration: 30,
      type_id: 1,
      trial: 0,
      ignore_offperiods: 1,
    });
    expect(created.status, created.text).toBe(201);
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'manager@example.com', 'ru');
      await pickUser(page, suite.teacherId);
      await page.getByTestId('calendar-transfer').click();
      await startTransfer(page, created.body.data.id);
      expect(await page.getByTestId('staff-transfer-refused').textContent()).toBe(
        ru.scheduling.transfer.too_late,
      );
      await viewportShot(page, 'desktop-calendar-transfer-refused-ru');
    } finally {
      await context.close();
    }
    const teacher = await suite.staffPage();
    try {
      await signIn(teacher.page, 'teacher@example.com');
      await pickUser(teacher.page, suite.teacherId);
      expect(await teacher.page.getByTestId('calendar-transfer').count()).toBe(0);
    } finally {
      await teacher.context.close();
    }
  });
});
