import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { currentKyivWeek, openStudy, pickUser, studyInProgress, toastText } from './calendar.test-kit';
import { useStaffSuite, viewportShot } from './staff-suite.test-kit';
import { signIn, userIdOf, studiesOf } from '../support/demo-school.test-kit';

/** The study event modal (spec part 1 §2, §4): contacts, the edit shortcut, notify, refused saves. */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

const suite = useStaffSuite();

async function weekStudies(students = 1, weeks = 1) {
  const week = currentKyivWeek(weeks);
  return (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).filter(
    (s) => s.students === students,
  );
}

describe('study event modal', () => {
  it('shows an Administrator the student’s contacts and jumps to the study in the admin table', async () => {
    for (const language of ['uk', 'ru'] as const) {
      const { context, page } = await suite.staffPage(language);
      try {
        await signIn(page, 'admin@example.com', language);
        await pickUser(page, suite.teacherId);
        const [study] = await weekStudies();
        await openStudy(page, study.id);
        const student = await suite.server
          .knex('study_user')
          .where({ study_id: study.id, role_id: 4 })
          .first('user_id');
        const phones = await suite.server
          .knex('phones')
          .where({ user_id: student.user_id })
          .count({ n: '*' })
          .first();
        const contacts = page.getByTestId(`contacts-${student.user_id}`);
        if (Number(phones?.n) > 0) {
          await contacts.waitFor();
          expect(await contacts.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
        }
        expect(await page.getByTestId('participants-role-4').count()).toBe(1);
        expect(await page.getByTestId('participants-role-3').count()).toBe(1);
        await viewportShot(page, `desktop-calendar-admin-modal-${language}`);
        const t = language === 'uk' ? uk : ru;
        expect(await page.getByTestId('study-section-recordings').innerText()).toContain(
          t.calendarUi.modal.recordings.toUpperCase(),
        );
        await page.getByTestId('study-close').click();
        await page.getByTestId('study-modal').waitFor({ state: 'detached' });

        await page
          .locator(`[data-testid=study-event][data-study-id="${study.id}"] [data-testid=study-event-edit]`)
          .first()
          .click();
        await page.waitForURL(`**/staff/admin/studies?edit=${study.id}`);
        expect(await page.getByTestId('study-modal').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it('gives a Teacher the notify button while the study runs, and says plainly when nothing can send', async () => {
    const { studyId, studentId } = await studyInProgress(suite.server.knex, suite.teacherId);
    // A student with a connected bot: the only thing missing is a job queue to send through (409 messenger_unavailable).
    await suite.server
      .knex('users')
      .where({ id: studentId })
      .update({ telegram_id: `e2e-${studentId}` });
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openStudy(page, studyId);
      const button = page.getByTestId(`notify-${studentId}`);
      await button.waitFor();
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/users/${studentId}/notify`));
      await button.click();
      const response = await answer;
      expect(response.status()).toBe(409);
      expect(response.request().postDataJSON()).toEqual({ type_id: 1, study_id: studyId });
      expect(await toastText(page, 'warning')).toEqual({
        title: uk.notify.failed,
        message: uk.calendarUi.notify.unavailable,
      });
      expect(await page.getByTestId('notify-error').innerText()).toBe(uk.calendarUi.notify.unavailable);
      // Enabled again after a failure (spec part 1 §4).
      expect(await button.isEnabled()).toBe(true);
      await viewportShot(page, 'desktop-calendar-teacher-notify-uk');
    } finally {
      await context.close();
    }
  });

  it('shows the notify button exactly from the study’s start to its end, to the second (Teacher)', async () => {
    // A study starting a few seconds after the modal opens and ending a few seconds later.
    const { studyId, studentId, start, end } = await studyInProgress(suite.server.knex, suite.teacherId, {
      start: 30_000,
      end: 37_000,
    });
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openStudy(page, studyId);
      const button = page.getByTestId(`notify-${studentId}`);
      expect(Date.now()).toBeLessThan(start.getTime());
      expect(await button.count()).toBe(0);
      await button.waitFor({ timeout: start.getTime() - Date.now() + 10_000 });
      const shownAt = Date.now();
      expect(shownAt).toBeGreaterThanOrEqual(start.getTime());
      expect(shownAt - start.getTime()).toBeLessThan(1_500);
      await button.waitFor({ state: 'detached', timeout: end.getTime() - Date.now() + 10_000 });
      const hiddenAt = Date.now();
      expect(hiddenAt).toBeGreaterThanOrEqual(end.getTime());
      expect(hiddenAt - end.getTime()).toBeLessThan(1_500);
    } finally {
      await context.close();
    }
  });

  it('offers a Teacher Write or Edit Report and the student’s previous report (spec part 1 §2, §6)', async () => {
    const [study] = (await weekStudies()).filter((s) => s.miss_status === 0);
    const { user_id: studentId } = await suite.server
      .knex('study_user')
      .where({ study_id: study.id, role_id: 4 })
      .first('user_id');
    const own = await suite.server
      .knex('study_reports')
      .where({ study_id: study.id, user_id: studentId })
      .first('id');
    const previous = await suite.server
      .knex('study_reports as r')
      .join('studies as s', 's.id', 'r.study_id')
      .where('r.user_id', studentId)
      .where('s.start', '<', study.start)
      // Among the reports the teacher may read (the study_report read scope: written by them or
      // of a study they take part in); the student's latest may be another teacher's.
      .where((q) =>
        q
          .where('r.created_by', suite.teacherId)
          .orWhereExists((e) =>
            e
              .select(1)
              .from('study_user as su')
              .whereRaw('su.study_id = r.study_id')
              .where('su.user_id', suite.teacherId),
          ),
      )
      .orderBy([
        { column: 's.start', order: 'desc' },
        { column: 's.id', order: 'desc' },
      ])
      .first('r.subject');
    for (const language of ['uk', 'ru'] as const) {
      const t = language === 'uk' ? uk : ru;
      const { context, page } = await suite.staffPage(language);
      try {
        await signIn(page, 'teacher@example.com', language);
        await pickUser(page, suite.teacherId);
        await openStudy(page, study.id);
        await page.getByTestId(`report-previous-${studentId}`).click();
        const shown = page.getByTestId(`previous-report-${studentId}`);
        await shown.waitFor();
        expect(await shown.innerText()).toContain(
          previous ? previous.subject : t.calendarUi.modal.noPreviousReport,
        );
        await viewportShot(page, `desktop-calendar-teacher-reports-${language}`);
        if (language === 'ru') continue;
        if (own) {
          expect(await page.getByTestId(`report-edit-${studentId}`).innerText()).toBe(
            t.calendarUi.modal.editReport,
          );
          await page.getByTestId(`report-edit-${studentId}`).click();
          await page.waitForURL(`**/staff/admin/study_reports?edit=${own.id}`);
        } else {
          expect(await page.getByTestId(`report-write-${studentId}`).innerText()).toBe(
            t.calendarUi.modal.writeReport,
          );
          await page.getByTestId(`report-write-${studentId}`).click();
          await page.waitForURL(
            `**/staff/admin/study_reports?create&study_id=${study.id}&user_id=${studentId}`,
          );
        }
      } finally {
        await context.close();
      }
    }
  });

  it('puts a refused miss status under its field when the study changed meanwhile (Teacher, Billed Miss)', async () => {
    const study = (await weekStudies()).find((s) => s.miss_status === 0 && !s.comment)!;
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openStudy(page, study.id);
      await page.getByTestId('study-comment').fill('typed before the manager acted');
      await page.getByTestId('miss-status-1').check({ force: true });

      // Meanwhile a manager records a billed miss; the open form keeps what the teacher typed.
      const manager = await suite.server.signInAs('Manager');
      expect(
        (await manager.post(`/api/studies/${study.id}`, { _method: 'patch', miss_status: 2 })).status,
      ).toBe(200);
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid=miss-status-2]') as HTMLInputElement | null)?.checked ===
          false,
      );
      await page.getByTestId('study-save').click();
      const error = page.getByTestId('miss-status-error');
      await error.waitFor();
      expect(await error.innerText()).toBe(uk.scheduling.update.miss_status_teacher);
      expect(await page.getByTestId('study-comment').inputValue()).toBe('typed before the manager acted');
      const row = await suite.server.knex('studies').where({ id: study.id }).first('comment', 'miss_status');
      expect(row).toEqual({ comment: null, miss_status: 2 });
      await viewportShot(page, 'desktop-calendar-teacher-refused-uk');
    } finally {
      await context.close();
    }
  });

  it('hides the miss status of a group study and the notify button of a study not running (Administrator)', async () => {
    const now = Date.now();
    // A study later this week (not running) that gets a second student.
    // This week and the next: late on a Sunday this week has no lesson an hour ahead.
    const candidates = (await weekStudies(1, 2)).filter((s) => s.start.getTime() > now + 3_600_000);
    const others = await suite.server
      .knex('users')
      .where({ role_id: 4, active: true })
      .orderBy('id')
      .limit(30)
      .pluck('id');
    let group: number | null = null;
    for (const study of candidates) {
      for (const userId of others) {
        try {
          await suite.server.knex('study_user').insert({ study_id: study.id, user_id: userId, role_id: 4 });
          group = study.id;
          break;
        } catch {
          // already in it, or busy at that time: try the next student
        }
      }
      if (group !== null) break;
    }
    expect(group, 'a future study this week or the next that takes a second student').not.toBeNull();
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'admin@example.com');
      await pickUser(page, suite.teacherId);
      await openStudy(page, group!);
      expect(
        await page.getByTestId('participants-role-4').locator('.study-participants__person').count(),
      ).toBe(2);
      expect(await page.getByTestId('study-comment').count()).toBe(1);
      expect(await page.getByTestId('miss-status').count()).toBe(0);
      expect(await page.locator('[data-testid^=notify-]').count()).toBe(0);
      await viewportShot(page, 'desktop-calendar-admin-group-modal-uk');
    } finally {
      await context.close();
    }
  });

  it('gives a Responsible their children only, the month view and the reduced modal (no comment, no miss status, Save with nothing to save)', async () => {
    const parent = await suite.server.knex('users').where({ email: 'parent@example.com' }).first('id');
    const children = await suite.server
      .knex('user_responsibles as r')
      .join('users as u', 'u.id', 'r.child_id')
      .where('r.responsible_id', parent.id)
      .where('u.active', true)
      .orderBy('u.id')
      .pluck('u.id');
    const student = await userIdOf(suite.server.knex, 'student@example.com');
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'parent@example.com', 'ru');
      await page.waitForFunction(() => {
        const select = document.querySelector('[data-testid=user-picker]') as HTMLSelectElement | null;
        return select !== null && select.options.length > 1;
      });
      const offered = await page
        .getByTestId('user-picker')
        .locator('option')
        .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value).filter((v) => v !== ''));
      expect(offered.map(Number).sort((a, b) => a - b)).toEqual(children.map(Number).sort((a, b) => a - b));
      expect(offered).not.toContain(String(parent.id));

      await page.getByTestId('user-picker').selectOption(String(student));
      await page.getByTestId('calendar-board').waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid=calendar-board][data-loading]'));
      expect(await page.getByTestId('calendar-view-month').getAttribute('class')).toContain('bp6-active');
      expect(await page.getByTestId('hours-bar').count()).toBe(0);
      const first = page.locator('.fc-daygrid-event [data-testid=study-event]').first();
      await first.waitFor();
      await first.click();
      await page.getByTestId('study-modal').waitFor();
      expect(await page.getByTestId('study-comment').count()).toBe(0);
      expect(await page.getByTestId('miss-status').count()).toBe(0);
      // Save exists with `update study` (a Responsible may move the start); nothing here is theirs to change.
      expect(await page.getByTestId('study-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('study-close').count()).toBe(1);
      // No `create study_report`: no report buttons.
      expect(await page.locator('[data-testid^=report-write-], [data-testid^=report-edit-]').count()).toBe(0);
      await viewportShot(page, 'desktop-calendar-responsible-modal-ru');
    } finally {
      await context.close();
    }
  });
});
