import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer } from '@school/server/test/harness.test-kit';
import { pickUser } from '../desktop-calendar/calendar.test-kit';
import {
  openStudy as openFamilyStudy,
  showMonthOf,
  viewShot,
  waitForCalendar,
} from '../family-web/family.test-kit';
import { closeBrowser, launchBrowser, newPage, VIEWPORTS } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { type Language, signIn, userIdOf } from '../support/demo-school.test-kit';
import {
  KB,
  openDesktopStudy,
  textFile,
  watchUploads,
  weekStudiesOf,
  type PanelStudy,
} from './study-panels.test-kit';

/** The family modal's panels and what crosses between staff and family live (issue 14). */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let childId: number;
const used = new Set<number>();

beforeAll(async () => {
  assertBundlesBuilt();
  server = await startTestServer({ seed: true, realtime: true });
  browser = await launchBrowser();
  childId = await userIdOf(server.knex, 'student@example.com');
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

/** A lesson of student@ from this week on with one teacher, not used by another test. */
async function childStudy(): Promise<PanelStudy> {
  const study = (await weekStudiesOf(server.knex, childId, 4)).find((s) => !used.has(s.id));
  if (!study) throw new Error('no one-student lesson of student@example.com in the next four weeks');
  used.add(study.id);
  return study;
}

async function familyPage(
  email: string,
  language: Language,
  viewport: { width: number; height: number } = VIEWPORTS.phone,
) {
  const opened = await newPage(browser, {
    baseURL: server.url,
    viewport,
    locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
  });
  await signIn(opened.page, email, language, 'family');
  if (email === 'parent@example.com') {
    await opened.page.locator(`[data-testid=child-option][data-child-id="${childId}"]`).click();
  }
  await waitForCalendar(opened.page, childId);
  return opened;
}

async function openInFamily(page: Page, study: PanelStudy): Promise<void> {
  await showMonthOf(page, study.start);
  await openFamilyStudy(page, study.id);
}

/** The staff side of the same lesson: its teacher's calendar in the staff app (as the teacher, or an Administrator). */
async function staffOn(study: PanelStudy) {
  const teacherEmail = (await server.knex('users').where({ id: study.teacherId }).first('email'))?.email as
    string | null;
  const email = teacherEmail === 'teacher@example.com' ? teacherEmail : 'admin@example.com';
  const opened = await newPage(browser, { baseURL: server.url, viewport: VIEWPORTS.desktop });
  await signIn(opened.page, email);
  await pickUser(opened.page, study.teacherId);
  await openDesktopStudy(opened.page, study.id);
  return opened;
}

/** The message a page's next POST api/study_messages created (201 with data.data). */
async function sentMessage(page: Page): Promise<{ id: number; content: string; user_id: number }> {
  const response = await page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/api/study_messages'),
  );
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number; content: string; user_id: number } }).data;
}

