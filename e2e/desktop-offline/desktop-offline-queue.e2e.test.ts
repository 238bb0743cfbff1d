import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@school/server/test/harness.test-kit';
import { resources } from '@school/shared/i18n';
import { openStudy, pickUser, toastText } from '../desktop-calendar/calendar.test-kit';
import { viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { closeBrowser, launchBrowser, newPage, SCREENSHOT_DIR } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { weekStudiesOf, type PanelStudy } from '../study-panels/study-panels.test-kit';
import { startOutageServer, startShellProxy, type OutageServer, type ShellProxy } from './outage.test-kit';

/**
 * Issue 34 points 2, 4, 5, 6: the staff app's lesson writes through a real outage (the server
 * process stopped and started again) land exactly once; a write based on a text someone else
 * changed meanwhile opens the conflict dialog instead of overwriting it.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

let db: TestDatabase;
let server: OutageServer;
let proxy: ShellProxy;
let browser: Browser;
let teacherId: number;
const studies: PanelStudy[] = [];

beforeAll(async () => {
  assertBundlesBuilt();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  db = await createTestDatabase('demo');
  server = await startOutageServer(db.url);
  proxy = await startShellProxy(server.url);
  browser = await launchBrowser();
  teacherId = await userIdOf(db.knex, 'teacher@example.com');
  for (const study of await weekStudiesOf(db.knex, teacherId, 2)) {
    const report = await db.knex('study_reports').where({ study_id: study.id }).first('id');
    if (!report) studies.push(study);
  }
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  await proxy?.close();
  await server?.stop();
  await db?.drop();
});

/** The queue entries kept in the browser build's IndexedDB (features/offline/offline-storage.ts). */
function queuedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('school-offline');
        open.onerror = () => reject(new Error('no offline store'));
        open.onsuccess = () => {
          const request = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
          request.onsuccess = () =>
            resolve((request.result as string[]).filter((key) => String(key).startsWith('write-queue:')));
        };
      }),
  );
}

/** The language switch sits under a dialog's backdrop: clicked as the app's own code would. */
async function switchLanguage(page: Page, language: 'uk' | 'ru'): Promise<void> {
  await page.evaluate((code) => {
    (document.querySelector(`[data-testid=language-${code}]`) as HTMLElement).click();
  }, language);
  await page.waitForFunction((code) => document.documentElement.lang === code, language);
}

