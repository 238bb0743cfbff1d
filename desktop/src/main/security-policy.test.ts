import { describe, expect, it, vi } from 'vitest';
import { fakeContents } from './web-contents.test-kit';
import {
  APP_ORIGIN,
  buildContentSecurityPolicy,
  installNavigationGuards,
  installSessionGuards,
  isAllowedUrl,
  navigationDecision,
  secureWebPreferences,
  windowOpenDecision,
} from './security-policy';
import { buildBrowserWindowOptions, calendarWindowUrl, WINDOW_DEFAULTS } from './window-options';
import { PROXIED_ANSWER_CSP } from './app-routes';

const allowed = [APP_ORIGIN];
const PRELOAD = '/app/out/preload/index.cjs';

describe('BrowserWindow options', () => {
  it.each(['main', 'calendar'] as const)('%s windows are isolated, sandboxed, without Node', (kind) => {
    const options = buildBrowserWindowOptions(kind, PRELOAD, { width: 1024, height: 700 });
    expect(options.webPreferences).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options.webPreferences).toEqual(secureWebPreferences(PRELOAD));
    expect(options.show).toBe(false);
  });

  it('uses the remembered size per kind, never below the minimum', () => {
    expect(buildBrowserWindowOptions('calendar', PRELOAD, { width: 1000, height: 700 })).toMatchObject({
      width: 1000,
      height: 700,
    });
    expect(buildBrowserWindowOptions('main', PRELOAD)).toMatchObject({
      width: WINDOW_DEFAULTS.main.width,
      height: WINDOW_DEFAULTS.main.height,
    });
    expect(buildBrowserWindowOptions('main', PRELOAD, { width: 500, height: 400 })).toMatchObject({
      width: WINDOW_DEFAULTS.main.minWidth,
      height: WINDOW_DEFAULTS.main.minHeight,
    });
  });

  it('points calendar windows at /?user=<id>&window=calendar on our origin', () => {
    expect(calendarWindowUrl(`${APP_ORIGIN}/`, 12)).toBe('app://staff/?user=12&window=calendar');
    expect(calendarWindowUrl('http://localhost:5173', 3)).toBe(
      'http://localhost:5173/?user=3&window=calendar',
    );
    expect(calendarWindowUrl(`${APP_ORIGIN}/`, null)).toBe('app://staff/?window=calendar');
  });
});

