import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn, ZONE, studiesOf } from '../support/demo-school.test-kit';
import {
  clickNextWeekAt,
  currentKyivWeek,
  freeHourNextWeek,
  pickUser,
  toastText,
  waitForCalendar,
} from './calendar.test-kit';
import { useStaffSuite, viewportShot } from './staff-suite.test-kit';

/**
 * The study form (spec part 2 §2-§6, part 1 §2, §5): opened by a free slot and by the edit
 * shortcut of the calendar, and by deep links typed in the address bar, in a dialog until the
 * studies table exists.
 */

const texts = { uk: resources.uk.translation, ru: resources.ru.translation };

const suite = useStaffSuite();

const fill = (template: string, params: Record<string, string>) =>
  Object.entries(params).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), template);

async function dialogOpen(page: Page): Promise<void> {
  await page.getByTestId('study-form').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=study-form-loading]'));
}

/** An active student with a package and nothing at that hour. */
async function freeStudent(at: DateTime): Promise<{ id: number; full_name: string; subscriptionId: number }> {
  const knex = suite.server.knex;
  const row = await knex('users as u')
    .join('contracts as c', 'c.student_id', 'u.id')
    .join('subscriptions as s', 's.contract_id', 'c.id')
    .where({ 'u.role_id': 4, 'u.active': true })
    .whereNotExists(
      knex('study_user as su')
        .join('studies as st', 'st.id', 'su.study_id')
        .whereRaw('su.user_id = u.id')
        .where('st.start', '<', at.plus({ hours: 2 }).toJSDate())
        .where('st.end', '>', at.minus({ hours: 1 }).toJSDate()),
    )
    .orderBy('s.created_at', 'desc')
    .first('u.id', 'u.full_name', 's.id as subscription_id');
  return {
    id: Number(row.id),
    full_name: String(row.full_name),
    subscriptionId: Number(row.subscription_id),
  };
}

