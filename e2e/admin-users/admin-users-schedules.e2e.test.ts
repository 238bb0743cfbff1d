import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { signIn } from '../support/demo-school.test-kit';

/**
 * The user and schedule forms (spec part 2 §2-§6, part 1 §2 deep links) and the schedules table,
 * in uk and ru: created and edited through `?create` / `?edit=`, the rules' messages under the
 * fields, the server's 422 under its field, overlapping periods refused, a dirty form asks.
 */

const texts = { uk: resources.uk.translation, ru: resources.ru.translation };
type Texts = (typeof texts)['uk'];
const suite = useStaffSuite();

const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, String(value)),
    template,
  );
const required = (t: Texts, attribute: keyof Texts['attributes']) =>
  fill(t.validations.required, { attribute: t.attributes[attribute] });

async function formOpen(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction((id) => !document.querySelector(`[data-testid=${id}-loading]`), testId);
}

/** Types a date into a Blueprint date input (dd.MM.yyyy) and leaves it. */
async function typeDate(page: Page, testId: string, date: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill(date);
  // A click outside closes the calendar (Enter would submit the form, Escape close the dialog).
  await page.locator('.bp6-dialog-header').click();
  await page.locator('.bp6-datepicker').waitFor({ state: 'detached' });
}

const errorOf = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe('user form', () => {
  it('?create&role_id=4: the rules speak under each field (uk); a student with a phone, a class and a responsible is created', async () => {
    const t = texts.uk;
    const responsible = await suite.server
      .knex('users')
      .where({ role_id: 5, active: true })
      .orderBy('id')
      .first('id', 'full_name', 'responsible_type_id');
    // The sources come from GET api/user_sources (part 1 §7): one the school added is offered too.
    const [added] = await suite.server.knex('user_sources').insert({ name: 'Instagram' }).returning('id');
    const addedSource = Number(added.id ?? added);
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await page.goto('/staff/admin/users?create&role_id=4');
      await formOpen(page, 'user-form');
      expect(await page.getByTestId('user-form-role_id').inputValue()).toBe('4');
      expect(await page.getByTestId('user-form-email-note').innerText()).toBe(t.userForm.emailNote);
      await page.getByTestId('user-form-family').waitFor();

      await page.getByTestId('user-form-phones-add').click();
      expect(await page.getByTestId('user-form-phones-0').inputValue()).toBe('380');
      await page.getByTestId('user-form-save').click();
      expect(await errorOf(page, 'user-form-firstname-error')).toBe(required(t, 'firstname'));
      expect(await errorOf(page, 'user-form-password-error')).toBe(required(t, 'password'));
      expect(await errorOf(page, 'user-form-responsible_type_id-error')).toBe(
        required(t, 'responsible_type_id'),
      );
      // Only the prefix typed is no number.
      expect(await errorOf(page, 'user-form-phones-0-error')).toBe(required(t, 'phone'));

      await page.getByTestId('user-form-phones-0').fill('38067abc');
      await page.getByTestId('user-form-password').fill('short');
      await page.getByTestId('user-form-email').fill('not-an-email');
      await page.getByTestId('user-form-save').click();
      expect(await errorOf(page, 'user-form-phones-0-error')).toBe(
        fill(t.validations.numeric, { attribute: t.attributes.phone }),
      );
      expect(await errorOf(page, 'user-form-password-error')).toBe(
        fill(t.validations.min.string, { attribute: t.attributes.password, min: 8 }),
      );
      expect(await errorOf(page, 'user-form-email-error')).toBe(
        fill(t.validations.email, { attribute: t.attributes.email }),
      );
      await page.getByTestId('user-form-surname').scrollIntoViewIfNeeded();
      await viewportShot(page, 'admin-user-form-errors-uk-1280');

      // Pasted with spaces and brackets, kept as digits; the email left empty (one is made up).
      await page.getByTestId('user-form-phones-0').fill('+380 (67) 765-43-21');
      expect(await page.getByTestId('user-form-phones-0').inputValue()).toBe('380677654321');
      await page.getByTestId('user-form-phones-0-type').selectOption('2');
      await page.getByTestId('user-form-email').fill('');
      await page.getByTestId('user-form-surname').fill('Тестовий');
      await page.getByTestId('user-form-firstname').fill('Учень');
      await page.getByTestId('user-form-password').fill('secret-pass-1');
      await page.getByTestId('user-form-responsible_type_id').selectOption('3');
      expect(await page.getByTestId('user-form-source_id').locator(`option[value="1"]`).innerText()).toBe(
        t.userForm.sources[1],
      );
      await page.getByTestId('user-form-source_id').selectOption(String(addedSource));
      expect(
        await page.getByTestId('user-form-source_id').locator(`option[value="${addedSource}"]`).innerText(),
      ).toBe('Instagram');
      await page
        .locator('[data-testid=user-form-classes-5], [data-testid^=user-form-classes-]')
        .first()
        .waitFor();
      const classBox = page.locator('[data-testid^=user-form-classes-]').nth(3);
      const classId = Number((await classBox.getAttribute('data-testid'))!.split('-').pop());
      await classBox.check({ force: true });
      await page.getByTestId('user-form-responsibles-search').fill(String(responsible.full_name).slice(0, 1));
      expect(await page.locator('.admin-widgets__hint').first().innerText()).toBe(
        fill(t.adminWidgets.multiselect.hint, { count: 2 }),
      );
      await page.getByTestId('user-form-responsibles-search').fill(String(responsible.full_name).slice(0, 5));
      await page.getByTestId(`user-form-responsibles-option-${responsible.id}`).click();
      const tag = await page.getByTestId(`user-form-responsibles-chosen-${responsible.id}`).innerText();
      expect(tag).toContain(String(responsible.full_name));
      if (responsible.responsible_type_id)
        expect(tag).toContain(t.userForm.responsibleTypes[responsible.responsible_type_id as 1]);
      await viewportShot(page, 'admin-user-form-create-uk-1280');

      await page.getByTestId('user-form-save').click();
      await page.getByTestId('user-form').waitFor({ state: 'detached' });
      const created = await suite.server
        .knex('users')
        .where({ firstname: 'Учень', surname: 'Тестовий' })
        .first('id', 'email', 'role_id', 'responsible_type_id', 'source_id');
      expect(created).toMatchObject({ role_id: 4, responsible_type_id: 3, source_id: addedSource });
      expect(created.email).toMatch(/@example\.com$/);
      expect(
        await suite.server.knex('phones').where({ user_id: created.id }).select('phone', 'type_id'),
      ).toEqual([{ phone: '380677654321', type_id: 2 }]);
      expect(
        (
          await suite.server
            .knex('classification_user')
            .where({ user_id: created.id })
            .select('classification_id')
        ).map((r) => Number(r.classification_id)),
      ).toEqual([classId]);
      expect(
        await suite.server.knex('user_responsibles').where({ child_id: created.id }).select('responsible_id'),
      ).toEqual([{ responsible_id: responsible.id }]);
    } finally {
      await context.close();
    }
  });

  it('?edit=<id> in ru: a taken email comes back from the server under the email; a short password is refused; the fix saves', async () => {
    const t = texts.ru;
    const user = await suite.server
      .knex('users')
      .where({ role_id: 4, active: true })
      .orderBy('id', 'desc')
      .first('id', 'email', 'firstname');
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'manager@example.com', 'ru');
      await page.goto(`/staff/admin/users?edit=${user.id}`);
      await formOpen(page, 'user-form');
      expect(await page.getByTestId('user-form-firstname').inputValue()).toBe(user.firstname);
      expect(await page.getByTestId('user-form-password').inputValue()).toBe('');
      await page.getByTestId('user-form-email').fill('teacher@example.com');
      await page.getByTestId('user-form-save').click();
      expect(await errorOf(page, 'user-form-email-error')).toBe(
        fill(t.validations.unique, { attribute: t.attributes.email }),
      );
      await page.getByTestId('user-form-email').fill(`edited-${user.id}@example.com`);
      // The server's message was about the value sent: changing the field takes it away.
      expect(await page.getByTestId('user-form-email-error').count()).toBe(0);
      await page.getByTestId('user-form-password').fill('abc');
      await page.getByTestId('user-form-save').click();
      expect(await errorOf(page, 'user-form-password-error')).toBe(
        fill(t.validations.min.string, { attribute: t.attributes.password, min: 8 }),
      );
      await page.getByTestId('user-form-surname').scrollIntoViewIfNeeded();
      await viewportShot(page, 'admin-user-form-edit-ru-1280');
      await page.getByTestId('user-form-password').fill('');
      const phones = await page.locator('[data-testid^=user-form-phones-][data-testid$=-type]').count();
      await page.getByTestId('user-form-phones-add').click();
      await page.getByTestId(`user-form-phones-${phones}`).fill('380501112233');
      await page.getByTestId('user-form-save').click();
      await page.getByTestId('user-form').waitFor({ state: 'detached' });
      expect((await suite.server.knex('users').where({ id: user.id }).first('email')).email).toBe(
        `edited-${user.id}@example.com`,
      );
      expect(
        (await suite.server.knex('phones').where({ user_id: user.id }).select('phone')).map((r) => r.phone),
      ).toContain('380501112233');

      // A teacher's form has the profile, filled from the stored one.
      await page.goto(`/staff/admin/users?edit=${suite.teacherId}`);
      await formOpen(page, 'user-form');
      await page.getByTestId('user-form-teacher').scrollIntoViewIfNeeded();
      expect(await page.getByTestId('user-form-priority').inputValue()).not.toBe('');
      await viewportShot(page, 'admin-user-form-teacher-ru-1280');
    } finally {
      await context.close();
    }
  });
});

