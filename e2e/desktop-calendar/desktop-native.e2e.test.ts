import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { screenshot, VIEWPORTS } from '../support/browser.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { pickUser, waitForCalendar } from './calendar.test-kit';
import { installNativeBridge, type NativeHarness } from './native-bridge.test-kit';
import { useStaffSuite } from './staff-suite.test-kit';
import { ADMIN_PAGE_IDS } from '@school/desktop/src/common/admin-pages';
import { H264, makeSampleMedia, writeNotAVideo } from '@school/desktop/src/main/media-samples.test-kit';

/**
 * The staff renderer as the desktop app runs it: window.schoolBridge from the real preload, answered
 * by main's real IPC handlers (sender check, zod, settings, dialogs, ffprobe, calendar windows).
 */

const suite = useStaffSuite();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'desktop-native-e2e-'));
  await makeSampleMedia(path.join(dir, 'lesson.mp4'), { seconds: 3, encoder: H264 });
  await writeNotAVideo(path.join(dir, 'notes.mp4'));
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function desktopContext(
  opts: { firstRun?: boolean } = {},
): Promise<{ context: BrowserContext; harness: NativeHarness; page: Page }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    viewport: VIEWPORTS.desktop,
    locale: 'uk-UA',
  });
  const harness = await installNativeBridge(context, {
    appUrl: `${suite.server.url}/staff/`,
    trustedOrigin: suite.server.url,
    firstRun: opts.firstRun,
  });
  return { context, harness, page: await context.newPage() };
}

