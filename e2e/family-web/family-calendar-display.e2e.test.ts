import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { signIn, userIdOf, ZONE, type DbStudy, studiesOf } from '../support/demo-school.test-kit';
import { showMonthOf, waitForCalendar } from './family.test-kit';

/**
 * What a family reads in the calendar grid (spec part 1 §2 "reduced display": time, type,
 * participants, teachers by first name and patronymic) in each view, and whose calendar a
 * Responsible may pick (active children only, part 2 §2).
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let studentId: number;
let parentId: number;

beforeAll(async () => {
  assertBundlesBuilt();
  server = await startTestServer({ seed: true });
  browser = await launchBrowser();
  studentId = await userIdOf(server.knex, 'student@example.com');
  parentId = await userIdOf(server.knex, 'parent@example.com');
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

interface Expected {
  time: string;
  type: string;
  who: string;
  teachers: string;
}

/** The reduced display of a study as the database has it. */
async function expectedDisplay(study: DbStudy, language: 'uk' | 'ru'): Promise<Expected> {
  // The type's name in the interface language (migration 021), the Ukrainian one where none.
  const type = await server
    .knex('studies as s')
    .join('study_types as t', 't.id', 's.type_id')
    .where('s.id', study.id)
    .first(language === 'ru' ? server.knex.raw('coalesce(t.name_ru, t.name) as name') : 't.name');
  const people = await server
    .knex('study_user as su')
    .join('users as u', 'u.id', 'su.user_id')
    .where('su.study_id', study.id)
    .select('su.role_id', 'u.firstname', 'u.patronymic', 'u.full_name');
  const teachers = people.filter((p) => p.role_id === 3 || p.role_id === 7);
  const participants = people.filter((p) => p.role_id !== 3 && p.role_id !== 7 && p.role_id !== 2);
  return {
    time: DateTime.fromJSDate(study.start).setZone(ZONE).toFormat('HH:mm'),
    type: type.name,
    who: participants.map((p) => p.full_name).join(', '),
    teachers: teachers.map((p) => `${p.firstname} ${p.patronymic}`).join(', '),
  };
}

function eventOf(page: Page, studyId: number): Locator {
  return page
    .locator(`[data-testid=family-calendar] [data-testid=study-event][data-study-id="${studyId}"]`)
    .first();
}

/** The parts of an event a person sees: hidden runs (display: none) read as null. */
async function visibleParts(event: Locator): Promise<Record<keyof Expected, string | null>> {
  return event.evaluate((node) => {
    const part = (name: string) => {
      const el = node.querySelector<HTMLElement>(`.study-event__${name}`);
      return el && el.offsetParent !== null && getComputedStyle(el).display !== 'none'
        ? (el.textContent ?? '')
        : null;
    };
    return { time: part('time'), type: part('type'), who: part('who'), teachers: part('teachers') };
  });
}

/** Labels of the toolbar's buttons whose text does not fit them (cut, or run into a neighbour). */
async function overflowingToolbarButtons(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=family-calendar] [data-testid=calendar-toolbar] button')
    .evaluateAll((nodes) =>
      nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent ?? ''),
    );
}

/** Steps the shown period forward until the study is drawn. */
async function stepTo(page: Page, studyId: number, max: number): Promise<void> {
  for (let i = 0; i < max && (await eventOf(page, studyId).count()) === 0; i++) {
    await page.getByTestId('calendar-next').click();
  }
  await eventOf(page, studyId).waitFor();
}

/** The student's next lesson with a teacher, at least a day ahead. */
async function nextLesson(): Promise<DbStudy> {
  const now = DateTime.now().setZone(ZONE);
  const list = await studiesOf(server.knex, studentId, now.plus({ days: 1 }), now.plus({ days: 30 }));
  const study = list.find((s) => s.teacher_id !== null);
  expect(study, 'a lesson of student@example.com ahead').toBeDefined();
  return study!;
}

