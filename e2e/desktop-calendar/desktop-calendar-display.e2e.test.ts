import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { newPage, screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { signIn, ZONE, studiesOf } from '../support/demo-school.test-kit';
import { waitForCalendar } from './calendar.test-kit';
import { useStaffSuite } from './staff-suite.test-kit';

/** What each drawn study says about itself (spec part 1 §2 "Home calendar page"), checked against the API's data. */

const uk = resources.uk.translation;

const suite = useStaffSuite();

interface ApiStudy {
  id: number;
  trial: boolean;
  comment: string | null;
  isLast: boolean;
  users: { pivot: { role_id: number; subscription_id: number | null } | null }[];
}

/** The spec's colours, written out here rather than read from the code under test. */
const RGB = {
  last: 'rgb(205, 66, 70)',
  trial: 'rgb(35, 133, 81)',
  reserved: 'rgb(64, 72, 84)',
};

interface Seen {
  reserved: number;
  trial: number;
  last: number;
  comment: number;
}

/** Picks a user and hands back the studies the page itself loaded for them. */
async function pickAndCapture(page: Page, userId: number): Promise<Map<number, ApiStudy>> {
  // The spec's two calls (part 1 §7): the studies with their people, then their flags by ids.
  const call = (kind: 'with[]' | 'select[]') =>
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/studies' && r.request().method() === 'GET' && url.searchParams.has(kind);
    });
  const answer = call('with[]');
  const flagsAnswer = call('select[]');
  await page.waitForFunction(() => {
    const select = document.querySelector('[data-testid=user-picker]') as HTMLSelectElement | null;
    return select !== null && !select.disabled && select.options.length > 1;
  });
  await page.getByTestId('user-picker').selectOption(String(userId));
  const body = (await (await answer).json()) as { data: ApiStudy[] };
  const flags = (await (await flagsAnswer).json()) as { data: Pick<ApiStudy, 'id' | 'isLast'>[] };
  await waitForCalendar(page);
  const byId = new Map(flags.data.map((f) => [f.id, f]));
  return new Map(body.data.map((s) => [s.id, { ...s, ...byId.get(s.id) }]));
}

/** Checks every study drawn in the current time-grid view; counts what it met. */
async function checkDrawn(page: Page, studies: Map<number, ApiStudy>, seen: Seen): Promise<void> {
  const drawn = await page.locator('.fc-timegrid-event').evaluateAll((nodes) =>
    nodes.map((node) => {
      const body = node.querySelector('[data-testid=study-event]') as HTMLElement;
      return {
        id: Number(body.dataset.studyId),
        // textContent: the markers are drawn upper-case, the words are the translations.
        text: body.textContent ?? '',
        color: getComputedStyle(node).backgroundColor,
        clip: body.querySelector('[data-testid=study-event-comment]') !== null,
      };
    }),
  );
  for (const event of drawn) {
    const study = studies.get(event.id)!;
    expect(study, `study ${event.id} comes from the API`).toBeDefined();
    const roles = study.users.map((u) => u.pivot?.role_id);
    const reserved = roles.includes(2);
    expect(event.clip, `paperclip of ${event.id}`).toBe(Boolean(study.comment));
    if (study.comment) seen.comment++;
    if (reserved) {
      expect(event.text).toContain(uk.calendar.timeReserved);
      expect(event.color).toBe(RGB.reserved);
      seen.reserved++;
    } else if (study.trial) {
      expect(event.text).toContain(uk.calendar.markers.trial);
      expect(event.color).toBe(RGB.trial);
      seen.trial++;
    } else if (study.isLast) {
      expect(event.text).toContain(uk.calendar.markers.last);
      const subscribed = study.users.every((u) => u.pivot?.role_id !== 4 || u.pivot.subscription_id !== null);
      if (subscribed) expect(event.color).toBe(RGB.last);
      seen.last++;
    } else {
      expect(event.text).not.toContain(uk.calendar.markers.last);
      expect(event.text).not.toContain(uk.calendar.markers.trial);
    }
  }
}

