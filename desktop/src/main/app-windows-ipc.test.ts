import { describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../common/ipc-channels';
import { ipcContract } from '../common/ipc-schemas';
import { createIpcHandlers } from './ipc-handlers';
import { dispatchIpcCall, type InvokeEventLike, type IpcRegistryOptions } from './ipc-registry';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { APP_ORIGIN, isAllowedUrl } from './security-policy';
import { serverInfo } from './server-address';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';
import { appPageOf } from './window-options';

const app: InvokeEventLike = {
  senderFrame: { url: `${APP_ORIGIN}/admin/users` },
  sender: { send: () => undefined },
};

function setup(env: Record<string, string | undefined> = {}) {
  const tokens = createFileTokenRegistry();
  const settings = createSettingsService(createMemorySettingsBackend());
  const openAppWindow = vi.fn();
  const setMenuRole = vi.fn(() => 3);
  const options: IpcRegistryOptions = {
    isTrustedSender: (url) => isAllowedUrl(url, [APP_ORIGIN]),
    handlers: createIpcHandlers({
      appInfo: () => ({ version: '1', platform: 'linux' }),
      settings,
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
      openCalendarWindow: vi.fn(),
      openAppWindow,
      setMenuRole,
      serverInfo: () => serverInfo(env, settings.read()),
    }),
  };
  const call = (channel: string, input?: unknown) => dispatchIpcCall(options, channel, app, input);
  return { call, settings, openAppWindow, setMenuRole };
}

describe('windows:open', () => {
  it('opens a table page with its filters in a new window', async () => {
    const { call, openAppWindow } = setup();
    const result = await call(IpcChannel.openAppWindow, {
      path: '/admin/invoices',
      search: '?filter%5Bstatus%5D=unpaid&page=2',
    });
    expect(result).toEqual({ ok: true, data: { opened: true } });
    expect(openAppWindow).toHaveBeenCalledWith('/admin/invoices', '?filter%5Bstatus%5D=unpaid&page=2');
  });

  it.each([
    ['a path outside the app pages', { path: '/login' }],
    ['another origin', { path: 'https://evil.example/' }],
    ['a path with a trick', { path: '/admin/users/../../etc' }],
    ['a query carrying a fragment', { path: '/admin/users', search: '?a=1#x' }],
    ['a query carrying a URL', { path: '/admin/users', search: '?next=//evil.example/x' }],
    ['an extra key', { path: '/admin/users', url: 'https://evil.example/' }],
  ])('refuses %s', async (_label, input) => {
    const { call, openAppWindow } = setup();
    expect(await call(IpcChannel.openAppWindow, input)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(openAppWindow).not.toHaveBeenCalled();
  });
});

describe('app:set-menu-role and app:get-server', () => {
  it('passes a known role (or null) to the menu and refuses anything else', async () => {
    const { call, setMenuRole } = setup();
    expect(await call(IpcChannel.setMenuRole, { role: 'Teacher' })).toEqual({
      ok: true,
      data: { sections: 3 },
    });
    expect(await call(IpcChannel.setMenuRole, { role: null })).toMatchObject({ ok: true });
    expect(await call(IpcChannel.setMenuRole, { role: 'Superuser' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(setMenuRole.mock.calls).toEqual([['Teacher'], [null]]);
  });

  it('asks for the server on first run, then remembers the address given', async () => {
    const { call } = setup();
    expect(await call(IpcChannel.getServerInfo)).toEqual({
      ok: true,
      data: { serverUrl: null, source: 'none' },
    });
    expect(
      await call(IpcChannel.setSetting, { key: 'serverUrl', value: 'javascript:alert(1)' }),
    ).toMatchObject({ ok: false });
    await call(IpcChannel.setSetting, { key: 'serverUrl', value: 'https://school.example/' });
    const info = await call(IpcChannel.getServerInfo);
    expect(info).toEqual({ ok: true, data: { serverUrl: 'https://school.example/', source: 'settings' } });
    if (info.ok) expect(ipcContract[IpcChannel.getServerInfo].output.safeParse(info.data).success).toBe(true);
  });

  it('lets SCHOOL_SERVER_URL override the stored address (no first-run screen)', async () => {
    const { call } = setup({ SCHOOL_SERVER_URL: 'http://10.0.0.5:8080' });
    expect(await call(IpcChannel.getServerInfo)).toEqual({
      ok: true,
      data: { serverUrl: 'http://10.0.0.5:8080', source: 'env' },
    });
  });
});

describe('the page a window shows (menu: open page in new window)', () => {
  const start = `${APP_ORIGIN}/`;
  it('is a table page with its query, or the calendar without the window flags', () => {
    expect(appPageOf(`${APP_ORIGIN}/admin/users?page=3`, start)).toEqual({
      path: '/admin/users',
      search: '?page=3',
    });
    expect(appPageOf(`${APP_ORIGIN}/?window=calendar&user=4`, start)).toEqual({ path: '/' });
  });
  it('is nothing for the sign-in page, another origin or garbage', () => {
    expect(appPageOf(`${APP_ORIGIN}/login`, start)).toBeNull();
    expect(appPageOf('https://evil.example/admin/users', start)).toBeNull();
    expect(appPageOf('', start)).toBeNull();
  });
});