describe('content security policy', () => {
  it('never allows eval, and inline scripts only for the dev server', () => {
    const prod = buildContentSecurityPolicy();
    const dev = buildContentSecurityPolicy({ devServerOrigin: 'http://localhost:5173' });
    for (const csp of [prod, dev]) {
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
    expect(prod).toMatch(/script-src 'self'(;|$)/);
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
  });
});

describe('navigation and window.open policy', () => {
  it('allows our origin only', () => {
    expect(navigationDecision('app://staff/admin/users', allowed)).toBe('allow');
    for (const url of [
      'https://evil.example/',
      'app://other/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(navigationDecision(url, allowed)).toBe('deny');
      expect(isAllowedUrl(url, allowed)).toBe(false);
    }
  });

  it('denies foreign window.open and gives same-origin windows the secure preferences', () => {
    expect(windowOpenDecision('https://evil.example/', allowed, PRELOAD)).toEqual({ action: 'deny' });
    expect(windowOpenDecision('app://staff/?window=calendar', allowed, PRELOAD)).toEqual({
      action: 'allow',
      overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(PRELOAD) },
    });
  });

  it('installs guards that prevent foreign navigation, webviews and foreign windows', () => {
    const { contents, listeners, open } = fakeContents();
    const openExternal = vi.fn();
    installNavigationGuards(contents as never, {
      allowedOrigins: allowed,
      preloadPath: PRELOAD,
      openExternal,
    });

    for (const name of ['will-navigate', 'will-redirect']) {
      const foreign = { preventDefault: vi.fn() };
      listeners.get(name)?.(foreign, 'https://evil.example/login');
      expect(foreign.preventDefault).toHaveBeenCalled();
      const own = { preventDefault: vi.fn() };
      listeners.get(name)?.(own, 'app://staff/admin/users');
      expect(own.preventDefault).not.toHaveBeenCalled();
    }
    const webview = { preventDefault: vi.fn() };
    listeners.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();

    expect(open('https://meet.example/room')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://meet.example/room');
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(open('app://staff/?user=1&window=calendar')).toMatchObject({ action: 'allow' });
  });
});

describe('session guards', () => {
  type Details = { requestingUrl?: string; isMainFrame?: boolean; mediaTypes?: string[]; mediaType?: string };
  function fakeSession() {
    let onHeaders:
      | ((
          details: { url: string; method?: string; responseHeaders?: Record<string, string | string[]> },
          cb: (r: unknown) => void,
        ) => void)
      | undefined;
    let onRequest:
      | ((contents: unknown, permission: string, cb: (granted: boolean) => void, details: Details) => void)
      | undefined;
    let onCheck:
      ((contents: unknown, permission: string, origin: string, details: Details) => boolean) | undefined;
    const session = {
      webRequest: { onHeadersReceived: (listener: typeof onHeaders) => void (onHeaders = listener) },
      setPermissionRequestHandler: (handler: typeof onRequest) => void (onRequest = handler),
      setPermissionCheckHandler: (handler: typeof onCheck) => void (onCheck = handler),
    };
    const headersFor = (url: string, responseHeaders: Record<string, string | string[]>, method = 'GET') =>
      new Promise<Record<string, string | string[]> | undefined>((resolve) =>
        onHeaders?.({ url, method, responseHeaders }, (r) =>
          resolve((r as { responseHeaders?: Record<string, string | string[]> }).responseHeaders),
        ),
      );
    return {
      session,
      headersFor,
      request: (p: string, details: Details) => new Promise<boolean>((r) => onRequest?.({}, p, r, details)),
      check: (p: string, origin: string, details: Details = {}) => onCheck?.({}, p, origin, details),
    };
  }

  it("puts our CSP on our pages, the sandbox policy on the server's answers (replacing any other), and leaves foreign answers alone", async () => {
    const fake = fakeSession();
    const csp = buildContentSecurityPolicy();
    installSessionGuards(fake.session as never, { contentSecurityPolicy: csp, allowedOrigins: allowed });
    const page = await fake.headersFor('app://staff/admin/users', {
      'content-security-policy': ['default-src *'],
      'X-Other': ['1'],
    });
    expect(page).toEqual({ 'Content-Security-Policy': [csp], 'X-Other': ['1'] });
    const api = await fake.headersFor('app://staff/api/study_tasks/7/download', {
      'Content-Security-Policy': ['default-src *'],
    });
    expect(api).toEqual({ 'Content-Security-Policy': [PROXIED_ANSWER_CSP] });
    expect(await fake.headersFor('app://staff/login', {}, 'POST')).toEqual({
      'Content-Security-Policy': [PROXIED_ANSWER_CSP],
    });
    const foreign = await fake.headersFor('https://meet.example/', { 'X-Other': ['1'] });
    expect(foreign).toEqual({ 'X-Other': ['1'] });
  });

  it("grants our own pages the chat's camera and microphone and clipboard writes; nothing else, and nothing to other pages", async () => {
    const fake = fakeSession();
    installSessionGuards(fake.session as never, { contentSecurityPolicy: 'x', allowedOrigins: allowed });
    const own = { requestingUrl: 'app://staff/chat', isMainFrame: true };
    await expect(fake.request('media', { ...own, mediaTypes: ['video', 'audio'] })).resolves.toBe(true);
    await expect(fake.request('clipboard-sanitized-write', own)).resolves.toBe(true);
    expect(fake.check('media', 'app://staff', { ...own, mediaType: 'video' })).toBe(true);
    expect(fake.check('clipboard-sanitized-write', 'app://staff', own)).toBe(true);
    for (const permission of [
      'notifications',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'midiSysex',
      'pointerLock',
      'fullscreen',
      'hid',
    ]) {
      await expect(fake.request(permission, own)).resolves.toBe(false);
      expect(fake.check(permission, 'app://staff', own)).toBe(false);
    }
    for (const asker of [
      { requestingUrl: 'https://meet.example/', isMainFrame: true },
      { requestingUrl: 'app://staff/chat', isMainFrame: false },
      {},
    ]) {
      await expect(fake.request('media', { ...asker, mediaTypes: ['video'] })).resolves.toBe(false);
      await expect(fake.request('clipboard-sanitized-write', asker)).resolves.toBe(false);
    }
    expect(fake.check('media', 'https://meet.example', { mediaType: 'audio' })).toBe(false);
  });
});
