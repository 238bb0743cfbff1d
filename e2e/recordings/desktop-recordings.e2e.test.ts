import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { currentKyivWeek, openStudy, pickUser, toastText } from '../desktop-calendar/calendar.test-kit';
import { viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn, studiesOf } from '../support/demo-school.test-kit';
import {
  activeRows,
  addFiles,
  recordingsOf,
  sharedStudiesThisWeek,
  showSection,
  shownRows,
  throttleUploads,
  useRecordingsSuite,
} from './recordings.test-kit';

/**
 * The recordings section of the staff app in Chromium (/staff/, the browser build: a file input
 * instead of the native dialog, the same flow): spec part 1 §4 rows, §5 file rules, §7 calls.
 */

const texts = { uk: resources.uk.translation, ru: resources.ru.translation };
const suite = useRecordingsSuite();

async function studies(): Promise<number[]> {
  const week = currentKyivWeek();
  const ids = await sharedStudiesThisWeek(
    suite.server.knex,
    suite.teacherId,
    suite.studentId,
    week.from.toJSDate(),
    week.to.toJSDate(),
  );
  if (ids.length < 2)
    throw new Error(`the demo week has ${ids.length} studies of teacher@ with student@, 2 needed`);
  return ids;
}

async function teacherPage(language: 'uk' | 'ru') {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    viewport: VIEWPORTS.desktop,
    locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, 'teacher@example.com', language);
  await pickUser(page, suite.teacherId);
  return { context, page };
}

