import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { metadataOf, postForm } from '@school/server/src/features/recordings/recordings.test-kit';
import { currentKyivWeek } from '../desktop-calendar/calendar.test-kit';
import { openStudy, showMonthOf, viewShot, waitForCalendar } from '../family-web/family.test-kit';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import { recordingsOf, sharedStudiesThisWeek, useRecordingsSuite } from './recordings.test-kit';

/**
 * A student watches the lesson's recordings in the family study modal on a phone (360 px) and
 * downloads them (spec part 1 §2, §7): the player seeks through /play byte ranges.
 */

const texts = { uk: resources.uk.translation, ru: resources.ru.translation };
const suite = useRecordingsSuite();

describe('recordings in the family study modal (360 px)', () => {
  it('plays with seeking and downloads under its name; says "Download failed" when the server refuses', async () => {
    const week = currentKyivWeek();
    const [studyId] = await sharedStudiesThisWeek(
      suite.server.knex,
      suite.teacherId,
      suite.studentId,
      week.from.toJSDate(),
      week.to.toJSDate(),
    );
    const teacher = await suite.server.signInAs('Teacher');
    const saved = await postForm(
      teacher,
      `/api/studies/${studyId}/recordings`,
      {
        metadata: metadataOf(studyId, [
          { part: 1, file_name: 'урок 4.webm', languages: [1] },
          { part: 2, file_name: 'lesson-2.webm', languages: [1, 3] },
        ]),
      },
      [
        { name: 'урок 4.webm', path: suite.samples['урок 4.webm'], type: 'video/webm' },
        { name: 'lesson-2.webm', path: suite.samples['lesson-2.webm'], type: 'video/webm' },
      ],
    );
    expect(saved.status).toBe(200);
    const [first, second] = await recordingsOf(suite.server.knex, studyId);
    const start = (await suite.server.knex('studies').where({ id: studyId }).first('start')).start as Date;

    for (const language of ['uk', 'ru'] as const) {
      const t = texts[language];
      const context = await suite.browser.newContext({
        baseURL: suite.server.url,
        viewport: VIEWPORTS.phone,
        locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      try {
        await signIn(page, 'student@example.com', language, 'family');
        await waitForCalendar(page, suite.studentId);
        await showMonthOf(page, start);
        await openStudy(page, studyId);
        const list = page.getByTestId('recordings-list');
        await list.waitFor();
        expect(await list.locator('[data-testid$="-name"]').allInnerTexts()).toEqual([
          'урок 4.webm',
          'lesson-2.webm',
        ]);
        expect(await page.getByTestId(`recording-${second.id}`).innerText()).toContain('EN · UK');

        const ranges: number[] = [];
        page.on('response', (r) => {
          if (r.url().endsWith(`/recordings/${first.id}/play`)) ranges.push(r.status());
        });
        await page.getByTestId(`recording-${first.id}-play`).click();
        const video = page.getByTestId(`recording-player-${first.id}`);
        await video.waitFor();
        const duration = await video.evaluate(
          (v: HTMLVideoElement) =>
            new Promise<number>((resolve) =>
              v.readyState >= 1
                ? resolve(v.duration)
                : v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true }),
            ),
        );
        expect(duration).toBeGreaterThan(6);
        const at = await video.evaluate(
          (v: HTMLVideoElement) =>
            new Promise<number>((resolve) => {
              v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
              v.currentTime = 5;
            }),
        );
        expect(at).toBeCloseTo(5, 0);
        expect(ranges).toContain(206);
        // The player fits the phone's width.
        const box = await video.boundingBox();
        expect(box?.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        await video.evaluate((v: HTMLVideoElement) => v.pause());
        await video.scrollIntoViewIfNeeded();
        await viewShot(page, `recordings-family-360-playing-${language}`);

        const download = page.waitForEvent('download');
        await page.getByTestId(`recording-${second.id}-download`).click();
        expect((await download).suggestedFilename()).toBe('lesson-2.webm');
        expect(await page.getByTestId(`recording-${second.id}-play`).innerText()).toBe(t.recordingsUi.play);
        expect(await page.getByTestId(`recording-${second.id}-download`).getAttribute('aria-label')).toBe(
          t.recordingsUi.download,
        );
      } finally {
        await context.close();
      }
    }

    // Gone on the server since the list was shown: the spec's "Download failed".
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: VIEWPORTS.phone,
      locale: 'uk-UA',
    });
    const page = await context.newPage();
    try {
      await signIn(page, 'student@example.com', 'uk', 'family');
      await waitForCalendar(page, suite.studentId);
      await showMonthOf(page, start);
      await openStudy(page, studyId);
      await page.getByTestId('recordings-list').waitFor();
      await suite.server.knex('recordings').where({ id: second.id }).delete();
      await page.getByTestId(`recording-${second.id}-download`).click();
      expect(await page.getByTestId(`recording-${second.id}-download-error`).innerText()).toBe(
        texts.uk.errors.download_failed,
      );
      expect(
        await page.getByTestId('toast').filter({ hasText: texts.uk.errors.download_failed }).count(),
      ).toBe(1);
      await viewShot(page, 'recordings-family-360-download-failed-uk');
    } finally {
      await context.close();
    }
    expect(DateTime.fromJSDate(start).isValid).toBe(true);
  });
});