describe('lesson writes through a real outage', () => {
  it('a comment, a report and a chat message typed while the server is down land once when it is back', async () => {
    const study = studies[0];
    const { context, page } = await newPage(browser, { baseURL: proxy.url, locale: 'uk-UA' });
    try {
      await signIn(page, 'teacher@example.com', 'uk');
      // Russian loads on demand: once while online, as a teacher who switched before would have it.
      await switchLanguage(page, 'ru');
      await switchLanguage(page, 'uk');
      await pickUser(page, teacherId);
      await openStudy(page, study.id);
      await page.getByTestId(`report-write-${study.studentId}`).click();
      await page.getByTestId('report-form').waitFor();

      await server.stop();

      await page.getByTestId('report-template-general').click();
      await page.getByTestId('report-subject').fill('Офлайн: дроби та відсотки');
      await page.getByTestId('report-save').click();
      expect((await toastText(page, 'warning')).message).toBe(uk.offlineWrites.pending);
      await page.getByTestId('report-form').waitFor({ state: 'detached' });
      await page.getByTestId(`report-pending-${study.studentId}`).waitFor();
      // No second report while the first waits (it would be refused when sent).
      expect(await page.getByTestId(`report-write-${study.studentId}`).count()).toBe(0);

      const comment = `Коментар без зв'язку ${study.id}`;
      await page.getByTestId('study-comment').fill(comment);
      await page.getByTestId('study-save').click();
      await page.getByTestId('study-comment-pending').waitFor();
      expect(await page.getByTestId('study-comment').inputValue()).toBe(comment);

      const message = `Повідомлення без зв'язку ${study.id}`;
      await page.getByTestId('message-input').fill(message);
      await page.getByTestId('message-send').click();
      const pendingMessage = page.getByTestId('message-pending');
      await pendingMessage.waitFor();
      expect(await pendingMessage.innerText()).toContain(message);
      expect(await pendingMessage.innerText()).toContain(uk.offlineWrites.pending);
      expect(await page.getByTestId('message-input').inputValue()).toBe('');
      expect(await page.getByTestId('pending-writes-badge').getAttribute('data-count')).toBe('3');
      expect(await page.getByTestId('study-comment-pending').innerText()).toBe(uk.offlineWrites.pending);

      await viewportShot(page, 'offline-queue-pending-uk');
      await page.getByTestId(`report-pending-${study.studentId}`).scrollIntoViewIfNeeded();
      await viewportShot(page, 'offline-queue-pending-report-uk');
      await switchLanguage(page, 'ru');
      await expect
        .poll(() => page.getByTestId('study-comment-pending').innerText())
        .toBe(ru.offlineWrites.pending);
      await expect
        .poll(() => page.getByTestId('pending-writes-badge').innerText())
        .toBe(ru.offlineWrites.pendingCount.replace('{{count}}', '3'));
      await viewportShot(page, 'offline-queue-pending-ru');
      await switchLanguage(page, 'uk');

      // Nothing reached the database while the server was down.
      const row = () => db.knex('studies').where({ id: study.id }).first('comment');
      expect((await row()).comment).not.toBe(comment);
      expect(await db.knex('study_messages').where({ study_id: study.id, content: message })).toHaveLength(0);

      // The app reloaded with the server still down: the queue is on disk, the app opens on the
      // last account's data and still counts the three writes, the comment still pending.
      await page.reload();
      await page.getByTestId('home-calendar').waitFor();
      await expect.poll(() => queuedKeys(page)).toHaveLength(3);
      const badge = page.getByTestId('pending-writes-badge');
      await badge.waitFor();
      expect(await badge.getAttribute('data-count')).toBe('3');
      await page.getByTestId('offline-banner').waitFor();
      await viewportShot(page, 'offline-queue-after-reload-uk');

      await server.start();
      await page.goto('/staff/');
      await page.getByTestId('home-calendar').waitFor();
      await expect.poll(() => queuedKeys(page), { timeout: 30_000 }).toHaveLength(0);

      expect((await row()).comment).toBe(comment);
      expect(await db.knex('study_messages').where({ study_id: study.id, content: message })).toHaveLength(1);
      const reports = await db
        .knex('study_reports')
        .where({ study_id: study.id, user_id: study.studentId })
        .select('subject', 'content');
      expect(reports).toEqual([
        { subject: 'Офлайн: дроби та відсотки', content: uk.studyPanels.reportTemplates.general.content },
      ]);
      expect(await page.getByTestId('pending-writes-badge').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a comment changed by someone else meanwhile opens the conflict dialog with both texts; the merge lands', async () => {
    const study = studies[1];
    const { context, page } = await newPage(browser, { baseURL: proxy.url, locale: 'ru-RU' });
    const other = await newPage(browser, { baseURL: server.url, locale: 'uk-UA' });
    await server.start();
    try {
      await signIn(page, 'teacher@example.com', 'ru');
      await pickUser(page, teacherId);
      await openStudy(page, study.id);

      // The teacher's connection drops; the server stays up for the administrator.
      proxy.cut(true);
      const theirs = 'Адміністратор: учень просив перенести тему';
      await signIn(other.page, 'admin@example.com', 'uk');
      await pickUser(other.page, teacherId);
      await openStudy(other.page, study.id);
      await other.page.getByTestId('study-comment').fill(theirs);
      await other.page.getByTestId('study-save').click();
      expect((await toastText(other.page, 'success')).message).toBe(uk.calendarUi.modal.saved);

      const mine = 'Учитель: прошли дроби, домашка — №5';
      await page.getByTestId('study-comment').fill(mine);
      await page.getByTestId('study-save').click();
      await page.getByTestId('study-comment-pending').waitFor();

      proxy.cut(false);
      const dialog = page.getByTestId('conflict-dialog');
      await dialog.waitFor({ timeout: 45_000 });
      expect(await page.getByTestId('conflict-mine-comment').innerText()).toBe(mine);
      expect(await page.getByTestId('conflict-theirs-comment').innerText()).toBe(theirs);
      expect(await page.getByTestId('conflict-keep-mine').innerText()).toBe(
        ru.offlineWrites.conflict.keepMine,
      );
      await viewportShot(page, 'offline-queue-conflict-ru');
      await switchLanguage(page, 'uk');
      expect(await page.getByTestId('conflict-keep-theirs').innerText()).toBe(
        uk.offlineWrites.conflict.keepTheirs,
      );
      await viewportShot(page, 'offline-queue-conflict-uk');
      // Nothing was overwritten while the teacher decides.
      expect((await db.knex('studies').where({ id: study.id }).first('comment')).comment).toBe(theirs);

      await page.getByTestId('conflict-merge').click();
      const merged = page.getByTestId('conflict-merged-comment');
      expect(await merged.inputValue()).toBe(`${mine}\n\n${theirs}`);
      await merged.fill(`${mine}. ${theirs}`);
      await viewportShot(page, 'offline-queue-conflict-merge-uk');
      await page.getByTestId('conflict-save-merged').click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await db.knex('studies').where({ id: study.id }).first('comment')).comment, {
          timeout: 30_000,
        })
        .toBe(`${mine}. ${theirs}`);
    } finally {
      await other.context.close();
      await context.close();
    }
  });
});
