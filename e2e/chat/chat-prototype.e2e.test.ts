import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestServer } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { signIn } from '../support/demo-school.test-kit';

/**
 * The chat prototype (issue 17.3) between two browser contexts, an Administrator in Ukrainian and
 * a Manager in Russian, with Chromium's fake camera: a public line reaches the other window, and a
 * call connects with both videos playing on both sides.
 */
const uk = resources.uk.translation;
const ru = resources.ru.translation;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  assertBundlesBuilt();
  // No STUN server: the two windows reach each other on this host (no network in CI).
  server = await startTestServer({ seed: true, realtime: true, env: { CHAT_ICE_SERVERS: '[]' } });
  browser = await launchBrowser({ fakeMedia: true });
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

async function openChat(email: string, language: 'uk' | 'ru'): Promise<Page> {
  const { page } = await newPage(browser, {
    baseURL: server.url,
    locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
  });
  await signIn(page, email, language);
  // No navbar link (the spec gives it none): staff find it in the user menu (and the app's Go menu).
  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('nav-chat').click();
  await page.waitForURL('**/staff/chat');
  await page.getByTestId('chat-page').waitFor();
  return page;
}

/** Whether the <video> has frames and its clock moves (it plays, not a frozen first frame). */
async function expectPlaying(page: Page, testId: string): Promise<void> {
  const video = `[data-testid=${testId}]`;
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLVideoElement).readyState >= 2,
    video,
    { timeout: 15_000 },
  );
  const t0 = await page.$eval(video, (v) => (v as HTMLVideoElement).currentTime);
  await page.waitForFunction(
    ([sel, t]) => (document.querySelector(sel as string) as HTMLVideoElement).currentTime > (t as number),
    [video, t0] as const,
    { timeout: 10_000 },
  );
}

