import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { currentKyivWeek, openStudy, pickUser, toastText } from '../desktop-calendar/calendar.test-kit';
import { installNativeBridge } from '../desktop-calendar/native-bridge.test-kit';
import { viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import {
  activeRows,
  recordingsOf,
  sharedStudiesThisWeek,
  showSection,
  shownRows,
  useRecordingsSuite,
} from './recordings.test-kit';

/**
 * The desktop app's own way: the native dialog's paths (stood in for by the harness), ffprobe in
 * main, and main's streaming upload (resumable where the server speaks tus) to the real server,
 * through the real preload and IPC handlers.
 */

const uk = resources.uk.translation;
const suite = useRecordingsSuite();

describe('recordings through the desktop main process', () => {
  it('probes the picked files in main and uploads them from disk to the server', async () => {
    const week = currentKyivWeek();
    const [studyId] = await sharedStudiesThisWeek(
      suite.server.knex,
      suite.teacherId,
      suite.studentId,
      week.from.toJSDate(),
      week.to.toJSDate(),
    );
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: VIEWPORTS.desktop,
      locale: 'uk-UA',
    });
    const harness = await installNativeBridge(context, {
      appUrl: `${suite.server.url}/staff/`,
      trustedOrigin: suite.server.url,
    });
    const page = await context.newPage();
    const calls: string[] = [];
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openStudy(page, studyId);
      await page.getByTestId('recordings-empty').waitFor();

      harness.dialogs.open = [
        suite.samples['lesson-1.webm'],
        suite.samples['notes.mp4'],
        suite.samples['click.webm'],
      ];
      await page.getByTestId('recordings-add').click();
      await expect.poll(() => activeRows(page).count()).toBe(3);
      const problems = await activeRows(page).evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('[data-problem]')].map((p) => (p as HTMLElement).dataset.problem),
        ),
      );
      // ffprobe in main: the renamed text has no video stream, the click lasts 2 s.
      expect(problems).toEqual([[], ['recordings.file_must_be_video'], ['recordings.too_short']]);
      await showSection(page);
      await viewportShot(page, 'recordings-native-picked-uk');
      await activeRows(page).nth(2).locator('[data-testid$="-remove"]').click();
      await activeRows(page).nth(1).locator('[data-testid$="-remove"]').click();

      // The renderer never reaches the server for the upload itself: main does.
      page.on('request', (r) => {
        if (r.url().includes('/recordings')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });
      await page.getByTestId('recordings-save').click();
      expect(await toastText(page, 'success')).toEqual({ title: '', message: uk.recordings.saved });
      const [saved] = await recordingsOf(suite.server.knex, studyId);
      const { size } = await import('node:fs/promises').then((fs) => fs.stat(suite.samples['lesson-1.webm']));
      expect(saved).toMatchObject({ part: 1, file_name: 'lesson-1.webm', file_size: size });
      expect(calls.filter((c) => c.startsWith('POST') || c.startsWith('PATCH'))).toEqual([]);
      await expect
        .poll(async () => (await shownRows(page)).map((r) => `${r.kind}:${r.name}`).join())
        .toBe('existing:lesson-1.webm');
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