describe('what the calendar draws', () => {
  it('shows reserved slots, trials, last studies and comments as their data says', async () => {
    const { context, page } = await newPage(suite.browser, {
      baseURL: suite.server.url,
      viewport: VIEWPORTS.desktop,
      locale: 'uk-UA',
    });
    try {
      await signIn(page, 'admin@example.com');
      const seen: Seen = { reserved: 0, trial: 0, last: 0, comment: 0 };
      const studies = await pickAndCapture(page, suite.teacherId);
      for (let week = 0; week < 3; week++) {
        await checkDrawn(page, studies, seen);
        await page.getByTestId('calendar-next').click();
        await waitForCalendar(page);
      }
      // The demo data has a lone trial three days ahead with another teacher.
      const trial = await suite.server
        .knex('studies as s')
        .join('study_user as t', 't.study_id', 's.id')
        .where('s.trial', true)
        .where('t.role_id', 3)
        .where('s.start', '>', new Date())
        .orderBy('s.start')
        .first('s.start', 't.user_id');
      expect(trial, 'a future trial in the demo data').toBeDefined();
      await page.getByTestId('calendar-today').click();
      const trialStudies = await pickAndCapture(page, Number(trial.user_id));
      const weeks = Math.floor(
        DateTime.fromJSDate(trial.start)
          .setZone(ZONE)
          .startOf('week')
          .diff(DateTime.now().setZone(ZONE).startOf('week'), 'weeks').weeks,
      );
      for (let i = 0; i < weeks; i++) {
        await page.getByTestId('calendar-next').click();
        await waitForCalendar(page);
      }
      await checkDrawn(page, trialStudies, seen);
      expect(seen.reserved, 'a reserved slot was drawn').toBeGreaterThan(0);
      expect(seen.trial, 'a trial was drawn').toBeGreaterThan(0);
      expect(seen.last, 'a last study was drawn').toBeGreaterThan(0);
      expect(seen.comment, 'a commented study was drawn').toBeGreaterThan(0);
      await screenshot(page, 'desktop-calendar-trial-week-uk');
    } finally {
      await context.close();
    }
  });

  it('has 100 px hour cells; Hide takes the work time away and brings it back; the hours follow the view', async () => {
    const { context, page } = await newPage(suite.browser, {
      baseURL: suite.server.url,
      viewport: VIEWPORTS.desktop,
      locale: 'ru-RU',
    });
    try {
      await signIn(page, 'admin@example.com', 'ru');
      await pickAndCapture(page, suite.teacherId);
      // Time cell height 100 (spec part 1 §2), one hour per cell.
      const lane = (await page.locator('td.fc-timegrid-slot-lane').first().boundingBox())!;
      expect(Math.abs(lane.height - 100)).toBeLessThanOrEqual(1);
      const work = page.locator('.fc-bg-event.calendar-bg--work');
      expect(await work.count()).toBeGreaterThan(0);
      await page.getByTestId('calendar-hide').click();
      await page.waitForFunction(
        () => document.querySelectorAll('.fc-bg-event.calendar-bg--work').length === 0,
      );
      expect(await page.getByTestId('calendar-hide').innerText()).toBe(
        resources.ru.translation.calendarUi.toolbar.show,
      );
      await page.getByTestId('calendar-hide').click();
      await work.first().waitFor();

      await page.getByTestId('calendar-view-month').click();
      await page.locator('.fc-daygrid-body').waitFor();
      const month = DateTime.now().setZone(ZONE).startOf('month');
      const list = await studiesOf(suite.server.knex, suite.teacherId, month, month.plus({ months: 1 }));
      const hours = list.reduce((sum, s) => sum + (s.end.getTime() - s.start.getTime()) / 3_600_000, 0);
      await page.waitForFunction(
        (want) =>
          Math.abs(
            Number(document.querySelector('[data-testid=hours-value]')?.getAttribute('data-hours')) - want,
          ) < 0.01,
        hours,
      );
      await screenshot(page, 'desktop-calendar-month-ru');
    } finally {
      await context.close();
    }
  });
});