function menuItem(items: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions {
  for (const item of items) {
    if (item.id === id) return item;
    if (Array.isArray(item.submenu)) {
      try {
        return menuItem(item.submenu, id);
      } catch {
        // not in this submenu
      }
    }
  }
  throw new Error(`no menu item ${id}`);
}

const click = (item: MenuItemConstructorOptions) => (item.click as unknown as () => void)();
type Bridge = {
  schoolBridge: Record<
    string,
    (input?: unknown) => Promise<{ ok: boolean; data?: unknown; error?: { code: string } }>
  >;
};

describe('desktop renderer over the real preload and main handlers', () => {
  it('first run: asks for the server address (uk, ru), refuses one that is not http(s), remembers a good one and asks no more', async () => {
    const { context, harness, page } = await desktopContext({ firstRun: true });
    const texts = { uk: resources.uk.translation, ru: resources.ru.translation };
    try {
      await page.goto('/staff/');
      await page.getByTestId('first-run').waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe(texts.uk.desktopShell.firstRun.title);
      expect(await page.getByTestId('login-form').count()).toBe(0);
      await screenshot(page, 'desktop-first-run-uk');

      await page.getByTestId('language-ru').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await page.getByTestId('page-title').innerText()).toBe(texts.ru.desktopShell.firstRun.title);
      const address = page.locator('[data-testid=first-run] input[name=serverUrl]');
      await address.fill('school.example');
      await page.getByTestId('first-run-save').click();
      expect(await page.getByTestId('serverUrl-error').innerText()).toBe(
        texts.ru.desktopShell.firstRun.invalid,
      );
      await address.fill('ftp://school.example');
      await page.getByTestId('first-run-save').click();
      await page.getByTestId('serverUrl-error').waitFor();
      expect(harness.settings.read().serverUrl).toBeUndefined();
      await screenshot(page, 'desktop-first-run-invalid-ru');
      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, 'desktop-first-run-invalid-ru-360');
      await page.setViewportSize(VIEWPORTS.desktop);

      // A good address is stored by main (settings.json through electron-store in the app) and the
      // app starts over with it: the sign-in page, in the language chosen meanwhile.
      await address.fill(`  ${suite.server.url}  `);
      await page.getByTestId('first-run-save').click();
      await page.getByTestId('login-form').waitFor();
      expect(harness.settings.read().serverUrl).toBe(suite.server.url);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');

      // Remembered: the next start (a new window here) goes straight to the app.
      const next = await context.newPage();
      await next.goto('/staff/');
      await next.getByTestId('login-form').waitFor();
      expect(await next.getByTestId('first-run').count()).toBe(0);
      await signIn(next, 'teacher@example.com', 'ru');
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the chosen user and the language in main’s settings; calendar windows open through main and follow the language', async () => {
    const { context, harness, page } = await desktopContext();
    try {
      await signIn(page, 'admin@example.com');
      expect(
        await page.evaluate(
          () => (window as unknown as { schoolBridge?: { isDesktop: boolean } }).schoolBridge?.isDesktop,
        ),
      ).toBe(true);
      await pickUser(page, suite.teacherId);
      await expect.poll(() => harness.settings.read().lastCalendarUserId).toBe(suite.teacherId);

      // File → New calendar window opens the last chosen user's calendar.
      click(menuItem(harness.menu(), 'new-calendar-window'));
      await expect.poll(() => harness.windows.length).toBe(1);
      const window = harness.windows[0];
      await waitForCalendar(window);
      expect(await window.getByTestId('user-picker').inputValue()).toBe(String(suite.teacherId));
      expect(new URL(window.url()).searchParams.get('window')).toBe('calendar');

      // A language switched in one window reaches main (settings, menu) and the other window.
      await page.getByTestId('language-ru').click();
      await expect.poll(() => harness.settings.read().language).toBe('ru');
      await window.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(menuItem(harness.menu(), 'language-ru').checked).toBe(true);

      // One picked in the menu reaches every window.
      click(menuItem(harness.menu(), 'language-uk'));
      for (const p of [page, window]) await p.waitForFunction(() => document.documentElement.lang === 'uk');
      expect(harness.settings.read().language).toBe('uk');

      // The user picker's button opens a window through main too.
      await page.getByTestId('open-calendar-window').click();
      await expect.poll(() => harness.windows.length).toBe(2);
      await waitForCalendar(harness.windows[1]);
      await screenshot(harness.windows[1], 'desktop-native-calendar-window-uk');
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the Go menu lists the role’s sections and opens one; a table page opens in a new window through main', async () => {
    const { context, harness, page } = await desktopContext();
    try {
      await signIn(page, 'admin@example.com');
      // Every admin page the Administrator opens, plus the calendar, the chat and the settings.
      await expect.poll(() => menuItem(harness.menu(), 'go').submenu).toHaveLength(ADMIN_PAGE_IDS.length + 3);
      click(menuItem(harness.menu(), 'go-invoices'));
      await page.waitForURL('**/staff/admin/invoices');

      await page.getByTestId('open-in-new-window').click();
      await expect.poll(() => harness.windows.length).toBe(1);
      const window = harness.windows[0];
      await window.waitForURL('**/staff/admin/invoices');
      await window.getByTestId('open-in-new-window').waitFor();
      await screenshot(window, 'desktop-native-invoices-window-uk');
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a frame of another origin and payloads that fail the schema', async () => {
    const { context, page } = await desktopContext();
    try {
      await page.goto('/staff/login');
      const refused = await page.evaluate(() =>
        (window as unknown as Bridge).schoolBridge.setSetting({ key: 'language', value: 'de' }),
      );
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const opened = await page.evaluate(() =>
        (window as unknown as Bridge).schoolBridge.openCalendarWindow({ userId: 'me' }),
      );
      expect(opened).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

      // The same server under another name is another origin: main does not answer it.
      const foreign = await context.newPage();
      await foreign.goto(`${suite.server.url.replace('127.0.0.1', 'localhost')}/staff/login`);
      const answer = await foreign.evaluate(() => (window as unknown as Bridge).schoolBridge.getSettings());
      expect(answer).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
    } finally {
      await context.close();
    }
  });

  it('picks recordings through the native dialog with ffprobe, and saves a document through the save dialog', async () => {
    const { context, harness, page } = await desktopContext();
    try {
      await page.goto('/staff/login');
      harness.dialogs.open = [path.join(dir, 'lesson.mp4'), path.join(dir, 'notes.mp4')];
      const picked = (await page.evaluate(() =>
        (window as unknown as Bridge).schoolBridge.pickRecordingFiles(),
      )) as {
        ok: boolean;
        data: {
          files: {
            token: string;
            name: string;
            durationSeconds: number | null;
            hasVideo: boolean;
            problems: string[];
          }[];
        };
      };
      expect(picked.ok).toBe(true);
      const [lesson, notes] = picked.data.files;
      expect(lesson).toMatchObject({ name: 'lesson.mp4', hasVideo: true, problems: [] });
      expect(lesson.durationSeconds).toBeGreaterThan(2.8);
      expect(lesson.durationSeconds).toBeLessThan(3.2);
      expect(lesson.token).toMatch(/^[0-9a-f-]{36}$/);
      expect(notes).toMatchObject({
        name: 'notes.mp4',
        hasVideo: false,
        problems: ['recordings.file_must_be_video'],
      });
      // The page learns names and tokens, never where the files are.
      expect(JSON.stringify(picked)).not.toContain(dir);

      harness.dialogs.save = path.join(dir, 'contract No 12');
      const saved = await page.evaluate(() =>
        (window as unknown as Bridge).schoolBridge.saveDocument({
          suggestedName: 'contract No 12',
          bytes: new Uint8Array([80, 75, 3, 4]),
        }),
      );
      expect(saved).toEqual({ ok: true, data: { saved: true, fileName: 'contract No 12.docx' } });
      expect([...(await readFile(path.join(dir, 'contract No 12.docx')))]).toEqual([80, 75, 3, 4]);
      expect(harness.settings.read().documentsFolder).toBe(dir);

      harness.dialogs.save = null;
      const cancelled = await page.evaluate(() =>
        (window as unknown as Bridge).schoolBridge.saveDocument({
          suggestedName: 'invoice',
          bytes: new Uint8Array([1]),
        }),
      );
      expect(cancelled).toEqual({ ok: true, data: { saved: false } });
    } finally {
      await context.close();
    }
  });

  it('a parent’s message in a lesson the teacher teaches: one notification and the badge, none for the teacher’s own; its click opens the lesson and clears the badge', async () => {
    const studentId = await userIdOf(suite.server.knex, 'student@example.com');
    const study = await suite.server
      .knex('studies as s')
      .join('study_user as t', 't.study_id', 's.id')
      .join('study_user as c', 'c.study_id', 's.id')
      .where({ 't.user_id': suite.teacherId, 'c.user_id': studentId })
      .where('s.start', '>=', new Date(Date.now() - 14 * 86_400_000))
      .orderBy('s.start')
      .first('s.id');
    const studyId = Number(study.id);
    const { context, harness, page } = await desktopContext();
    try {
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await page.getByTestId('realtime-live').waitFor();
      const teacher = await suite.server.signInAs('Teacher');
      const parent = await suite.server.signInAs('Responsible');
      // The window reads the chat on the teacher's own message, and stays silent about it.
      const ownRead = page.waitForResponse(
        (r) => r.url().includes('/api/study_messages') && r.request().method() === 'GET',
      );
      const studyRead = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/studies/${studyId}`);
      expect(
        (await teacher.post('/api/study_messages', { study_id: studyId, content: 'Моє власне повідомлення' }))
          .status,
      ).toBe(201);
      const seen = (await (await ownRead).json()) as { data: { content: string }[] };
      expect(seen.data.map((m) => m.content)).toContain('Моє власне повідомлення');
      // The study's participants were read too: the rule ran and said no.
      await studyRead;
      expect(harness.notifications).toEqual([]);
      const text = `Добрий день! ${'Син трохи запізниться на заняття, вибачте. '.repeat(4)}`;
      expect((await parent.post('/api/study_messages', { study_id: studyId, content: text })).status).toBe(
        201,
      );

      await expect.poll(() => harness.notifications.length, { timeout: 10_000 }).toBe(1);
      const [notice] = harness.notifications;
      expect(notice.page).toBe(page);
      expect(notice.title).toContain('Мельник');
      expect(notice.body).toHaveLength(100);
      expect(text.startsWith(notice.body.slice(0, 99))).toBe(true);
      expect(harness.badgeCounts.at(-1)).toBe(1);

      notice.click();
      await page.getByTestId('study-modal').waitFor();
      expect(new URL(page.url()).searchParams.get('study')).toBe(String(studyId));
      await expect.poll(() => harness.badgeCounts.at(-1)).toBe(0);
      await screenshot(page, 'desktop-native-message-notice-study-uk');
      expect(harness.notifications).toHaveLength(1);
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
