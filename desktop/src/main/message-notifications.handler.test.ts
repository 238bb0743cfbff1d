import { describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../common/ipc-channels';
import { ipcContract } from '../common/ipc-schemas';
import { createIpcHandlers } from './ipc-handlers';
import { dispatchIpcCall } from './ipc-registry';
import { createMessageNotifications, type MessageNotificationsFacade } from './message-notifications.handler';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { APP_ORIGIN } from './security-policy';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

function fakeElectron(supported = true) {
  const shown: { title: string; body: string; onClick: () => void }[] = [];
  const facade: MessageNotificationsFacade = {
    supported: () => supported,
    show: (notice) => shown.push(notice),
    setBadgeCount: vi.fn(),
    openStudy: vi.fn(),
  };
  return { facade, shown };
}

function dispatcher(facade: MessageNotificationsFacade) {
  const tokens = createFileTokenRegistry();
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: '1', platform: 'linux' }),
    settings: createSettingsService(createMemorySettingsBackend()),
    showOpenRecordingsDialog: async () => [],
    probe: async () => ({ ok: false, reason: 'not_media', message: '' }),
    tokens,
    uploads: createRecordingsUploadHandlers({
      tokens,
      getServerUrl: () => 'http://127.0.0.1:9',
      getCookieHeader: async () => undefined,
      getLanguage: () => undefined,
    }),
    saveDocument: async () => ({ saved: false }),
    openCalendarWindow: () => undefined,
    notifyMessage: createMessageNotifications(facade),
  });
  const event = { senderFrame: { url: `${APP_ORIGIN}/` }, sender: { send: () => undefined } };
  return (input: unknown) =>
    dispatchIpcCall({ handlers, isTrustedSender: () => true }, IpcChannel.notifyMessage, event, input);
}

const message = {
  type: 'message',
  studyId: 7,
  messageId: 70,
  title: 'Англійська · Олена',
  body: 'Завтра контрольна',
};

describe('notifications:message schema', () => {
  const schema = ipcContract[IpcChannel.notifyMessage].input;
  it('accepts a message and a read', () => {
    expect(schema.safeParse(message).success).toBe(true);
    expect(schema.safeParse({ type: 'read', studyId: 7 }).success).toBe(true);
  });
  it.each([
    ['a body over 100 characters', { ...message, body: 'x'.repeat(101) }],
    ['an empty title', { ...message, title: ' ' }],
    ['a study id that is not an id', { ...message, studyId: 0 }],
    ['an extra field (a click URL)', { ...message, url: 'https://evil.example' }],
    ['an unknown type', { type: 'clear', studyId: 7 }],
  ])('refuses %s', (_label, input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe('message notifications and the badge', () => {
  it('shows a notification per message, counts them on the badge, and the click opens the study', async () => {
    const { facade, shown } = fakeElectron();
    const call = dispatcher(facade);
    expect(await call(message)).toEqual({ ok: true, data: { unread: 1 } });
    expect(await call({ ...message, studyId: 8, messageId: 80 })).toEqual({ ok: true, data: { unread: 2 } });
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      [message.title, message.body],
      [message.title, message.body],
    ]);
    expect(facade.setBadgeCount).toHaveBeenLastCalledWith(2);
    shown[1]!.onClick();
    expect(facade.openStudy).toHaveBeenCalledWith(expect.objectContaining({ frameUrl: `${APP_ORIGIN}/` }), 8);
  });

  it('opening a study clears its messages from the badge; other studies stay counted', async () => {
    const { facade } = fakeElectron();
    const call = dispatcher(facade);
    await call(message);
    await call({ ...message, messageId: 71 });
    await call({ ...message, studyId: 8, messageId: 80 });
    expect(await call({ type: 'read', studyId: 7 })).toEqual({ ok: true, data: { unread: 1 } });
    expect(facade.setBadgeCount).toHaveBeenLastCalledWith(1);
    expect(await call({ type: 'read', studyId: 8 })).toEqual({ ok: true, data: { unread: 0 } });
    expect(facade.setBadgeCount).toHaveBeenLastCalledWith(0);
  });

  it('a message two windows report is shown and counted once', async () => {
    const { facade, shown } = fakeElectron();
    const call = dispatcher(facade);
    await call(message);
    expect(await call(message)).toEqual({ ok: true, data: { unread: 1 } });
    await call({ type: 'read', studyId: 7 });
    expect(await call(message)).toEqual({ ok: true, data: { unread: 0 } });
    expect(shown).toHaveLength(1);
  });

  it('without OS notifications the badge still counts; invalid input reaches nothing', async () => {
    const { facade, shown } = fakeElectron(false);
    const call = dispatcher(facade);
    expect(await call(message)).toEqual({ ok: true, data: { unread: 1 } });
    expect(shown).toEqual([]);
    const bad = await call({ ...message, body: 'x'.repeat(500) });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(facade.setBadgeCount).toHaveBeenCalledTimes(1);
  });
});