describe('study form from the calendar', () => {
  it('a free slot opens the form prefilled; saving creates the study, which the calendar shows', async () => {
    const at = await freeHourNextWeek(suite.server.knex, suite.teacherId);
    const student = await freeStudent(at);
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      await clickNextWeekAt(page, suite.teacherId, at);
      await page.waitForURL('**/staff/admin/studies?create&**');
      await dialogOpen(page);
      // Over the calendar, which stays on next week.
      expect(await page.getByTestId('calendar-board').count()).toBe(1);
      const start = DateTime.fromISO(new URL(page.url()).searchParams.get('start')!).setZone(ZONE);
      expect(await page.getByTestId('study-form-start-date').inputValue()).toBe(start.toFormat(DATE_FORMAT));
      expect(await page.getByTestId('study-form-start-time').inputValue()).toBe(start.toFormat('HH:mm'));
      expect(await page.getByTestId('study-form-end-time').inputValue()).toBe(
        start.plus({ hours: 1 }).toFormat('HH:mm'),
      );
      expect(await page.getByTestId('study-form-trial').isChecked()).toBe(true);
      await page.getByTestId(`study-form-participant-${suite.teacherId}`).waitFor();
      await viewportShot(page, 'desktop-study-form-create-uk-1280');

      // A student found by the first letters of the name, with his newest package.
      await page.getByTestId('study-form-user-search').fill(student.full_name.slice(0, 4));
      await page.getByTestId(`study-form-user-option-${student.id}`).click();
      const packageSelect = page.getByTestId(`study-form-subscription-${student.id}`);
      await packageSelect.locator(`option[value="${student.subscriptionId}"]`).waitFor({ state: 'attached' });
      await packageSelect.selectOption(String(student.subscriptionId));
      await page.getByTestId('study-form-comment').fill('E2E: нове заняття');
      await page.getByTestId('study-form-save').click();

      expect((await toastText(page, 'success')).message).toBe(texts.uk.studyForm.created);
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/staff/');
      const [created] = await studiesOf(
        suite.server.knex,
        suite.teacherId,
        start,
        start.plus({ minutes: 1 }),
      );
      expect(created).toBeDefined();
      expect(created.end.getTime() - created.start.getTime()).toBe(60 * 60_000);
      expect(created.comment).toBe('E2E: нове заняття');
      const participants = await suite.server
        .knex('study_user')
        .where({ study_id: created.id })
        .orderBy('user_id');
      expect(participants.map((p: { user_id: number }) => Number(p.user_id)).sort()).toEqual(
        [suite.teacherId, student.id].sort(),
      );
      expect(
        participants.find((p: { user_id: number }) => Number(p.user_id) === student.id).subscription_id,
      ).toBe(student.subscriptionId);
      expect((await suite.server.knex('studies').where({ id: created.id }).first('trial')).trial).toBe(true);
      // The calendar refreshed in place: the new study is drawn in the week that was shown.
      await page.locator(`[data-testid=study-event][data-study-id="${created.id}"]`).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('the edit shortcut opens the study’s form; a change is saved and asks before being thrown away', async () => {
    const week = currentKyivWeek();
    const [study] = (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).filter(
      (s) => s.students === 1,
    );
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'manager@example.com', 'ru');
      await pickUser(page, suite.teacherId);
      await page
        .locator(`[data-testid=study-event][data-study-id="${study.id}"] [data-testid=study-event-edit]`)
        .first()
        .click();
      await page.waitForURL(`**/staff/admin/studies?edit=${study.id}`);
      await dialogOpen(page);
      const start = DateTime.fromJSDate(study.start).setZone(ZONE);
      const end = DateTime.fromJSDate(study.end).setZone(ZONE);
      expect(await page.getByTestId('study-form-start-date').inputValue()).toBe(start.toFormat(DATE_FORMAT));
      expect(await page.getByTestId('study-form-start-time').inputValue()).toBe(start.toFormat('HH:mm'));
      expect(await page.getByTestId('study-form-end-time').inputValue()).toBe(end.toFormat('HH:mm'));
      expect(await page.getByTestId('study-form-comment').inputValue()).toBe(study.comment ?? '');
      expect(await page.locator('[data-testid^=study-form-participant-]').count()).toBeGreaterThanOrEqual(2);
      // Exactly one student: the miss status is there (Manager).
      await page.getByTestId('miss-status').waitFor();
      await viewportShot(page, 'desktop-study-form-edit-ru-1280');

      // Cancel with unsaved changes asks first; "back to the form" keeps what was typed.
      await page.getByTestId('study-form-comment').fill('E2E: змінений коментар');
      await page.getByTestId('study-form-cancel').click();
      expect(await page.getByTestId('form-discard-question').innerText()).toBe(
        texts.ru.adminForms.discardQuestion,
      );
      await page.getByRole('button', { name: texts.ru.adminForms.keepEditing }).click();
      expect(await page.getByTestId('study-form-comment').inputValue()).toBe('E2E: змінений коментар');

      // 15 minutes shorter: the end moves, the start (and so the date history) does not.
      const shorter = end.minus({ minutes: 15 });
      await page.getByTestId('study-form-end-time').fill(shorter.toFormat('HH:mm'));
      await page.getByTestId('study-form-save').click();
      expect((await toastText(page, 'success')).message).toBe(texts.ru.studyForm.saved);
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      const saved = await suite.server
        .knex('studies')
        .where({ id: study.id })
        .first('start', 'end', 'comment');
      expect(saved.comment).toBe('E2E: змінений коментар');
      expect(saved.start.getTime()).toBe(study.start.getTime());
      expect(saved.end.getTime()).toBe(shorter.toMillis());
      expect(
        Number(
          (
            await suite.server
              .knex('study_date_changes')
              .where({ study_id: study.id })
              .count({ n: '*' })
              .first()
          )?.n,
        ),
      ).toBe(0);

      // Closing without changes asks nothing.
      await page
        .locator(`[data-testid=study-event][data-study-id="${study.id}"] [data-testid=study-event-edit]`)
        .first()
        .click();
      await dialogOpen(page);
      await page.getByTestId('study-form-cancel').click();
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      expect(await page.getByTestId('form-discard-question').count()).toBe(0);
      await waitForCalendar(page);
    } finally {
      await context.close();
    }
  });
});

