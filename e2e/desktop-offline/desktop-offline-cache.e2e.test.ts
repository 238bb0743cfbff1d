import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { freePort } from '@school/server/src/platform/db/embedded-postgres';
import { TestClient, DEMO_PASSWORD, useTestDatabase } from '@school/server/test/harness.test-kit';
import { spawnServerProcess, type ServerProcess } from '@school/server/test/server-process.test-kit';
import { openStudy, pickUser, waitForCalendar } from '../desktop-calendar/calendar.test-kit';
import { viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { closeBrowser, launchBrowser, newPage } from '../support/browser.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { weekStudiesOf } from '../study-panels/study-panels.test-kit';

/**
 * Issue 34 point 1 with a real outage: the real server (server/src/main.ts as an operating-system
 * process) is stopped under the browser build of the staff app and started again on the same port
 * and database. One browser context all along, as a teacher's browser would be.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const db = useTestDatabase();
let browser: Browser;
let port: number;
let server: ServerProcess | null = null;

async function startServer(): Promise<void> {
  server = await spawnServerProcess({
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
  });
}

interface OfflineRecord {
  key: string;
  value: unknown;
}

/** Everything the browser build keeps in IndexedDB (features/offline/offline-storage.ts). */
function offlineRecords(page: Page): Promise<OfflineRecord[]> {
  return page.evaluate(
    () =>
      new Promise<OfflineRecord[]>((resolve, reject) => {
        const open = indexedDB.open('school-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('keyval')) return resolve([]);
          const store = database.transaction('keyval').objectStore('keyval');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(keys.result.map((key, index) => ({ key: String(key), value: values.result[index] })));
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

async function persistedCache(page: Page, teacherId: number): Promise<string> {
  const key = `cache:http://127.0.0.1:${port}|${teacherId}`;
  const record = (await offlineRecords(page)).find((r) => r.key === key);
  return typeof record?.value === 'string' ? record.value : '';
}

beforeAll(async () => {
  if (!existsSync(path.join(repoRoot, 'desktop/dist-web/index.html'))) {
    throw new Error('Build the staff web bundle first: npm run build:renderer -w desktop');
  }
  port = await freePort();
  await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

describe('the staff app through a lost connection', () => {
  it('shows the last known calendar and study from the machine with the banner, says what was never loaded, refreshes when back and forgets all at sign-out', async () => {
    const url = `http://127.0.0.1:${port}`;
    const teacherId = await userIdOf(db.knex, 'teacher@example.com');
    const [opened, neverOpened] = await weekStudiesOf(db.knex, teacherId, 2);
    const teacherApi = new TestClient(url);
    expect(
      (await teacherApi.post('/login', { email: 'teacher@example.com', password: DEMO_PASSWORD })).status,
    ).toBe(200);
    const text = 'Повторіть, будь ласка, дроби перед уроком.';
    expect(
      (await teacherApi.post('/api/study_messages', { study_id: opened.id, content: text })).status,
    ).toBeLessThan(300);

    const { context, page } = await newPage(browser, { baseURL: url });
    try {
      await signIn(page, 'teacher@example.com', 'uk');
      await pickUser(page, teacherId);
      await openStudy(page, opened.id);
      await page.getByTestId('messages-list').getByText(text).waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });
      // The calendar and the opened study's panel are on the machine before the outage.
      await expect
        .poll(async () => {
          const cache = await persistedCache(page, teacherId);
          return (
            cache.includes(`"calendar","studies",${teacherId}`) && cache.includes(`messages:${opened.id}`)
          );
        })
        .toBe(true);
      // The shell's worker has taken the page over (it keeps the page for a reload offline).
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);

      await server?.stop();
      server = null;
      await page.reload();
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toMatch(
        /Немає з'єднання з \d{2}:\d{2}\. Дані станом на .*\d{2}:\d{2}\./,
      );
      await waitForCalendar(page);
      expect(await page.getByTestId('login-form').count()).toBe(0);
      await viewportShot(page, 'offline-calendar-uk');
      await openStudy(page, opened.id);
      await page.getByTestId('messages-list').getByText(text).waitFor();
      await viewportShot(page, 'offline-study-uk');
      await page.keyboard.press('Escape');
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });

      // A study never opened online: its panel says so instead of an error.
      await openStudy(page, neverOpened.id);
      await page.getByTestId('messages-panel').getByText(uk.studyPanels.notLoadedOffline).waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });

      // Russian, still offline: the language chunk comes from the shell's worker too.
      await page.evaluate(() => localStorage.setItem('app:language', 'ru'));
      await page.reload();
      await banner.waitFor();
      expect(await banner.innerText()).toMatch(/Нет соединения с \d{2}:\d{2}\. Данные на .*\d{2}:\d{2}\./);
      await waitForCalendar(page);
      await viewportShot(page, 'offline-calendar-ru');
      await openStudy(page, neverOpened.id);
      await page.getByTestId('messages-panel').getByText(ru.studyPanels.notLoadedOffline).waitFor();
      await viewportShot(page, 'offline-not-loaded-ru');
      await page.keyboard.press('Escape');
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });
      // An admin page never opened: its table says so instead of spinning.
      await page.goto('/staff/admin/study_reports');
      await page.getByTestId('admin-table').getByTestId('not-loaded-offline').waitFor();
      await viewportShot(page, 'offline-table-not-loaded-ru');
      await page.goto('/staff/');
      await waitForCalendar(page);

      // The server is back: the banner goes (the app asks again by itself) and the data is fetched.
      const refreshed = page.waitForResponse(
        (r) => r.url().includes('/api/studies') && r.request().method() === 'GET' && r.status() === 200,
        { timeout: 120_000 },
      );
      await startServer();
      await banner.waitFor({ state: 'detached', timeout: 120_000 });
      await refreshed;
      await openStudy(page, neverOpened.id);
      await page.getByTestId('messages-panel').waitFor();
      expect(
        await page.getByTestId('messages-panel').getByText(ru.studyPanels.notLoadedOffline).count(),
      ).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByTestId('study-modal').waitFor({ state: 'detached' });

      // Signing out leaves nothing of the account on the machine.
      await page.getByTestId('user-dropdown').click();
      await page.getByTestId('logout').click();
      await page.getByTestId('login-form').waitFor();
      await expect.poll(async () => (await offlineRecords(page)).map((r) => r.key)).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(repoRoot, '.tmp', 'offline-failure.png') });
      throw error;
    } finally {
      await context.close();
    }
  }, 400_000);
});