describe('chat prototype', () => {
  it('a line reaches the other window; Call and Answer connect a video call both ways; Hang up ends it', async () => {
    const admin = await openChat('admin@example.com', 'uk');
    const manager = await openChat('manager@example.com', 'ru');
    for (const [page, t] of [
      [admin, uk],
      [manager, ru],
    ] as const) {
      await page.getByTestId('chat-connection').filter({ hasText: t.chat.connection.joined }).waitFor();
      await page.getByTestId('chat-call').waitFor();
    }

    await admin.getByTestId('chat-input').fill('Добрий день, колеги!');
    await admin.getByTestId('chat-input').press('Control+Enter');
    const line = manager.getByTestId('chat-line').filter({ hasText: 'Добрий день, колеги!' });
    await line.waitFor();
    // The sender's box empties when the server acknowledges the line, which may come after the
    // other window has it.
    await admin.waitForFunction(
      () => (document.querySelector('[data-testid=chat-input]') as HTMLTextAreaElement).value === '',
    );
    await manager.getByTestId('chat-input').fill('Здравствуйте!');
    await manager.getByTestId('chat-send').click();
    await admin.getByTestId('chat-line').filter({ hasText: 'Здравствуйте!' }).waitFor();

    expect(await manager.getByTestId('chat-answer').isDisabled()).toBe(true);
    await admin.getByTestId('chat-call').click();
    const answer = manager.getByTestId('chat-answer');
    await manager.waitForFunction(
      () => !(document.querySelector('[data-testid=chat-answer]') as HTMLButtonElement).disabled,
    );
    expect(await manager.getByTestId('chat-call-state').innerText()).toContain(
      ru.chat.phase['offer-received'].split(':')[0],
    );
    await answer.click();

    for (const page of [admin, manager]) {
      await expectPlaying(page, 'chat-local-video');
      await expectPlaying(page, 'chat-remote-video');
    }
    await admin
      .getByTestId('chat-call-state')
      .filter({ hasText: uk.chat.phase.connected.split(':')[0] })
      .waitFor();
    for (const page of [admin, manager]) await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'chat-call-uk');
    await screenshot(manager, 'chat-call-ru');

    await admin.getByTestId('chat-hang-up').click();
    await manager.getByTestId('chat-call-state').filter({ hasText: ru.chat.phase.idle }).waitFor();
    expect(
      await manager.$eval('[data-testid=chat-remote-video]', (v) => (v as HTMLVideoElement).srcObject),
    ).toBeNull();

    // A second window of the same session (File → Open Page in New Window in the app): it joins
    // the room too, and a line reaches both windows.
    // Listen before clicking: a page event that comes before the wait starts is missed.
    const [second] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByTestId('open-in-new-window').click(),
    ]);
    await second.waitForURL('**/staff/chat');
    await second.getByTestId('chat-connection').filter({ hasText: uk.chat.connection.joined }).waitFor();
    await manager.getByTestId('chat-input').fill('Бачу два вікна');
    await manager.getByTestId('chat-send').click();
    for (const page of [admin, second])
      await page.getByTestId('chat-line').filter({ hasText: 'Бачу два вікна' }).waitFor();
  });

  it('sends the rest of §7: a status everyone sees, a private line only its addressee gets, leaving the chat and coming back', async () => {
    // A room of their own, so the first test's windows are not in it.
    const enterRoom = async (page: Page, t: typeof uk) => {
      await page.getByTestId('chat-room').fill('status');
      await page.getByTestId('chat-room').press('Enter');
      await page.getByTestId('chat-connection').filter({ hasText: t.chat.connection.joined }).waitFor();
    };
    const admin = await openChat('admin@example.com', 'uk');
    const manager = await openChat('manager@example.com', 'ru');
    const teacher = await openChat('teacher@example.com', 'uk');
    for (const [page, t] of [
      [admin, uk],
      [manager, ru],
      [teacher, uk],
    ] as const)
      await enterRoom(page, t);
    const nameOf = async (email: string) => {
      const u = await server.knex('users').where({ email }).first('firstname', 'surname');
      return `${u.firstname} ${u.surname}`;
    };
    const [adminName, managerName] = [await nameOf('admin@example.com'), await nameOf('manager@example.com')];
    const memberRow = (page: Page, name: string) => page.getByTestId('chat-member').filter({ hasText: name });
    await memberRow(manager, adminName).waitFor();
    await memberRow(admin, managerName).waitFor();

    // changeStatus: the Administrator steps away; the others see it and cannot call.
    await admin.getByTestId('chat-status').selectOption('away');
    await memberRow(manager, adminName).and(manager.locator('[data-status=away]')).waitFor();
    expect(await memberRow(manager, adminName).getByTestId('chat-member-status').innerText()).toBe(
      ru.chat.status.away,
    );
    expect(await memberRow(manager, adminName).getByTestId('chat-call').isDisabled()).toBe(true);
    await memberRow(teacher, adminName).and(teacher.locator('[data-status=away]')).waitFor();
    expect(await admin.getByTestId('chat-status').inputValue()).toBe('away');

    // privateMessage: to the Manager only.
    await memberRow(admin, managerName).getByTestId('chat-private').click();
    expect(await admin.getByTestId('chat-recipient-private').innerText()).toBe(
      uk.chat.privateTo.replace('{{name}}', managerName),
    );
    await admin.getByTestId('chat-input').fill('Лише для вас');
    await admin.getByTestId('chat-send').click();
    const received = manager.getByTestId('chat-line').filter({ hasText: 'Лише для вас' });
    await received.waitFor();
    expect(await received.getAttribute('data-private')).toBe('true');
    expect(await received.getByTestId('chat-line-private').innerText()).toBe(
      ru.chat.privateFrom.replace('{{name}}', adminName),
    );
    const sent = admin.getByTestId('chat-line').filter({ hasText: 'Лише для вас' });
    await sent.waitFor();
    expect(await sent.getByTestId('chat-line-private').innerText()).toBe(
      uk.chat.privateTo.replace('{{name}}', managerName),
    );
    // Back to everyone: a public line reaches the teacher, who never got the private one before it.
    await admin.getByTestId('chat-recipient-private').locator('button').click();
    await admin.getByTestId('chat-input').fill('Усім привіт');
    await admin.getByTestId('chat-send').click();
    await teacher.getByTestId('chat-line').filter({ hasText: 'Усім привіт' }).waitFor();
    expect(await teacher.getByTestId('chat-line').filter({ hasText: 'Лише для вас' }).count()).toBe(0);
    expect(
      await manager.getByTestId('chat-line').filter({ hasText: 'Усім привіт' }).getAttribute('data-private'),
    ).toBeNull();
    for (const page of [admin, manager]) await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'chat-status-private-uk');
    await screenshot(manager, 'chat-status-private-ru');

    // leaveChat: the Administrator is gone from the others' lists; the way back joins again.
    await admin.getByTestId('chat-leave').click();
    await admin.getByTestId('chat-left').waitFor();
    await admin.getByTestId('chat-connection').filter({ hasText: uk.chat.connection.left }).waitFor();
    await manager.waitForFunction(
      (name) =>
        ![...document.querySelectorAll('[data-testid=chat-member]')].some((li) =>
          li.textContent?.includes(name),
        ),
      adminName,
    );
    // The private line still names its addressee, who is no longer listed here.
    expect(await sent.getByTestId('chat-line-private').innerText()).toBe(
      uk.chat.privateTo.replace('{{name}}', managerName),
    );
    await screenshot(admin, 'chat-left-uk');
    await admin.getByTestId('chat-rejoin').click();
    await memberRow(manager, adminName).and(manager.locator('[data-status=available]')).waitFor();
    await admin.getByTestId('chat-connection').filter({ hasText: uk.chat.connection.joined }).waitFor();
    for (const page of [admin, manager, teacher]) await page.context().close();
  });
});