describe.each([
  ['360', 'uk', VIEWPORTS.phone],
  ['1280', 'ru', VIEWPORTS.desktop],
] as const)('family calendar display at %s px (%s)', (width, language, viewport) => {
  const phone = width === '360';
  const tr = language === 'uk' ? uk : ru;
  const open = () => newPage(browser, { baseURL: server.url, viewport });

  it('shows the reduced display in the month, week and day views', async () => {
    const study = await nextLesson();
    const expected = await expectedDisplay(study, language);
    const { context, page } = await open();
    try {
      await signIn(page, 'student@example.com', language, 'family');
      await waitForCalendar(page, studentId);
      expect(await page.getByTestId('calendar-view-month').getAttribute('aria-pressed')).toBe('true');
      await showMonthOf(page, study.start);
      const month = await visibleParts(eventOf(page, study.id));
      // A phone's month cell fits the start only (the modal says the rest); a wide one all of it.
      expect(month.time).toBe(expected.time);
      expect(month).toEqual(
        phone ? { time: expected.time, type: null, who: null, teachers: null } : expected,
      );
      expect(await overflowingToolbarButtons(page)).toEqual([]);
      await screenshot(page, `family-display-${width}-month-${language}`);

      // The day view has room for everything on any screen.
      await page.getByTestId('calendar-view-day').click();
      await page.locator('.fc-timegrid-body').waitFor();
      await page.getByTestId('calendar-today').click();
      await stepTo(page, study.id, 31);
      const day = await visibleParts(eventOf(page, study.id));
      expect(day.time?.startsWith(expected.time)).toBe(true);
      expect({ ...day, time: expected.time }).toEqual(expected);
      expect(await overflowingToolbarButtons(page)).toEqual([]);
      expect(await page.locator('.fc-timegrid-allday').count()).toBe(0);
      await screenshot(page, `family-display-${width}-day-${language}`);

      await page.getByTestId('calendar-view-week').click();
      await page.locator('.fc-timegrid-body').waitFor();
      await page.getByTestId('calendar-today').click();
      await stepTo(page, study.id, 5);
      expect(await page.getByTestId('calendar-view-week').textContent()).toBe(tr.calendarUi.toolbar.week);
      const week = await visibleParts(eventOf(page, study.id));
      expect(week.time?.startsWith(expected.time)).toBe(true);
      // Seven columns on a phone: the start only.
      if (phone)
        expect({ ...week, time: expected.time }).toEqual({
          time: expected.time,
          type: null,
          who: null,
          teachers: null,
        });
      else expect({ ...week, time: expected.time }).toEqual(expected);
      expect(await overflowingToolbarButtons(page)).toEqual([]);
      await screenshot(page, `family-display-${width}-week-${language}`);
    } finally {
      await context.close();
    }
  });

  it('offers a Responsible their active children only, and ignores a remembered inactive one', async () => {
    const children: number[] = (
      await server.knex('user_responsibles').where({ responsible_id: parentId }).pluck('child_id')
    ).map(Number);
    const inactive = children.find((id) => id !== studentId)!;
    expect(children).toContain(studentId);
    await server.knex('users').where({ id: inactive }).update({ active: false });
    const { context, page } = await open();
    try {
      // The last visit showed the child who has since left the school.
      await page.addInitScript(
        ([owner, userId]) => localStorage.setItem('family:calendar-user', JSON.stringify({ owner, userId })),
        [parentId, inactive] as const,
      );
      await signIn(page, 'parent@example.com', language, 'family');
      // The one active child is offered, and not chosen for the parent (spec part 1 §2): the hint
      // stays until they pick.
      const options = page.getByTestId('child-option');
      await options.first().waitFor();
      expect(await options.count()).toBe(1);
      expect(await options.getAttribute('data-child-id')).toBe(String(studentId));
      expect(await options.getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByTestId('select-user-hint').textContent()).toBe(
        resources[language].translation.calendar.selectUser,
      );
      await options.click();
      await waitForCalendar(page, studentId);
      expect(await options.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('select-user-hint').count()).toBe(0);
      await screenshot(page, `family-display-${width}-one-child-${language}`);
    } finally {
      await context.close();
      await server.knex('users').where({ id: inactive }).update({ active: true });
    }
  });
});

describe('family calendar colours and views (spec part 1 §2)', () => {
  /** The spec's colours, written out here rather than read from the code under test. */
  const RGB = { last: 'rgb(205, 66, 70)', bonus: 'rgb(121, 97, 219)', unpaid: 'rgb(95, 107, 124)' };

  interface FlaggedStudy {
    id: number;
    start: string;
    trial: boolean;
    isPaid: boolean;
    isLast: boolean;
    isBonus: boolean;
    users: { pivot: { role_id: number; subscription_id: number | null } | null }[];
  }

  it('draws the colours staff see (last, bonus, unpaid) and shows years and year disabled', async () => {
    // The flags as the API computes them for staff; the family calendar must colour by them too.
    const admin = await server.signInAs('Administrator');
    const from = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf('day').toISO()!;
    const query = [
      'with[]=users',
      `withFilter[users.id]=${studentId}`,
      ...['id', 'start', 'end', 'trial', 'isPaid', 'isLast', 'isBonus'].map((c) => `select[]=${c}`),
      `filterDatesStart[start]=${encodeURIComponent(from)}`,
    ].join('&');
    const answer = await admin.get<{ data: FlaggedStudy[] }>(`/api/studies?${query}`);
    expect(answer.status).toBe(200);
    const colourOf = (s: FlaggedStudy): string | null => {
      const roles = s.users.map((u) => u.pivot?.role_id);
      const students = s.users.filter((u) => u.pivot?.role_id === 4);
      if (s.trial || roles.includes(2) || students.length === 0) return null;
      if (students.some((u) => u.pivot?.subscription_id == null)) return null;
      if (s.isLast) return RGB.last;
      if (s.isBonus) return RGB.bonus;
      return s.isPaid ? null : RGB.unpaid;
    };
    const coloured = answer.body.data
      .filter((s) => colourOf(s) !== null)
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    expect(coloured.length, 'a last, bonus or unpaid lesson of student@example.com ahead').toBeGreaterThan(0);
    const study = coloured[0];

    const { context, page } = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.desktop });
    try {
      await signIn(page, 'student@example.com', 'uk', 'family');
      await waitForCalendar(page, studentId);
      for (const name of ['years', 'year']) {
        const button = page.getByTestId(`calendar-view-${name}`);
        expect(await button.isDisabled(), `${name} is shown disabled`).toBe(true);
        expect(await button.textContent()).toBe(uk.calendarUi.toolbar[name as 'years' | 'year']);
      }
      await page.getByTestId('calendar-view-week').click();
      await page.locator('.fc-timegrid-body').waitFor();
      await stepTo(page, study.id, 60);
      const colour = await eventOf(page, study.id).evaluate(
        (node) => getComputedStyle(node.closest('.fc-event') as HTMLElement).backgroundColor,
      );
      expect(colour, `study ${study.id}`).toBe(colourOf(study));
      await screenshot(page, 'family-display-1280-colours-uk');
    } finally {
      await context.close();
    }
  });
});
