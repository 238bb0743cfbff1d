import { describe, expect, it } from 'vitest';
import { i18nFor, resources } from '@school/shared/i18n';
import { pickUser, toastText } from '../desktop-calendar/calendar.test-kit';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import {
  KB,
  openDesktopStudy,
  textFile,
  watchUploads,
  weekStudiesOf,
  type PanelStudy,
} from './study-panels.test-kit';

/** The staff app's study modal panels (issue 14): homework, the report form, the evaluation. */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const suite = useStaffSuite();
const used = new Set<number>();

async function freshStudy(
  filter: (s: PanelStudy) => Promise<boolean> | boolean = () => true,
): Promise<PanelStudy> {
  // This week and the next: late in the week this one has too few lessons without a report.
  for (const study of await weekStudiesOf(suite.server.knex, suite.teacherId, 2)) {
    if (used.has(study.id) || !(await filter(study))) continue;
    used.add(study.id);
    return study;
  }
  throw new Error('no unused one-student study of the demo teacher this week or the next');
}

const noReport = async (s: PanelStudy) =>
  !(await suite.server.knex('study_reports').where({ study_id: s.id, user_id: s.studentId }).first('id'));

describe('homework in the staff study modal', () => {
  it('a Teacher uploads a file of exactly 8192 KB, is stopped at 8193 KB before sending, downloads and deletes', async () => {
    const study = await freshStudy();
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openDesktopStudy(page, study.id);
      const uploads = watchUploads(page, study.id);
      const input = page.getByTestId(`homework-input-${study.studentId}`);
      await page.getByTestId('homework-panel').waitFor();

      await input.setInputFiles(textFile('Задачі.txt', 8193 * KB));
      expect(await page.getByTestId('homework-problem').innerText()).toBe(
        uk.studyPanels.homework.tooLarge.replace('{{name}}', 'Задачі.txt').replace('{{maxKb}}', '8192'),
      );
      expect(uploads.count()).toBe(0);

      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/studies/${study.id}`),
      );
      await input.setInputFiles(textFile('Задачі.txt', 8192 * KB));
      expect((await answer).status()).toBe(200);
      expect(uploads.count()).toBe(1);
      const row = await suite.server
        .knex('study_tasks')
        .where({ study_id: study.id, file_name: 'Задачі.txt' })
        .first('id', 'user_id', 'file_size');
      expect(row).toMatchObject({ user_id: study.studentId, file_size: 8192 * KB });
      const file = page.getByTestId(`homework-file-${row.id}`);
      await file.waitFor();
      expect(await page.getByTestId('homework-problem').count()).toBe(0);
      expect(await file.innerText()).toContain('8.0');

      const download = page.waitForEvent('download');
      await page.getByTestId(`homework-download-${row.id}`).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe('Задачі.txt');
      const stream = await saved.createReadStream();
      let size = 0;
      for await (const chunk of stream) size += (chunk as Buffer).length;
      expect(size).toBe(8192 * KB);

      await page.getByTestId(`homework-delete-${row.id}`).click();
      expect(await page.getByTestId('homework-confirm').innerText()).toBe(
        uk.studyPanels.homework.confirmDelete.replace('{{name}}', 'Задачі.txt'),
      );
      await viewportShot(page, 'panels-desktop-homework-confirm-uk');
      const removed = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/study_tasks/${row.id}`),
      );
      await page.getByRole('button', { name: uk.studyPanels.delete, exact: true }).click();
      expect((await removed).status()).toBe(204);
      await file.waitFor({ state: 'detached' });
      expect(await suite.server.knex('study_tasks').where({ id: row.id }).first('id')).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});