describe('schedule form and table', () => {
  it('?create&user_id&start_at (uk): overlapping work periods and days off are refused; the schedule is created and listed', async () => {
    const t = texts.uk;
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await page.goto(`/staff/admin/schedules?create&user_id=${suite.teacherId}&start_at=2027-01-04`);
      await formOpen(page, 'schedule-form');
      expect(await page.getByTestId('schedule-form-user_id').inputValue()).toBe(String(suite.teacherId));
      expect(await page.getByTestId('schedule-form-start_at').inputValue()).toBe('04.01.2027');

      await page.getByTestId('schedule-form-add-workperiod').click();
      await page.getByTestId('schedule-form-add-workperiod').click();
      await page.getByTestId('schedule-form-save').click();
      expect(await errorOf(page, 'schedule-form-workperiod-0-error')).toBe(required(t, 'weekday'));

      await page.getByTestId('schedule-form-workperiod-0-weekday').selectOption('1');
      await page.getByTestId('schedule-form-workperiod-0-start').fill('9:00');
      await page.getByTestId('schedule-form-workperiod-0-duration').fill('120');
      await page.getByTestId('schedule-form-workperiod-1-weekday').selectOption('1');
      await page.getByTestId('schedule-form-workperiod-1-start').fill('10:30');
      await page.getByTestId('schedule-form-add-offperiod').click();
      await page.getByTestId('schedule-form-add-offperiod').click();
      await typeDate(page, 'schedule-form-offperiod-0-start-date', '14.01.2027');
      await typeDate(page, 'schedule-form-offperiod-0-end-date', '15.01.2027');
      await typeDate(page, 'schedule-form-offperiod-1-start-date', '15.01.2027');
      await page.getByTestId('schedule-form-offperiod-1-start-time').fill('25:00');
      await page.getByTestId('schedule-form-save').click();
      expect(await errorOf(page, 'schedule-form-workperiod-1-error')).toBe(
        fill(t.validations.work_overlap, { other: 1 }),
      );
      expect(await errorOf(page, 'schedule-form-offperiod-1-start-error')).toBe(
        fill(t.validations.date_format, { attribute: t.attributes.time, format: 'H:MM' }),
      );
      await page.getByTestId('schedule-form-offperiod-1-start-time').fill('12:00');
      await page.getByTestId('schedule-form-save').click();
      expect(await errorOf(page, 'schedule-form-offperiod-1-start-error')).toBe(
        fill(t.validations.off_overlap, { other: 1 }),
      );
      await viewportShot(page, 'admin-schedule-form-errors-uk-1280');
      expect(
        await suite.server
          .knex('schedules')
          .where({ user_id: suite.teacherId })
          .where('start_at', '>=', '2027-01-01')
          .first('id'),
      ).toBeUndefined();

      await page.getByTestId('schedule-form-workperiod-1-start').fill('11:00');
      await typeDate(page, 'schedule-form-offperiod-1-start-date', '20.01.2027');
      await typeDate(page, 'schedule-form-offperiod-1-end-date', '20.01.2027');
      await typeDate(page, 'schedule-form-end_at', '30.06.2027');
      await page.getByTestId('schedule-form-save').click();
      await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
      const schedule = await suite.server
        .knex('schedules')
        .where({ user_id: suite.teacherId })
        .where('start_at', '>=', '2027-01-01')
        .first('id');
      const work = await suite.server
        .knex('workperiods')
        .where({ schedule_id: schedule.id })
        .orderBy('start_time')
        .select('weekday', 'start_time', 'duration');
      expect(work.map((w) => [w.weekday, String(w.start_time).slice(0, 5), w.duration])).toEqual([
        [1, '09:00', 120],
        [1, '11:00', 60],
      ]);
      expect(
        await suite.server.knex('offperiods').where({ schedule_id: schedule.id }).select('id'),
      ).toHaveLength(2);

      // Listed with its week and its days off, one per line.
      await page.goto(`/staff/admin/schedules?id=${schedule.id}`);
      await page.getByTestId(`schedule-offperiods-${schedule.id}`).waitFor();
      expect(
        await page.getByTestId(`schedule-offperiods-${schedule.id}`).locator('li').allInnerTexts(),
      ).toEqual(['14.01.2027 00:00 – 15.01.2027 23:59', '20.01.2027 12:00 – 20.01.2027 23:59']);
      expect(await page.getByTestId('schedule-week-event').allInnerTexts()).toEqual([
        '09:00–11:00',
        '11:00–12:00',
      ]);
      await viewportShot(page, 'admin-schedules-table-uk-1280');

      // Prolong (part 2 §2) opens the copy: from the old end, no end, the work periods, no days
      // off; nothing is written until Save, and Cancel leaves no row.
      const count = async () =>
        Number(
          (
            await suite.server
              .knex('schedules')
              .where({ user_id: suite.teacherId })
              .count<{ count: string }[]>('* as count')
          )[0].count,
        );
      const before = await count();
      const openCopy = async () => {
        await page.getByTestId(`prolong-${schedule.id}`).click();
        await formOpen(page, 'schedule-form');
        expect(new URL(page.url()).searchParams.get('copy_of')).toBe(String(schedule.id));
      };
      await openCopy();
      expect(await page.getByTestId('schedule-form').getAttribute('data-mode')).toBe('create');
      expect(await page.getByTestId('schedule-form-start_at').inputValue()).toBe('30.06.2027');
      expect(await page.getByTestId('schedule-form-end_at').inputValue()).toBe('');
      expect(await page.getByTestId('schedule-form-workperiod-1-start').inputValue()).toBe('11:00');
      expect(
        await page.locator('[data-testid^=schedule-form-offperiod-][data-testid$=-start-date]').count(),
      ).toBe(0);
      await viewportShot(page, 'admin-schedule-prolong-uk-1280');
      expect(await count()).toBe(before);
      await page.getByTestId('schedule-form-cancel').click();
      await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
      expect(await count()).toBe(before);
      await openCopy();
      await page.getByTestId('schedule-form-save').click();
      await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
      expect(await count()).toBe(before + 1);
      const copy = await suite.server
        .knex('schedules')
        .where({ user_id: suite.teacherId })
        .orderBy('id', 'desc')
        .first('id', 'start_at', 'end_at');
      expect(copy.end_at).toBeNull();
      expect(
        await suite.server.knex('workperiods').where({ schedule_id: copy.id }).select('id'),
      ).toHaveLength(2);
      expect(await suite.server.knex('offperiods').where({ schedule_id: copy.id }).select('id')).toHaveLength(
        0,
      );
    } finally {
      await context.close();
    }
  });

  it('?edit=<id> in ru: a bad duration reads in Russian; leaving the dirty form asks, keeps it, then throws it away', async () => {
    const t = texts.ru;
    const schedule = await suite.server
      .knex('schedules')
      .where({ user_id: suite.teacherId })
      .orderBy('id')
      .first('id');
    const before = await suite.server
      .knex('workperiods')
      .where({ schedule_id: schedule.id })
      .orderBy('id')
      .select('id', 'duration');
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'manager@example.com', 'ru');
      await page.goto(`/staff/admin/schedules?edit=${schedule.id}`);
      await formOpen(page, 'schedule-form');
      expect(
        await page.locator('[data-testid^=schedule-form-workperiod-][data-testid$=-weekday]').count(),
      ).toBe(before.length);
      await page.getByTestId('schedule-form-workperiod-0-duration').fill('0');
      await page.getByTestId('schedule-form-save').click();
      expect(await errorOf(page, 'schedule-form-workperiod-0-error')).toBe(
        fill(t.validations.min.numeric, { attribute: t.attributes.duration, min: 1 }),
      );
      await viewportShot(page, 'admin-schedule-form-edit-ru-1280');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t.adminForms.discard }).click();
      await page.getByTestId('schedule-form').waitFor({ state: 'detached' });

      // Prolong in Russian: the filled copy, nothing written until Save.
      const ended = await suite.server
        .knex('schedules')
        .whereNotNull('end_at')
        .whereNotNull('user_id')
        .orderBy('id')
        .first('id');
      const rows = await suite.server.knex('schedules').count<{ count: string }[]>('* as count');
      await page.goto(`/staff/admin/schedules?id=${ended.id}`);
      await page.getByTestId(`prolong-${ended.id}`).click();
      await formOpen(page, 'schedule-form');
      expect(await page.getByTestId('schedule-form').getAttribute('data-mode')).toBe('create');
      await viewportShot(page, 'admin-schedule-prolong-ru-1280');
      await page.getByTestId('schedule-form-cancel').click();
      await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
      expect(await suite.server.knex('schedules').count<{ count: string }[]>('* as count')).toEqual(rows);
      await page.goto(`/staff/admin/schedules?edit=${schedule.id}`);
      await formOpen(page, 'schedule-form');
      await page.getByTestId('schedule-form-workperiod-0-duration').fill('0');

      await page.getByTestId('schedule-form-cancel').click();
      expect(await page.getByTestId('form-discard-question').innerText()).toBe(t.adminForms.discardQuestion);
      await page.getByRole('button', { name: t.adminForms.keepEditing }).click();
      expect(await page.getByTestId('schedule-form-workperiod-0-duration').inputValue()).toBe('0');
      // An Escape while the question is still fading out belongs to it, not to the form.
      await page.getByTestId('form-discard-question').waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t.adminForms.discard }).click();
      await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
      expect(
        await suite.server
          .knex('workperiods')
          .where({ schedule_id: schedule.id })
          .orderBy('id')
          .select('id', 'duration'),
      ).toEqual(before);
    } finally {
      await context.close();
    }
  });
});