describe('messages between staff and a family', () => {
  it('what a parent sends appears live in the staff modal, the answer live in the parent’s, a deletion too', async () => {
    const study = await childStudy();
    // The demo's chat of a past lesson would already count as unread: start from an empty one.
    await server.knex('study_messages').where({ study_id: study.id }).delete();
    const parent = await familyPage('parent@example.com', 'uk');
    const staff = await staffOn(study);
    try {
      await staff.page.getByTestId('messages-panel').waitFor();
      // A message from the school while the parent looks at the month (a family's default view):
      // the lesson gets the "new message" mark live, and the words in its title.
      await showMonthOf(parent.page, study.start);
      const unreadMark = parent.page.locator(
        `[data-testid=family-calendar] [data-testid=study-event][data-study-id="${study.id}"] .study-event__notice--unreadMessages`,
      );
      expect(await unreadMark.count()).toBe(0);
      await staff.page.getByTestId('message-input').fill('Нагадую: візьміть, будь ласка, зошит на урок.');
      const first = sentMessage(staff.page);
      await staff.page.getByTestId('message-send').click();
      const fromSchool = await first;
      await expect.poll(() => unreadMark.first().isVisible(), { timeout: 10_000 }).toBe(true);
      expect(
        await parent.page
          .locator(`[data-testid=study-event][data-study-id="${study.id}"]`)
          .first()
          .getAttribute('title'),
      ).toContain(uk.calendarUi.notices.unreadMessages);
      await viewShot(parent.page, 'panels-family-unread-mark-360-uk');

      // Opening the lesson reads its chat: the mark leaves the calendar (under the modal) at once,
      // before anything else changes the lesson.
      const parentId = await userIdOf(server.knex, 'parent@example.com');
      const readUpTo = () =>
        server
          .knex('study_message_reads')
          .where({ study_id: study.id, user_id: parentId })
          .first('last_read_message_id')
          .then((row) => row?.last_read_message_id);
      await openFamilyStudy(parent.page, study.id);
      await parent.page.getByTestId(`message-${fromSchool.id}`).waitFor();
      await expect.poll(readUpTo, { timeout: 10_000 }).toBe(fromSchool.id);
      await expect.poll(() => unreadMark.count(), { timeout: 10_000 }).toBe(0);

      // Never empty: blank text is refused without a call.
      await parent.page.getByTestId('message-input').fill('   ');
      await parent.page.getByTestId('message-send').click();
      expect(await parent.page.getByTestId('message-error').innerText()).toBe(
        uk.studyPanels.messages.emptyError,
      );

      await parent.page
        .getByTestId('message-input')
        .fill('Добрий день! Ми сьогодні можемо запізнитися на 5 хвилин.');
      const sent = sentMessage(parent.page);
      await parent.page.getByTestId('message-input').press('Control+Enter');
      const fromParent = await sent;
      await parent.page.getByTestId(`message-${fromParent.id}`).waitFor();
      expect(await parent.page.getByTestId('message-input').inputValue()).toBe('');

      const onStaff = staff.page.getByTestId(`message-${fromParent.id}`);
      await onStaff.waitFor({ timeout: 10_000 });
      expect(await onStaff.innerText()).toContain('Ми сьогодні можемо запізнитися на 5 хвилин.');
      // The school sees who wrote: the parent's full name and role (spec part 2 §3), though a
      // teacher may not read that parent's profile otherwise.
      const parentRow = await server.knex('users').where({ email: 'parent@example.com' }).first('full_name');
      expect(await onStaff.innerText()).toContain(parentRow.full_name);
      expect(await onStaff.innerText()).toContain(uk.roles[5]);

      await staff.page.getByTestId('message-input').fill('Добре, чекаємо. Домашнє завдання надішлю сюди.');
      const answered = sentMessage(staff.page);
      await staff.page.getByTestId('message-send').click();
      const fromStaff = await answered;
      const onParent = parent.page.getByTestId(`message-${fromStaff.id}`);
      await onParent.waitFor({ timeout: 10_000 });
      expect(await onParent.innerText()).toContain('Домашнє завдання надішлю сюди.');
      // Who wrote it: full name and role (spec part 2 §3 "user (full_name, role)").
      const author = await server
        .knex('users')
        .where({ id: fromStaff.user_id })
        .first('full_name', 'role_id');
      expect(await onParent.innerText()).toContain(author.full_name);
      expect(await onParent.innerText()).toContain(uk.roles[author.role_id as 1 | 3]);
      await viewShot(parent.page, 'panels-family-messages-360-uk');
      // The chat on screen counts as read up to the newest message (the calendar's unread flag).
      await expect.poll(readUpTo, { timeout: 10_000 }).toBe(fromStaff.id);

      // The parent deletes their own message (with a confirmation); it leaves the staff modal too.
      expect(await parent.page.getByTestId(`message-delete-${fromStaff.id}`).count()).toBe(0);
      await parent.page.getByTestId(`message-delete-${fromParent.id}`).click();
      await parent.page.getByTestId('message-confirm-delete').click();
      await parent.page.getByTestId(`message-${fromParent.id}`).waitFor({ state: 'detached' });
      await onStaff.waitFor({ state: 'detached', timeout: 10_000 });

      // Back on the calendar: everything was read, no mark.
      await parent.page.getByTestId('modal-close').click();
      await parent.page.getByTestId('study-modal').waitFor({ state: 'detached' });
      await expect.poll(() => unreadMark.count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await parent.context.close();
      await staff.context.close();
    }
  });
});

describe('homework in the family modal', () => {
  it('a student uploads (8192 KB yes, 8193 KB stopped before sending), downloads and deletes their own file; the teacher sees it come', async () => {
    const study = await childStudy();
    const student = await familyPage('student@example.com', 'uk');
    const staff = await staffOn(study);
    try {
      await openInFamily(student.page, study);
      await student.page.getByTestId('homework-panel').waitFor();
      const uploads = watchUploads(student.page, study.id);
      await student.page
        .getByTestId('homework-input')
        .setInputFiles(textFile('Моя відповідь.txt', 8193 * KB));
      expect(await student.page.getByTestId('homework-problem').innerText()).toBe(
        uk.studyPanels.homework.tooLarge
          .replace('{{name}}', 'Моя відповідь.txt')
          .replace('{{maxKb}}', '8192'),
      );
      expect(uploads.count()).toBe(0);

      const answer = student.page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/studies/${study.id}`),
      );
      await student.page
        .getByTestId('homework-input')
        .setInputFiles(textFile('Моя відповідь.txt', 8192 * KB));
      expect((await answer).status()).toBe(200);
      const row = await server
        .knex('study_tasks')
        .where({ study_id: study.id, file_name: 'Моя відповідь.txt' })
        .first('id', 'user_id', 'creator_id');
      expect(row).toMatchObject({ user_id: childId, creator_id: childId });
      await student.page.getByTestId(`homework-file-${row.id}`).waitFor();
      await staff.page.getByTestId(`homework-file-${row.id}`).waitFor({ timeout: 10_000 });

      const download = student.page.waitForEvent('download');
      await student.page.getByTestId(`homework-download-${row.id}`).click();
      expect((await download).suggestedFilename()).toBe('Моя відповідь.txt');
      await viewShot(student.page, 'panels-family-homework-360-uk');

      await student.page.getByTestId(`homework-delete-${row.id}`).click();
      await student.page.getByTestId('homework-confirm-delete').click();
      await student.page.getByTestId(`homework-file-${row.id}`).waitFor({ state: 'detached' });
      await staff.page.getByTestId(`homework-file-${row.id}`).waitFor({ state: 'detached', timeout: 10_000 });
      expect(await server.knex('study_tasks').where({ id: row.id }).first('id')).toBeUndefined();
    } finally {
      await student.context.close();
      await staff.context.close();
    }
  });
});

describe('the family modal at 360 and 1280 px', () => {
  it('a parent reads the child’s report, homework and messages, in Ukrainian and Russian', async () => {
    const study = await childStudy();
    await server.knex('study_reports').where({ study_id: study.id, user_id: childId }).delete();
    await server.knex('study_reports').insert({
      study_id: study.id,
      user_id: childId,
      created_by: study.teacherId,
      subject: 'Дроби: додавання з різними знаменниками',
      content: uk.studyPanels.reportTemplates.general.content,
    });
    // The lesson's teacher writes (the demo teacher teaches student@; a parent sees their children's teachers).
    expect(study.teacherId).toBe(await userIdOf(server.knex, 'teacher@example.com'));
    const teacher = await server.signInAs('Teacher');
    expect(
      (
        await teacher.post('/api/study_messages', {
          study_id: study.id,
          content: 'Звіт про заняття вже в картці уроку.',
        })
      ).status,
    ).toBe(201);
    for (const language of ['uk', 'ru'] as const) {
      for (const [width, viewport] of [
        ['360', VIEWPORTS.phone],
        ['1280', VIEWPORTS.desktop],
      ] as const) {
        const parent = await familyPage('parent@example.com', language, viewport);
        try {
          await openInFamily(parent.page, study);
          const report = parent.page.getByTestId('report-text');
          await report.waitFor();
          expect(await report.innerText()).toContain('Дроби: додавання з різними знаменниками');
          await parent.page.getByTestId('messages-list').waitFor();
          const t = language === 'uk' ? uk : ru;
          expect(await parent.page.getByTestId('study-slot-homework').innerText()).toContain(
            t.family.study.sections.homework,
          );
          // A parent may upload for their child (update study_task) but delete only what they uploaded.
          expect(await parent.page.getByTestId(`homework-upload-${childId}`).count()).toBe(1);
          await viewShot(parent.page, `panels-family-modal-${width}-${language}`);
          await parent.page
            .getByTestId('study-slot-reports')
            .evaluate((node) => node.scrollIntoView({ block: 'start' }));
          await viewShot(parent.page, `panels-family-modal-${width}-${language}-end`);
          await parent.page
            .getByTestId('study-slot-recordings')
            .evaluate((node) => node.scrollIntoView({ block: 'end' }));
          await viewShot(parent.page, `panels-family-modal-${width}-${language}-bottom`);
        } finally {
          await parent.context.close();
        }
      }
    }
  });
});