describe('the study report form', () => {
  it('Write Report opens the form; Save says what is wrong under each field in Ukrainian; a template fills it and it saves', async () => {
    const study = await freshStudy(noReport);
    const t = i18nFor('uk').t;
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'teacher@example.com', 'uk');
      await pickUser(page, suite.teacherId);
      await openDesktopStudy(page, study.id);
      await page.getByTestId(`report-write-${study.studentId}`).click();
      await page.waitForURL(
        `**/staff/admin/study_reports?create&study_id=${study.id}&user_id=${study.studentId}`,
      );
      await page.getByTestId('report-form').waitFor();
      expect(await page.getByTestId('report-form').getAttribute('data-mode')).toBe('create');

      await page.getByTestId('report-save').click();
      expect(await page.getByTestId('subject-error').innerText()).toBe(
        t('validations.required', { attribute: t('attributes.subject') }),
      );
      expect(await page.getByTestId('content-error').innerText()).toBe(
        t('validations.required', { attribute: t('attributes.content') }),
      );
      await page.getByTestId('report-subject').fill('Тема');
      await page.getByTestId('report-content').fill('Працювали з дробами.');
      await page.getByTestId('report-save').click();
      expect(await page.getByTestId('subject-error').innerText()).toBe(
        'Поле «тема» має містити щонайменше 5 символів.',
      );
      expect(await page.getByTestId('content-error').innerText()).toBe(
        'Поле «текст» має містити щонайменше 170 символів.',
      );
      await viewportShot(page, 'panels-desktop-report-errors-uk');
      expect(
        await suite.server.knex('study_reports').where({ study_id: study.id }).first('id'),
      ).toBeUndefined();

      // A template over typed text asks first, then fills both fields.
      await page.getByTestId('report-template-general').click();
      await page.getByTestId('report-template-confirm').waitFor();
      await page.getByRole('button', { name: uk.studyPanels.reportForm.replace, exact: true }).click();
      expect(await page.getByTestId('report-subject').inputValue()).toBe(
        uk.studyPanels.reportTemplates.general.subject,
      );
      expect(await page.getByTestId('report-content').inputValue()).toBe(
        uk.studyPanels.reportTemplates.general.content,
      );
      expect(await page.getByTestId('subject-error').count()).toBe(0);
      await page.getByTestId('report-subject').fill('Звіт про заняття: дроби та відсотки');
      await page.getByTestId('report-save').click();
      expect((await toastText(page, 'success')).message).toBe(uk.studyPanels.reportForm.saved);
      // The form closes onto the calendar and the study modal it was opened from.
      await page.getByTestId('report-form').waitFor({ state: 'detached' });
      await page.waitForURL((url) => url.pathname === '/staff/' || url.pathname === '/staff');
      const saved = await suite.server
        .knex('study_reports')
        .where({ study_id: study.id, user_id: study.studentId })
        .first('id', 'subject', 'content');
      expect(saved.subject).toBe('Звіт про заняття: дроби та відсотки');
      expect(saved.content).toBe(uk.studyPanels.reportTemplates.general.content);

      // The modal now offers Edit Report, which opens the same form on the written report.
      await page.getByTestId(`report-edit-${study.studentId}`).click();
      await page.getByTestId('report-form').waitFor();
      expect(await page.getByTestId('report-form').getAttribute('data-mode')).toBe('update');
      expect(await page.getByTestId('report-subject').inputValue()).toBe(saved.subject);
    } finally {
      await context.close();
    }
  });

  it('in Russian: the messages under the fields and the templates are Russian', async () => {
    const study = await freshStudy(noReport);
    const { context, page } = await suite.staffPage('ru');
    try {
      await signIn(page, 'teacher@example.com', 'ru');
      await page.goto(`/staff/admin/study_reports?create&study_id=${study.id}&user_id=${study.studentId}`);
      await page.getByTestId('report-form').waitFor();
      await page.getByTestId('report-subject').fill('x'.repeat(256));
      await page.getByTestId('report-content').fill('Коротко.');
      await page.getByTestId('report-save').click();
      expect(await page.getByTestId('subject-error').innerText()).toBe(
        'Поле «тема» может содержать не более 255 символов.',
      );
      expect(await page.getByTestId('content-error').innerText()).toMatch(/170/);
      expect(await page.getByTestId('content-error').innerText()).toMatch(/текст/i);
      await viewportShot(page, 'panels-desktop-report-errors-ru');
      await page.getByTestId('report-template-trial').click();
      await page.getByRole('button', { name: ru.studyPanels.reportForm.replace, exact: true }).click();
      expect(await page.getByTestId('report-subject').inputValue()).toBe(
        ru.studyPanels.reportTemplates.trial.subject,
      );
      expect(await page.getByTestId('report-content').inputValue()).toBe(
        ru.studyPanels.reportTemplates.trial.content,
      );
      expect(await page.getByTestId('content-counter').innerText()).toContain(
        String(ru.studyPanels.reportTemplates.trial.content.length),
      );
      // Closing with unsaved text asks first.
      await page.getByTestId('report-back').click();
      expect(await page.getByTestId('report-discard-confirm').innerText()).toBe(
        ru.studyPanels.reportForm.discardConfirm,
      );
      await page.getByRole('button', { name: ru.studyPanels.reportForm.discard, exact: true }).click();
      await page.getByTestId('report-form').waitFor({ state: 'detached' });
      expect(
        await suite.server.knex('study_reports').where({ study_id: study.id }).first('id'),
      ).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('says "Cannot write report when miss status is set" and does not let a report be written', async () => {
    const study = await freshStudy(noReport);
    await suite.server.knex('studies').where({ id: study.id }).update({ miss_status: 1 });
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openDesktopStudy(page, study.id);
      expect(await page.getByTestId('report-miss-blocked').innerText()).toBe(uk.reports.miss_status_blocked);
      expect(await page.locator('[data-testid^=report-write-]').count()).toBe(0);
      await page.goto(`/staff/admin/study_reports?create&study_id=${study.id}&user_id=${study.studentId}`);
      expect(await page.getByTestId('report-blocked').innerText()).toBe(uk.reports.miss_status_blocked);
      expect(await page.getByTestId('report-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('report-subject').isDisabled()).toBe(true);
      await viewportShot(page, 'panels-desktop-report-blocked-uk');
    } finally {
      await context.close();
    }
  });
});

describe('the evaluation in the staff study modal', () => {
  it('an Administrator sees the score and report, or "No evaluation found"; a Teacher sees no evaluation', async () => {
    const rated = await freshStudy();
    const bare = await freshStudy(
      async (s) => !(await suite.server.knex('evaluations').where({ study_id: s.id }).first('id')),
    );
    await suite.server.knex('evaluations').where({ study_id: rated.id }).delete();
    await suite.server
      .knex('evaluations')
      .insert({ study_id: rated.id, score: 8.5, report: 'Урок пройшов жваво, учень впевнено відповідав.' });
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await pickUser(page, suite.teacherId);
      await openDesktopStudy(page, rated.id);
      await page.getByTestId('evaluation-score').waitFor();
      expect(await page.getByTestId('evaluation-score').innerText()).toBe('Оцінка: 8.5');
      expect(await page.getByTestId('evaluation-score').getAttribute('data-intent')).toBe('success');
      expect(await page.getByTestId('evaluation-report').innerText()).toBe(
        'Урок пройшов жваво, учень впевнено відповідав.',
      );
      await page.getByTestId('study-close').click();
      await openDesktopStudy(page, bare.id);
      expect(await page.getByTestId('evaluation-message').innerText()).toBe(
        uk.studyPanels.evaluation.notFound,
      );
    } finally {
      await context.close();
    }
    const teacher = await suite.staffPage('uk');
    try {
      await signIn(teacher.page, 'teacher@example.com');
      await pickUser(teacher.page, suite.teacherId);
      await openDesktopStudy(teacher.page, rated.id);
      await teacher.page.getByTestId('messages-panel').waitFor();
      expect(await teacher.page.getByTestId('study-section-evaluation').count()).toBe(0);
    } finally {
      await teacher.context.close();
    }
  });
});

describe('how the staff modal looks', () => {
  it('at 1280 and 360 px, in Ukrainian and Russian, with homework, messages and reports', async () => {
    // Any lesson of the week will do (the others may have used them all).
    const [study] = await weekStudiesOf(suite.server.knex, suite.teacherId);
    await suite.server.knex('studies').where({ id: study.id }).update({ miss_status: 0 });
    await suite.server.knex('study_tasks').insert({
      study_id: study.id,
      user_id: study.studentId,
      creator_id: suite.teacherId,
      file_name: 'Дроби — домашнє завдання.pdf',
      file_mime: 'application/pdf',
      file_size: 245_760,
      storage_key: `e2e/${study.id}.pdf`,
    });
    const teacher = await suite.server.signInAs('Teacher');
    await teacher.post('/api/study_messages', {
      study_id: study.id,
      content: 'Добрий день! Не забудьте повторити правило про дроби.',
    });
    const manager = await suite.server.signInAs('Manager');
    await manager.post('/api/study_messages', {
      study_id: study.id,
      content: 'Батьки просять перенести наступне заняття на годину пізніше.',
    });
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com');
      await pickUser(page, suite.teacherId);
      await openDesktopStudy(page, study.id);
      await page.getByTestId('messages-list').waitFor();
      for (const language of ['uk', 'ru'] as const) {
        await page.getByTestId('study-close').click();
        await page.evaluate((lang) => localStorage.setItem('app:language', lang), language);
        await page.reload();
        await pickUser(page, suite.teacherId);
        await openDesktopStudy(page, study.id);
        await page.getByTestId('messages-list').waitFor();
        const t = language === 'uk' ? uk : ru;
        expect(await page.getByTestId('study-section-messages').innerText()).toContain(
          t.studyPanels.messages.title.toUpperCase(),
        );
        for (const [width, viewport] of [
          ['1280', VIEWPORTS.desktop],
          ['360', VIEWPORTS.phone],
        ] as const) {
          await page.setViewportSize(viewport);
          await viewportShot(page, `panels-desktop-modal-${width}-${language}`);
          await page.getByTestId('evaluation').waitFor();
          await page
            .getByTestId('study-section-evaluation')
            .evaluate((node) => node.scrollIntoView({ block: 'end' }));
          await viewportShot(page, `panels-desktop-modal-${width}-${language}-end`);
          await page.getByTestId('study-modal').evaluate((node) => node.scrollTo(0, 0));
        }
        await page.setViewportSize(VIEWPORTS.desktop);
      }
    } finally {
      await context.close();
    }
  });
});