describe('recordings in the staff study modal', () => {
  it('adds, checks, orders, labels, saves with progress, plays with seeking, downloads, replaces and removes (uk)', async () => {
    const [studyId] = await studies();
    const t = texts.uk;
    const { context, page } = await teacherPage('uk');
    try {
      await openStudy(page, studyId);
      await page.getByTestId('recordings-empty').waitFor();
      expect(await page.getByTestId('recordings-save').isDisabled()).toBe(true);

      // Three videos, a 2-second click and a text file named .mp4: the last two are flagged.
      const s = suite.samples;
      await addFiles(page, [s['lesson-1.webm'], s['lesson-2.webm'], s['click.webm'], s['notes.mp4']]);
      await addFiles(page, [s['lesson-2.webm']]);
      await expect.poll(() => activeRows(page).count()).toBe(5);
      const problemsOf = (i: number) =>
        activeRows(page)
          .nth(i)
          .locator('[data-problem]')
          .evaluateAll((n) => n.map((x) => (x as HTMLElement).dataset.problem));
      expect(await problemsOf(0)).toEqual([]);
      expect(await problemsOf(1)).toEqual(['recordings.file_duplicate']);
      expect(await problemsOf(2)).toEqual(['recordings.too_short']);
      expect(await problemsOf(3)).toEqual(['recordings.file_must_be_video']);
      expect(await problemsOf(4)).toEqual(['recordings.file_duplicate']);
      expect(await activeRows(page).nth(3).locator('[data-problem]').innerText()).toBe(
        t.recordings.file_must_be_video,
      );
      expect(await page.getByTestId('recordings-save').isDisabled()).toBe(true);
      await viewportShot(page, 'recordings-desktop-problems-uk');

      // New rows go without a confirmation.
      for (const i of [4, 3, 2]) await activeRows(page).nth(i).locator('[data-testid$="-remove"]').click();
      expect(await page.getByTestId('recordings-confirm').count()).toBe(0);
      // An empty row says "File not selected" until a file is chosen.
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('recordings-add').click();
      await (await chooser).setFiles([]);
      await expect.poll(() => activeRows(page).count()).toBe(3);
      expect(await activeRows(page).nth(2).locator('[data-problem]').innerText()).toBe(
        t.recordings.file_not_selected,
      );
      const choose = page.waitForEvent('filechooser');
      await activeRows(page).nth(2).locator('[data-testid$="-choose"]').click();
      await (await choose).setFiles([s['lesson-3.mp4']]);
      await expect.poll(() => activeRows(page).nth(2).locator('[data-problem]').count()).toBe(0);

      // Reorder: drag the third row onto the first, then the (new) first one down with its button.
      await activeRows(page).nth(2).dragTo(activeRows(page).nth(0));
      expect((await shownRows(page)).map((r) => r.name)).toEqual([
        'lesson-3.mp4',
        'lesson-1.webm',
        'lesson-2.webm',
      ]);
      await activeRows(page).nth(0).locator('[data-testid$="-down"]').click();
      expect(await shownRows(page)).toEqual([
        { part: '1', name: 'lesson-1.webm', kind: 'new' },
        { part: '2', name: 'lesson-3.mp4', kind: 'new' },
        { part: '3', name: 'lesson-2.webm', kind: 'new' },
      ]);

      // Languages of the first row: Ukrainian and English.
      const picker = activeRows(page).nth(0).locator('[data-testid$="-languages"]');
      await picker.click();
      await page.locator('[data-testid$="-languages-option-uk"]').click();
      await page.locator('[data-testid$="-languages-option-en"]').click();
      await page.keyboard.press('Escape');
      expect(await picker.innerText()).toContain('EN, UK');
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-ready-uk');

      // Save with a slow uplink: the bar shows real bytes, per file and in total.
      await throttleUploads(page, 150 * 1024);
      const percents: number[] = [];
      await page.getByTestId('recordings-save').click();
      const progress = page.getByTestId('recordings-progress');
      await progress.waitFor();
      expect(await progress.getAttribute('data-route')).toBe('direct');
      await expect
        .poll(async () => Number(await progress.getAttribute('data-percent').catch(() => '0')), {
          timeout: 30_000,
        })
        .toBeGreaterThan(5);
      percents.push(Number(await progress.getAttribute('data-percent')));
      await viewportShot(page, 'recordings-desktop-uploading-uk');
      expect(await toastText(page, 'success')).toEqual({ title: '', message: t.recordings.saved });
      await throttleUploads(page, null);
      expect(percents[0]).toBeLessThan(100);

      const saved = await recordingsOf(suite.server.knex, studyId);
      expect(saved.map((r) => [r.part, r.file_name, r.languages])).toEqual([
        [1, 'lesson-1.webm', ['en', 'uk']],
        [2, 'lesson-3.mp4', []],
        [3, 'lesson-2.webm', []],
      ]);
      await expect
        .poll(async () => (await shownRows(page)).map((r) => r.kind).join())
        .toBe('existing,existing,existing');
      expect(await page.getByTestId('recordings-save').isDisabled()).toBe(true);

      // Play inside the modal and seek: the player asks /play for byte ranges (206).
      const ranges: number[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith(`/recordings/${saved[0].id}/play`)) ranges.push(r.status());
      });
      await activeRows(page).nth(0).locator('[data-testid$="-play"]').click();
      const video = page.getByTestId(`recording-player-${saved[0].id}`);
      await video.waitFor();
      const duration = await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) =>
            v.readyState >= 1
              ? resolve(v.duration)
              : v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true }),
          ),
      );
      expect(duration).toBeGreaterThan(11);
      const seekedTo = await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
            v.currentTime = 9;
          }),
      );
      expect(seekedTo).toBeCloseTo(9, 0);
      expect(ranges).toContain(206);
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-playing-uk');
      await activeRows(page).nth(0).locator('[data-testid$="-play"]').click();

      // Download under its name.
      const download = page.waitForEvent('download');
      await activeRows(page).nth(1).locator('[data-testid$="-download"]').click();
      expect((await download).suggestedFilename()).toBe('lesson-3.mp4');

      // Replace the second, remove the third (after confirming), then save both at once.
      const replace = page.waitForEvent('filechooser');
      await activeRows(page).nth(1).locator('[data-testid$="-replace"]').click();
      await (await replace).setFiles([suite.samples['урок 4.webm']]);
      // The browser looks into the file first (a moment), then the row holds it.
      await expect
        .poll(async () => (await shownRows(page)).map((r) => `${r.kind}:${r.name}`).join())
        .toBe('existing:lesson-1.webm,replacing:урок 4.webm,existing:lesson-2.webm');
      await activeRows(page).nth(2).locator('[data-testid$="-remove"]').click();
      await page.getByTestId('recordings-confirm').waitFor();
      await viewportShot(page, 'recordings-desktop-confirm-uk');
      await page.locator('.bp6-alert-footer .bp6-intent-danger').click();
      await expect.poll(() => activeRows(page).count()).toBe(2);
      await page.getByTestId('recordings-save').click();
      await expect
        .poll(
          async () =>
            (await recordingsOf(suite.server.knex, studyId)).map((r) => `${r.part}:${r.file_name}`).join(),
          { timeout: 30_000 },
        )
        .toBe('1:lesson-1.webm,2:урок 4.webm');
      await expect
        .poll(async () => (await shownRows(page)).map((r) => `${r.kind}:${r.name}`).join())
        .toBe('existing:lesson-1.webm,existing:урок 4.webm');

      // "Download failed" when the server no longer has it.
      await suite.server.knex('recordings').where({ study_id: studyId, file_name: 'урок 4.webm' }).delete();
      await activeRows(page).nth(1).locator('[data-testid$="-download"]').click();
      expect((await toastText(page, 'danger')).message).toBe(t.errors.download_failed);
    } finally {
      await context.close();
    }
  });

  it('continues after a dropped connection without sending finished files again, and stops on request (ru)', async () => {
    const [, studyId] = await studies();
    const t = texts.ru;
    const { context, page } = await teacherPage('ru');
    try {
      await openStudy(page, studyId);
      await page.getByTestId('recordings-empty').waitFor();
      await addFiles(page, [suite.samples['lesson-2.webm'], suite.samples['lesson-1.webm']]);
      await expect.poll(() => activeRows(page).count()).toBe(2);

      // The connection drops while the second file goes: the first one is already on the server.
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH' || r.method() === 'HEAD')
          sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });
      let patches = 0;
      await page.route('**/recordings/uploads/*', async (route) => {
        if (route.request().method() === 'PATCH' && ++patches === 2) {
          await route.abort('connectionreset');
          return;
        }
        await route.continue();
      });
      await page.getByTestId('recordings-save').click();
      const failure = page.getByTestId('recordings-failure');
      await expect.poll(() => failure.getAttribute('data-reason'), { timeout: 30_000 }).toBe('network');
      expect(await failure.innerText()).toContain(t.recordingsUi.networkError);
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-network-ru');
      expect(await recordingsOf(suite.server.knex, studyId)).toEqual([]);

      const before = sent.length;
      await page.getByTestId('recordings-retry').click();
      expect(await toastText(page, 'success')).toEqual({ title: '', message: t.recordings.saved });
      const retried = sent.slice(before);
      // Both uploads were asked where they stood; only the unfinished one was sent again.
      expect(retried.filter((p) => p.startsWith('HEAD'))).toHaveLength(2);
      expect(retried.filter((p) => p.startsWith('PATCH'))).toHaveLength(1);
      expect((await recordingsOf(suite.server.knex, studyId)).map((r) => r.file_name)).toEqual([
        'lesson-2.webm',
        'lesson-1.webm',
      ]);
      await expect
        .poll(async () => (await shownRows(page)).map((r) => r.kind).join())
        .toBe('existing,existing');
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-saved-ru');

      // Stop: nothing more is saved and the new row stays for another try.
      await addFiles(page, [suite.samples['lesson-3.mp4']]);
      await throttleUploads(page, 20 * 1024);
      await page.getByTestId('recordings-save').click();
      await page.getByTestId('recordings-progress').waitFor();
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-uploading-ru');
      await page.getByTestId('recordings-cancel').click();
      await expect.poll(() => failure.getAttribute('data-reason')).toBe('cancelled');
      expect(await failure.innerText()).toContain(t.recordingsUi.cancelled);
      await throttleUploads(page, null);
      expect((await recordingsOf(suite.server.knex, studyId)).map((r) => r.file_name)).toEqual([
        'lesson-2.webm',
        'lesson-1.webm',
      ]);
      expect((await shownRows(page)).map((r) => r.kind)).toEqual(['existing', 'existing', 'new']);
    } finally {
      await context.close();
    }
  });

  it('lists an archived recording after the active ones, read only: no moving, replacing or removing (ru)', async () => {
    const shared = await studies();
    const week = currentKyivWeek();
    const others = (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).filter(
      (x) => !shared.includes(x.id) && x.miss_status === 0,
    );
    const studyId = others.at(-1)!.id;
    const row = (part: number, file_name: string, archived: boolean) => ({
      study_id: studyId,
      part,
      file_name,
      file_mime: 'video/webm',
      file_size: 1000,
      storage_key: `e2e/archived-${studyId}-${part}.webm`,
      archived,
      created_by: suite.teacherId,
    });
    await suite.server
      .knex('recordings')
      .insert([row(1, 'частина 1.webm', false), row(2, 'стара частина.webm', true)]);
    const { context, page } = await teacherPage('ru');
    try {
      await openStudy(page, studyId);
      const archived = page.getByTestId('recordings-archived').locator('li');
      await archived.first().waitFor();
      expect(await archived.count()).toBe(1);
      expect(await archived.getAttribute('data-kind')).toBe('archived');
      expect(await archived.getAttribute('data-part')).toBe('2');
      expect(await archived.getAttribute('draggable')).not.toBe('true');
      for (const action of ['remove', 'replace', 'up', 'down'])
        expect(await archived.locator(`[data-testid$="-${action}"]`).count(), action).toBe(0);
      expect(await archived.locator('[data-testid$="-download"]').count()).toBe(1);
      // The active row keeps its controls.
      expect(await activeRows(page).first().locator('[data-testid$="-remove"]').count()).toBe(1);
      expect(await page.getByTestId('recordings-save').isDisabled()).toBe(true);
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-archived-ru');
    } finally {
      await context.close();
      await suite.server.knex('recordings').where({ study_id: studyId }).delete();
    }
  });

  it('shows a Teacher the miss-status alert instead of the edit controls', async () => {
    const shared = await studies();
    const week = currentKyivWeek();
    const others = (await studiesOf(suite.server.knex, suite.teacherId, week.from, week.to)).filter(
      (x) => !shared.includes(x.id),
    );
    const studyId = (others[0] ?? { id: shared[0] }).id;
    await suite.server.knex('studies').where({ id: studyId }).update({ miss_status: 1 });
    const { context, page } = await teacherPage('uk');
    try {
      await openStudy(page, studyId);
      expect(await page.getByTestId('recordings-miss-status').innerText()).toBe(
        texts.uk.recordings.miss_status_blocked,
      );
      expect(await page.getByTestId('recordings-add').count()).toBe(0);
      expect(await page.getByTestId('recordings-save').count()).toBe(0);
    } finally {
      await context.close();
      await suite.server.knex('studies').where({ id: studyId }).update({ miss_status: 0 });
    }
  });
});