describe('study form deep links typed in the address bar', () => {
  for (const language of ['uk', 'ru'] as const) {
    it(`?edit=<id> opens the form over the studies page; a bad time reads as part 1 §5 says (${language}, 360 px)`, async () => {
      const t = texts[language];
      const week = currentKyivWeek();
      const [study] = await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to);
      const { context, page } = await suite.staffPage(language);
      try {
        await page.setViewportSize(VIEWPORTS.phone);
        await signIn(page, 'admin@example.com', language);
        await page.goto(`/staff/admin/studies?edit=${study.id}`);
        await dialogOpen(page);
        expect(await page.getByTestId('admin-table').count()).toBe(1);
        await page.getByTestId('study-form-start-time').fill('25:00');
        await page.getByTestId('study-form-save').click();
        expect(await page.getByTestId('study-form-start-error').innerText()).toBe(
          fill(t.validations.date_format, { attribute: t.attributes.time, format: 'H:MM' }),
        );
        // Nothing was sent: the study keeps its time.
        expect(
          (await suite.server.knex('studies').where({ id: study.id }).first('start')).start.getTime(),
        ).toBe(study.start.getTime());
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await viewportShot(page, `desktop-study-form-bad-time-${language}-360`);
        await page.getByTestId('study-form-start-time').fill('9:05');
        expect(await page.getByTestId('study-form-start-error').count()).toBe(0);
        // The start moved: the shared update schema's date-change rule asks for the initiator
        // of a move shown in the history, before anything is sent.
        await page.getByTestId('study-form-save').click();
        expect(await page.getByTestId('study-form-initiated_by-error').innerText()).toBe(
          fill(t.validations.required, { attribute: t.attributes.initiated_by }),
        );
        expect(
          (await suite.server.knex('studies').where({ id: study.id }).first('start')).start.getTime(),
        ).toBe(study.start.getTime());
        await page.getByTestId('study-form-initiated_by-error').scrollIntoViewIfNeeded();
        await viewportShot(page, `desktop-study-form-initiator-${language}-360`);
      } finally {
        await context.close();
      }
    });
  }

  it('?create on a teacher’s day off: the server’s refusal shows under the start (uk, ru); ignoring days off saves', async () => {
    const at = (await freeHourNextWeek(suite.server.knex, suite.teacherId)).plus({ weeks: 3 });
    const schedule = await suite.server.knex('schedules').where({ user_id: suite.teacherId }).first('id');
    await suite.server.knex('offperiods').insert({
      schedule_id: schedule.id,
      start_at: at.startOf('day').toJSDate(),
      end_at: at.endOf('day').toJSDate(),
    });
    const link = `/staff/admin/studies?create&start=${encodeURIComponent(at.toISO()!)}&duration=45&users[]=${suite.teacherId}`;
    for (const language of ['uk', 'ru'] as const) {
      const { context, page } = await suite.staffPage(language);
      try {
        await signIn(page, 'admin@example.com', language);
        await page.goto(link);
        await dialogOpen(page);
        expect(await page.getByTestId('study-form-end-time').inputValue()).toBe(
          at.plus({ minutes: 45 }).toFormat('HH:mm'),
        );
        await page.getByTestId('study-form-save').click();
        expect(await page.getByTestId('study-form-start-error').innerText()).toBe(
          texts[language].scheduling.create.in_off_period,
        );
        await viewportShot(page, `desktop-study-form-server-error-${language}-1280`);
        if (language === 'ru') {
          await page.getByTestId('study-form-ignore-offperiods').check({ force: true });
          await page.getByTestId('study-form-save').click();
          await page.getByTestId('study-form').waitFor({ state: 'detached' });
          // Typed directly: closing leaves the studies page.
          expect(new URL(page.url()).pathname).toBe('/staff/admin/studies');
          expect(
            await studiesOf(suite.server.knex, suite.teacherId, at, at.plus({ minutes: 1 })),
          ).toHaveLength(1);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('gives a Teacher (no `create study`) no form: neither from a free slot nor from a typed ?create', async () => {
    const at = await freeHourNextWeek(suite.server.knex, suite.teacherId);
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await clickNextWeekAt(page, suite.teacherId, at);
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/staff/');
      expect(await page.getByTestId('study-form').count()).toBe(0);
      await page.goto(`/staff/admin/studies?create&start=${encodeURIComponent(at.toISO()!)}`);
      await page.getByTestId('study-form-forbidden').waitFor();
      expect(await page.getByTestId('study-form').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** A coming study billed to exactly one package, with no miss status, a week ahead or later. */
async function studyOfOnePackage(): Promise<{ id: number; start: Date }> {
  const row = await suite.server
    .knex('studies as s')
    .join('study_user as su', 'su.study_id', 's.id')
    .where('s.miss_status', 0)
    .where('s.start', '>', DateTime.now().plus({ weeks: 1 }).toJSDate())
    .groupBy('s.id', 's.start')
    .havingRaw('count(distinct su.subscription_id) = 1')
    .orderBy('s.start')
    .first('s.id', 's.start');
  return { id: Number(row.id), start: row.start };
}

describe('study form: move to the end of subscription and the study’s own panels (part 2 §2, §4, §8)', () => {
  it('ticking shows the spinner, then the next date locked; unticking restores; saving moves the study; panels only on edit', async () => {
    const study = await studyOfOnePackage();
    const original = DateTime.fromJSDate(study.start).setZone(ZONE);
    const link = `/staff/admin/studies?edit=${study.id}`;
    const dateChanges = async () =>
      Number(
        (
          await suite.server
            .knex('study_date_changes')
            .where({ study_id: study.id })
            .count({ n: '*' })
            .first()
        )?.n,
      );
    const changesBefore = await dateChanges();
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      await page.goto(link);
      await dialogOpen(page);
      // The study's homework, messages and recordings, below the form and outside its Save.
      await page.getByTestId('study-form-sections').waitFor();
      for (const id of ['homework', 'messages', 'recordings'])
        await page.getByTestId(`study-section-${id}`).waitFor();
      expect(await page.locator('[data-testid=study-form] [data-testid=study-form-sections]').count()).toBe(
        0,
      );

      // The answer waits until the spinner has been seen.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/subscriptions/*/next-study-date', async (route) => {
        await gate;
        await route.continue();
      });
      const startDate = page.getByTestId('study-form-start-date');
      await page.getByTestId('study-form-move-to-end').check({ force: true });
      expect(await page.getByTestId('study-form-move-to-end-loading').innerText()).toBe(
        texts.uk.studyForm.calculatingNextDate,
      );
      expect(await startDate.isDisabled()).toBe(true);
      release();
      await page.locator('[data-testid=study-form-move-to-end-field][data-state=on]').waitFor();
      await page.unroute('**/api/subscriptions/*/next-study-date');
      expect(await startDate.isDisabled()).toBe(true);
      const shown = DateTime.fromFormat(
        `${await startDate.inputValue()} ${await page.getByTestId('study-form-start-time').inputValue()}`,
        'dd.MM.yyyy HH:mm',
        { zone: ZONE },
      );
      expect(shown > original).toBe(true);
      expect(await page.getByTestId('miss-status').count()).toBe(0);
      await page.getByTestId('study-form-date-change').waitFor();

      // Unticked: the start it had, unlocked, and no date-change block.
      await page.getByTestId('study-form-move-to-end').uncheck({ force: true });
      expect(await startDate.inputValue()).toBe(original.toFormat(DATE_FORMAT));
      expect(await startDate.isDisabled()).toBe(false);
      expect(await page.getByTestId('study-form-date-change').count()).toBe(0);

      // Ticked again and saved: the move-to-end command puts the study on the shown date.
      await page.getByTestId('study-form-move-to-end').check({ force: true });
      await page.locator('[data-testid=study-form-move-to-end-field][data-state=on]').waitFor();
      await viewportShot(page, 'desktop-study-form-move-to-end-uk-1280');
      await page.getByTestId('study-form-sections').scrollIntoViewIfNeeded();
      await viewportShot(page, 'desktop-study-form-sections-uk-1280');
      await page.locator('#study-form-initiated-by option:nth-child(2)').waitFor({ state: 'attached' });
      await page.getByTestId('study-form-initiated-by').selectOption({ index: 1 });
      await page.getByTestId('study-form-save').click();
      expect((await toastText(page, 'success')).message).toBe(texts.uk.studyForm.saved);
      await page.getByTestId('study-form').waitFor({ state: 'detached' });
      const moved = await suite.server.knex('studies').where({ id: study.id }).first('start');
      expect(moved.start.getTime()).toBe(shown.toMillis());
      expect(await dateChanges()).toBe(changesBefore + 1);
    } finally {
      await context.close();
    }

    // ru: a failed calculation alerts the server's words and unticks; a new study has no panels.
    const ru = await suite.staffPage('ru');
    try {
      await signIn(ru.page, 'admin@example.com', 'ru');
      await ru.page.goto(link);
      await dialogOpen(ru.page);
      await ru.page.getByTestId('study-section-messages').waitFor();
      expect(await ru.page.getByTestId('study-form-move-to-end-field').innerText()).toBe(
        texts.ru.studyForm.moveToEnd,
      );
      await ru.page.route('**/api/subscriptions/*/next-study-date', (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'x', error: 'Нет свободного времени' }),
        }),
      );
      await ru.page.getByTestId('study-form-move-to-end').check({ force: true });
      expect(await ru.page.getByTestId('study-form-move-to-end-failure').innerText()).toBe(
        'Нет свободного времени',
      );
      expect(await ru.page.getByTestId('study-form-move-to-end').isChecked()).toBe(false);
      await ru.page.getByRole('button', { name: texts.ru.common.close }).click();
      await ru.page.unroute('**/api/subscriptions/*/next-study-date');
      await ru.page.getByTestId('study-form-move-to-end').check({ force: true });
      await ru.page.locator('[data-testid=study-form-move-to-end-field][data-state=on]').waitFor();
      await viewportShot(ru.page, 'desktop-study-form-move-to-end-ru-1280');
      await ru.page.getByTestId('study-form-sections').scrollIntoViewIfNeeded();
      await viewportShot(ru.page, 'desktop-study-form-sections-ru-1280');
      await ru.page.goto(`/staff/admin/studies?create&users[]=${suite.teacherId}`);
      await dialogOpen(ru.page);
      expect(await ru.page.getByTestId('study-form-sections').count()).toBe(0);
      expect(await ru.page.getByTestId('study-form-move-to-end').count()).toBe(0);
    } finally {
      await ru.context.close();
    }
  });
});
