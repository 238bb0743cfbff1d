import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestClient } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { signIn, userIdOf, ZONE, type DbStudy, studiesOf } from '../support/demo-school.test-kit';
import {
  arrangeStudyStartingTomorrow,
  cellDateOf,
  occupyTeacher,
  openStudy,
  showMonthOf,
  shownStudyIds,
  viewShot,
  waitForCalendar,
} from './family.test-kit';

const uk = resources.uk.translation;
const ru = resources.ru.translation;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let childId: number;
let siblingId: number;
let parentApi: TestClient;
let managerApi: TestClient;
/** Studies a test moved: the next test picks another one. */
const touched = new Set<number>();

beforeAll(async () => {
  assertBundlesBuilt();
  server = await startTestServer({ seed: true, realtime: true });
  browser = await launchBrowser();
  childId = await userIdOf(server.knex, 'student@example.com');
  const parentId = await userIdOf(server.knex, 'parent@example.com');
  const children = await server
    .knex('user_responsibles')
    .where({ responsible_id: parentId })
    .pluck('child_id');
  siblingId = Number(children.find((id: number) => Number(id) !== childId));
  parentApi = await server.signInAs('Responsible');
  managerApi = await server.signInAs('Manager');
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

/** The six weeks a month view shows around `at` (FullCalendar's fixed week count, weeks from Monday). */
function monthGrid(at: DateTime): { from: DateTime; to: DateTime } {
  const from = at.setZone(ZONE).startOf('month').startOf('week');
  return { from, to: from.plus({ days: 42 }) };
}

/** A lesson of the child far enough ahead to move: one student, a teacher, not used by another test. */
async function movableStudy(minDaysAhead = 2): Promise<DbStudy> {
  const now = DateTime.now().setZone(ZONE);
  const list = await studiesOf(
    server.knex,
    childId,
    now.plus({ days: minDaysAhead }),
    now.plus({ days: 40 }),
  );
  const study = list.find((s) => s.students === 1 && s.teacher_id !== null && !touched.has(s.id));
  expect(study, 'a movable lesson of student@example.com').toBeDefined();
  touched.add(study!.id);
  return study!;
}

async function pickChild(page: Page, userId: number): Promise<void> {
  await page.locator(`[data-testid=child-option][data-child-id="${userId}"]`).click();
  await waitForCalendar(page, userId);
}

/** Transfer mode of a study from the month view, its offer loaded. */
async function openTransfer(page: Page, study: DbStudy): Promise<void> {
  await showMonthOf(page, study.start);
  await openStudy(page, study.id);
  await page.getByTestId('transfer-start').click();
  await page.locator('[data-testid=transfer-view] .transfer[data-state=ready]').waitFor();
}

/** Starts (epoch ms) of the slots the transfer calendar offers, from their class names. */
/**
 * The end of the transfer window (spec part 1 §4), exclusive: the whole date of the child's own
 * package's last study + 4 days, so the next Kyiv midnight.
 */
async function transferLimit(studyId: number): Promise<number> {
  const pkg = await server
    .knex('study_user')
    .where({ study_id: studyId, user_id: childId })
    .first('subscription_id');
  const last = await server
    .knex('study_user as su')
    .join('studies as s', 's.id', 'su.study_id')
    .where('su.subscription_id', pkg.subscription_id)
    .max('s.start as last')
    .first();
  return DateTime.fromJSDate(last!.last).setZone(ZONE).startOf('day').plus({ days: 5 }).toMillis();
}

async function offeredSlots(page: Page): Promise<number[]> {
  const starts = await page
    .locator('[data-testid=transfer-view] .transfer-slot')
    .evaluateAll((nodes) =>
      nodes.map((n) =>
        Number(
          [...n.classList].find((c) => c.startsWith('transfer-slot--'))!.slice('transfer-slot--'.length),
        ),
      ),
    );
  return [...new Set(starts)].sort((a, b) => a - b);
}

describe.each([
  ['360', VIEWPORTS.phone],
  ['1280', VIEWPORTS.desktop],
] as const)('family web as a parent at %s px', (width, viewport) => {
  const open = () => newPage(browser, { baseURL: server.url, viewport });

  it('signs in, switches between the children and opens a study', async () => {
    const { context, page } = await open();
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await expect.poll(() => page.title()).toBe(`${uk.app.name} | ${uk.titles.home}`);
      // Two active children; with no choice made yet the spec's hint is shown.
      expect(await page.getByTestId('child-option').count()).toBe(2);
      expect(await page.getByTestId('select-user-hint').textContent()).toBe(uk.calendar.selectUser);
      await screenshot(page, `family-parent-${width}-picker-uk`);

      const grid = monthGrid(DateTime.now());
      await pickChild(page, siblingId);
      const siblingStudies = await studiesOf(server.knex, siblingId, grid.from, grid.to);
      expect(await shownStudyIds(page)).toEqual(siblingStudies.map((s) => s.id).sort((a, b) => a - b));

      await pickChild(page, childId);
      expect(
        await page
          .locator(`[data-testid=child-option][data-child-id="${childId}"]`)
          .getAttribute('aria-pressed'),
      ).toBe('true');
      const childStudies = await studiesOf(server.knex, childId, grid.from, grid.to);
      expect(await shownStudyIds(page)).toEqual(childStudies.map((s) => s.id).sort((a, b) => a - b));
      await screenshot(page, `family-parent-${width}-month-uk`);

      // The choice is remembered.
      await page.reload();
      await waitForCalendar(page, childId);

      // Week view has no all-day row for families.
      await page.getByTestId('calendar-view-week').click();
      await page.locator('.fc-timegrid-body').waitFor();
      expect(await page.locator('.fc-timegrid-allday').count()).toBe(0);
      await page.getByTestId('calendar-view-month').click();
      await page.locator('.fc-daygrid-body').waitFor();

      // The study modal: time, type, participants, teachers by first name and patronymic.
      const study = childStudies.find((s) => s.teacher_id !== null)!;
      await openStudy(page, study.id);
      const teacher = await server
        .knex('users')
        .where({ id: study.teacher_id })
        .first('firstname', 'patronymic');
      const child = await server.knex('users').where({ id: childId }).first('full_name');
      const type = await server
        .knex('studies as s')
        .join('study_types as t', 't.id', 's.type_id')
        .where('s.id', study.id)
        .first('t.name');
      const start = DateTime.fromJSDate(study.start).setZone(ZONE).setLocale('uk');
      const end = DateTime.fromJSDate(study.end).setZone(ZONE);
      expect(await page.getByTestId('study-time').textContent()).toBe(
        `${start.toFormat('cccc, d MMMM yyyy, HH:mm')}–${end.toFormat('HH:mm')}`,
      );
      expect(await page.getByTestId('study-type').textContent()).toBe(type.name);
      expect(await page.getByTestId('study-participants').textContent()).toBe(child.full_name);
      expect(await page.getByTestId('study-teachers').textContent()).toBe(
        `${teacher.firstname} ${teacher.patronymic}`,
      );
      // Every section of the study, reports included for a parent.
      for (const slot of ['homework', 'messages', 'reports', 'recordings']) {
        expect(await page.getByTestId(`study-slot-${slot}`).count()).toBe(1);
      }
      await viewShot(page, `family-parent-${width}-modal-uk`);
    } finally {
      await context.close();
    }
  });

  it('moves a lesson to a free slot of its teacher and sees it move', async () => {
    const study = await movableStudy();
    const { context, page } = await open();
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await pickChild(page, childId);
      await openTransfer(page, study);
      await viewShot(page, `family-parent-${width}-transfer-uk`);

      // Spec part 1 §4: a week view with time cells 50 px high, no all-day row.
      const transfer = page.getByTestId('transfer-view');
      expect(await transfer.locator('.fc-timeGridWeek-view').count()).toBe(1);
      expect(await transfer.locator('.fc-col-header-cell').count()).toBe(7);
      expect(await transfer.locator('.fc-timegrid-allday').count()).toBe(0);
      const cell = await transfer.locator('td.fc-timegrid-slot-lane').first().boundingBox();
      expect(Math.round(cell!.height)).toBe(50);

      // The offer is the server's free slots of the shown week (the study's own time left out) …
      const tomorrow = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1 });
      const week = { from: tomorrow.startOf('week'), to: tomorrow.startOf('week').plus({ weeks: 1 }) };
      const answer = await parentApi.get(
        `/api/studies/${study.id}/free-slots?from=${encodeURIComponent(week.from.toISO()!)}&to=${encodeURIComponent(week.to.toISO()!)}`,
      );
      expect(answer.status).toBe(200);
      const expected = (answer.body.data as Array<{ start: string }>)
        .map((s) => Date.parse(s.start))
        .filter((s) => s !== study.start.getTime());
      const offered = await offeredSlots(page);
      expect(offered).toEqual(expected);
      expect(offered.length).toBeGreaterThan(0);

      // … and every slot is valid: after today, before the package's last study + 4 days, outside
      // the teacher's off periods, clear of the teacher's and the child's other studies.
      const duration = study.end.getTime() - study.start.getTime();
      const limit = await transferLimit(study.id);
      const off = await server
        .knex('offperiods as o')
        .join('schedules as s', 's.id', 'o.schedule_id')
        .where('s.user_id', study.teacher_id)
        .select('o.start_at', 'o.end_at');
      const busy = await server
        .knex('study_user as su')
        .join('studies as s', 's.id', 'su.study_id')
        .whereIn('su.user_id', [childId, study.teacher_id!])
        .whereNot('s.id', study.id)
        .where('s.end', '>', tomorrow.toJSDate())
        .select('s.start', 's.end');
      for (const start of offered) {
        const end = start + duration;
        expect(start).toBeGreaterThanOrEqual(tomorrow.toMillis());
        expect(start).toBeLessThan(limit);
        expect(
          off.some(
            (o: { start_at: Date; end_at: Date }) => o.start_at.getTime() < end && start < o.end_at.getTime(),
          ),
        ).toBe(false);
        expect(
          busy.some((b: { start: Date; end: Date }) => b.start.getTime() < end && start < b.end.getTime()),
        ).toBe(false);
      }

      // Pick one on another day than the lesson's own, confirm, and watch it move.
      const ownDay = DateTime.fromJSDate(study.start).setZone(ZONE).toISODate();
      const target =
        offered.find((s) => DateTime.fromMillis(s, { zone: ZONE }).toISODate() !== ownDay) ?? offered[0];
      await page.locator(`[data-testid=transfer-view] .transfer-slot--${target}`).click();
      await page.getByTestId('transfer-confirm').waitFor();
      expect(await page.getByTestId('transfer-confirm-to').textContent()).toContain(
        DateTime.fromMillis(target, { zone: ZONE }).toFormat('HH:mm'),
      );
      await viewShot(page, `family-parent-${width}-transfer-confirm-uk`);
      const before = await server.knex('studies').where({ id: study.id }).first('comment', 'miss_status');
      const saved = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/studies/${study.id}`,
      );
      await page.getByTestId('transfer-confirm-button').click();
      // Spec part 1 §7: the form carries comment and miss_status with the new start.
      const form = new URLSearchParams((await saved).postData() ?? '');
      expect(Object.fromEntries(form)).toEqual({
        _method: 'patch',
        comment: before.comment ?? '',
        miss_status: String(before.miss_status),
        start: expect.any(String),
      });
      expect(Date.parse(form.get('start')!)).toBe(target);
      await page.getByTestId('transfer-view').waitFor({ state: 'detached' });
      await page.getByTestId('toast').first().waitFor();

      const row = await server.knex('studies').where({ id: study.id }).first('start');
      expect(row.start.getTime()).toBe(target);
      const targetDay = DateTime.fromMillis(target, { zone: ZONE }).toISODate();
      await showMonthOf(page, new Date(target));
      await expect.poll(() => cellDateOf(page, study.id), { timeout: 10_000 }).toBe(targetDay);
      await screenshot(page, `family-parent-${width}-moved-uk`);
    } finally {
      await context.close();
    }
  });

  it('offers nothing in the teacher’s off period nor after the package’s last study + 4 days', async () => {
    const study = await movableStudy();
    const teacherId = study.teacher_id!;
    const { context, page } = await open();
    let offId: number | null = null;
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await pickChild(page, childId);
      await openTransfer(page, study);
      const transfer = page.getByTestId('transfer-view');

      // The teacher takes a day off that the offer had free time on.
      const before = await offeredSlots(page);
      const offDay = DateTime.fromMillis(before[0], { zone: ZONE }).startOf('day');
      const schedule = await server
        .knex('schedules')
        .where({ user_id: teacherId })
        .orderBy('start_at', 'desc')
        .first('id');
      [{ id: offId }] = await server
        .knex('offperiods')
        .insert({
          schedule_id: schedule.id,
          start_at: offDay.toJSDate(),
          end_at: offDay.plus({ days: 1 }).toJSDate(),
        })
        .returning('id');
      await transfer.getByTestId('transfer-back').click();
      await page.getByTestId('transfer-start').click();
      await page.locator('[data-testid=transfer-view] .transfer[data-state=ready]').waitFor();
      const after = await offeredSlots(page);
      expect(after.filter((s) => s >= offDay.toMillis() && s < offDay.plus({ days: 1 }).toMillis())).toEqual(
        [],
      );
      // The day off is drawn as such.
      expect(await transfer.locator('.calendar-bg--off').count()).toBeGreaterThan(0);
      await viewShot(page, `family-parent-${width}-transfer-off-uk`);

      // Week after week up to the limit: no slot at or past the package's last study + 4 days.
      const limit = await transferLimit(study.id);
      const next = transfer.getByTestId('calendar-next');
      let weeks = 0;
      const seen: number[] = [];
      while (!(await next.isDisabled()) && weeks < 12) {
        const title = await transfer.getByTestId('calendar-title').textContent();
        await next.click();
        await expect.poll(() => transfer.getByTestId('calendar-title').textContent()).not.toBe(title);
        await page.locator('[data-testid=transfer-view] .transfer[data-state=ready]').waitFor();
        seen.push(...(await offeredSlots(page)));
        weeks++;
      }
      expect(await next.isDisabled(), 'the week after the limit is not offered').toBe(true);
      // Late in the week the day off may be the only day of this week with free time left.
      expect(after.length + seen.length, 'free time outside the day off').toBeGreaterThan(0);
      expect(seen.filter((s) => s >= limit)).toEqual([]);
      expect(
        Number(await transfer.getByTestId('transfer-window').getAttribute('data-to')),
      ).toBeLessThanOrEqual(limit + 86_400_000);
    } finally {
      if (offId !== null) await server.knex('offperiods').where({ id: offId }).delete();
      await context.close();
    }
  });

  it('refuses to move a lesson that starts tomorrow, with the spec’s message', async () => {
    const teacherId = await userIdOf(server.knex, 'teacher@example.com');
    const studyId = await arrangeStudyStartingTomorrow(server.knex, childId, teacherId);
    touched.add(studyId);
    const { start } = await server.knex('studies').where({ id: studyId }).first('start');
    const { context, page } = await open();
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await pickChild(page, childId);
      await showMonthOf(page, start);
      await openStudy(page, studyId);
      await page.getByTestId('transfer-start').click();
      const refusal = page.getByTestId('transfer-refusal');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(uk.scheduling.transfer.too_late);
      expect(await page.getByTestId('transfer-view').count()).toBe(0);
      await viewShot(page, `family-parent-${width}-refused-uk`);

      // The server refuses it in the same words.
      const tomorrowNoon = DateTime.fromJSDate(start)
        .setZone(ZONE)
        .plus({ days: 2 })
        .set({ hour: 12, minute: 0 });
      const res = await parentApi.post(`/api/studies/${studyId}`, {
        _method: 'patch',
        start: tomorrowNoon.toISO(),
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('too_late');
      expect(res.body.message).toBe(uk.scheduling.transfer.too_late);
    } finally {
      await context.close();
      // Right after midnight "tomorrow, less than a day from now" is under an hour wide: the other
      // width's run needs the same half hour.
      await server.knex('study_user').where({ study_id: studyId }).delete();
      await server.knex('studies').where({ id: studyId }).delete();
    }
  });

  it('says so when the picked slot was taken a moment ago, and offers it no more', async () => {
    const study = await movableStudy();
    const { context, page } = await open();
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await pickChild(page, childId);
      await openTransfer(page, study);
      const offered = await offeredSlots(page);
      const target = offered[offered.length - 1];
      await page.locator(`[data-testid=transfer-view] .transfer-slot--${target}`).click();
      await page.getByTestId('transfer-confirm').waitFor();
      // Somebody else books the teacher at that time before the parent confirms.
      await occupyTeacher(
        server.knex,
        study.teacher_id!,
        target,
        target + (study.end.getTime() - study.start.getTime()),
      );
      await page.getByTestId('transfer-confirm-button').click();
      const error = page.getByTestId('transfer-error');
      await error.waitFor();
      expect(await error.textContent()).toBe(uk.scheduling.slot_taken);
      await expect.poll(() => page.locator(`.transfer-slot--${target}`).count(), { timeout: 10_000 }).toBe(0);
      await viewShot(page, `family-parent-${width}-slot-taken-uk`);
      const row = await server.knex('studies').where({ id: study.id }).first('start');
      expect(row.start.getTime()).toBe(study.start.getTime());
    } finally {
      await context.close();
    }
  });

  it('shows a change made by staff without a reload', async () => {
    const { context, page } = await open();
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await pickChild(page, childId);
      await page.getByTestId('realtime-live').waitFor({ timeout: 10_000 });
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // A lesson in this month's grid, moved by a Manager to another day of the grid.
      const grid = monthGrid(DateTime.now());
      const now = DateTime.now().setZone(ZONE);
      const lessons = await studiesOf(
        server.knex,
        childId,
        now.plus({ days: 1 }) > grid.from ? now.plus({ days: 1 }) : grid.from,
        grid.to,
      );
      // Any future lesson in the grid will do, one another test moved as well.
      const study = lessons.find((s) => !touched.has(s.id)) ?? lessons[0];
      expect(study, 'a lesson ahead in this month’s grid').toBeDefined();
      touched.add(study.id);
      let movedTo: DateTime | null = null;
      for (const days of [1, 2, 3, -1, -2, 5, 6]) {
        const start = DateTime.fromJSDate(study.start).setZone(ZONE).plus({ days });
        if (start < now || start >= grid.to) continue;
        const res = await managerApi.post(`/api/studies/${study.id}`, {
          _method: 'patch',
          start: start.toISO(),
        });
        if (res.status === 200) {
          movedTo = start;
          break;
        }
      }
      expect(movedTo, 'a free day for the staff move').not.toBeNull();
      await expect.poll(() => cellDateOf(page, study.id), { timeout: 10_000 }).toBe(movedTo!.toISODate());
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });

  it('shows the parent’s profile: contacts, children, their teachers with the meeting links, the bots; nothing else to edit', async () => {
    const { context, page } = await open();
    const k = server.knex;
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await page.getByTestId('nav-profile').click();
      await page.getByTestId('profile-teachers').getByTestId('profile-teacher').first().waitFor();
      await expect.poll(() => page.title()).toBe(`${uk.app.name} | ${uk.titles.profile}`);
      const me = await k('users').where('email', 'parent@example.com').first('id', 'full_name', 'email');
      expect(await page.getByTestId('profile-name').innerText()).toBe(me.full_name);
      expect(await page.getByTestId('profile-email').innerText()).toBe(me.email);
      const phones = await k('phones').where('user_id', me.id).pluck('phone');
      for (const phone of phones)
        expect(await page.getByTestId('profile-phones').innerText()).toContain(`+${phone}`);
      const children = await k('users').whereIn('id', [childId, siblingId]).pluck('full_name');
      expect(
        (await page.getByTestId('profile-child').allInnerTexts()).map((text) => text.split('\n')[0]).sort(),
      ).toEqual(children.sort());
      // The demo teacher teaches the demo student: named by first name and patronymic, with the links.
      const teacher = await k('users')
        .where('email', 'teacher@example.com')
        .first('firstname', 'patronymic', 'zoom', 'googlemeet');
      const child = await k('users').where('id', childId).first('firstname');
      const row = page
        .getByTestId('profile-teacher')
        .filter({ hasText: `${teacher.firstname} ${teacher.patronymic}` });
      expect(await row.innerText()).toContain(uk.familyProfile.teaches.replace('{{names}}', '').trim());
      expect(await row.innerText()).toContain(child.firstname);
      const hrefs = await row
        .getByTestId('profile-meeting-link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual([teacher.googlemeet, teacher.zoom].filter(Boolean));
      expect(await row.getByTestId('profile-meeting-link').first().getAttribute('target')).toBe('_blank');
      // Editable only where the permissions allow: the bot buttons; no field to type into.
      await page.getByTestId('profile-messengers').getByTestId('bot-connect-telegram').waitFor();
      expect(await page.getByTestId('profile-page').locator('input, textarea, select').count()).toBe(0);
      await screenshot(page, `family-parent-${width}-profile-uk`);

      await page.evaluate(() => localStorage.setItem('app:language', 'ru'));
      await page.reload();
      await page.getByTestId('profile-teacher').first().waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe(ru.titles.profile);
      expect(await page.getByTestId('nav-profile').innerText()).toBe(ru.nav.profile);
      expect(await page.getByTestId('profile-change').innerText()).toContain(ru.familyProfile.changeText);
      await screenshot(page, `family-parent-${width}-profile-ru`);
      await page.getByTestId('profile-to-settings').click();
      await page.getByTestId('settings-page').waitFor();
    } finally {
      await context.close();
    }
  });

  it('changes the language to Russian, remembered and sent with every call', async () => {
    const { context, page } = await open();
    try {
      await signIn(page, 'parent@example.com', 'uk', 'family');
      await pickChild(page, childId);
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-page').waitFor();
      await expect.poll(() => page.title()).toBe(`${uk.app.name} | ${uk.titles.settings}`);
      await screenshot(page, `family-parent-${width}-settings-uk`);

      await page.getByTestId('settings-language-ru').check();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await page.getByTestId('page-title').textContent()).toBe(ru.titles.settings);
      await expect.poll(() => page.title()).toBe(`${ru.app.name} | ${ru.titles.settings}`);
      expect(await page.evaluate(() => localStorage.getItem('app:language'))).toBe('ru');
      expect(await page.getByTestId('settings-messengers').textContent()).toContain(
        ru.family.settings.messengersTitle,
      );
      // The bot buttons, in Russian, once the parent's bots are known.
      const viberTexts = [ru.bots.settings.connectViber, `Viber: ${ru.bots.settings.connected}`];
      await expect
        .poll(() => page.getByTestId('bot-connect-viber').innerText())
        .toSatisfy((text: string) => viberTexts.includes(text));
      await screenshot(page, `family-parent-${width}-settings-bots-ru`);
      await screenshot(page, `family-parent-${width}-settings-ru`);

      const languages: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          languages.push(request.headers()['accept-language']);
      });
      await page.reload();
      await page.getByTestId('settings-page').waitFor();
      await page.getByTestId('nav-calendar').click();
      await waitForCalendar(page, childId);
      expect(languages.length).toBeGreaterThan(0);
      expect(new Set(languages)).toEqual(new Set(['ru']));
      expect(await page.getByTestId('family-calendar').getByTestId('calendar-today').textContent()).toBe(
        ru.calendarUi.toolbar.today,
      );
      expect(await page.getByTestId('nav-calendar').textContent()).toBe(ru.family.shell.calendar);
      await screenshot(page, `family-parent-${width}-month-ru`);

      const study = await movableStudy();
      await openTransfer(page, study);
      expect(await page.locator('[data-testid=transfer-view] .modal__title').textContent()).toBe(
        ru.family.transfer.title,
      );
      await viewShot(page, `family-parent-${width}-transfer-ru`);
      await page.getByTestId('transfer-back').click();
      await page.getByTestId('study-modal').waitFor();
      expect(await page.getByTestId('transfer-start').textContent()).toBe(ru.family.study.transfer);
      await viewShot(page, `family-parent-${width}-modal-ru`);
    } finally {
      await context.close();
    }
  });
});
