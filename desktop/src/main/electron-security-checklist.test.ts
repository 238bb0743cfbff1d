import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it, vi } from 'vitest';
import { fakeContents } from './web-contents.test-kit';
import { PROXIED_ANSWER_CSP } from './app-routes';
import {
  APP_ORIGIN,
  installAppGuards,
  isExternalWebUrl,
  navigationDecision,
  openExternalSafely,
  secureWebPreferences,
  windowOpenDecision,
} from './security-policy';

vi.mock('electron', () => ({ net: {}, protocol: {} }));
const { APP_SCHEME_PRIVILEGES, proxiedAnswerHeaders } = await import('./app-protocol');

/**
 * Electron's security checklist (electronjs.org/docs/latest/tutorial/security), the items the
 * other test files do not already cover; docs/reliability.md maps every item to its test. The
 * Electron binary cannot run here: the options and handlers are checked as plain functions.
 */
const allowed = [APP_ORIGIN];
const PRELOAD = '/app/out/preload/index.cjs';

describe('Electron security checklist', () => {
  it('4. sandbox: every renderer is sandboxed app-wide, and every web contents gets the guards as it is created', () => {
    const listeners = new Map<string, (event: unknown, contents: unknown) => void>();
    const app = {
      enableSandbox: vi.fn(),
      on: vi.fn(
        (name: string, listener: (event: unknown, contents: unknown) => void) =>
          void listeners.set(name, listener),
      ),
    };
    installAppGuards(app, { allowedOrigins: allowed, preloadPath: PRELOAD });
    expect(app.enableSandbox).toHaveBeenCalledOnce();
    // Any web contents: our windows, a window.open child, one a library opens.
    for (let i = 0; i < 2; i++) {
      const child = fakeContents();
      listeners.get('web-contents-created')?.({}, child.contents);
      const event = { preventDefault: vi.fn() };
      child.listeners.get('will-navigate')?.(event, 'https://evil.example/');
      expect(event.preventDefault).toHaveBeenCalled();
      expect(child.open('https://evil.example/')).toEqual({ action: 'deny' });
      const webview = { preventDefault: vi.fn() };
      child.listeners.get('will-attach-webview')?.(webview);
      expect(webview.preventDefault).toHaveBeenCalled();
    }
  });

  it('2, 3, 6, 8, 9, 10, 11. web preferences: only the safe ones, no experimental or Blink features', () => {
    const prefs = secureWebPreferences(PRELOAD);
    expect(Object.keys(prefs).sort()).toEqual(
      [
        'allowRunningInsecureContent',
        'contextIsolation',
        'nodeIntegration',
        'nodeIntegrationInSubFrames',
        'preload',
        'sandbox',
        'spellcheck',
        'webSecurity',
        'webviewTag',
      ].sort(),
    );
    expect(prefs).not.toHaveProperty('experimentalFeatures');
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('nodeIntegrationInWorker');
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('13. navigation: pages of our origin only; what the server answers is never opened as a page', () => {
    expect(navigationDecision('app://staff/admin/contracts?page=2', allowed)).toBe('allow');
    expect(navigationDecision('app://staff/login', allowed)).toBe('allow');
    for (const url of [
      'app://staff/api/study_tasks/9/download',
      'app://staff/api/contracts/1/document',
      'app://staff/socket.io/?EIO=4',
      'app://staff/telegram/disconnect',
    ]) {
      expect(navigationDecision(url, allowed), url).toBe('deny');
      expect(windowOpenDecision(url, allowed, PRELOAD), url).toEqual({ action: 'deny' });
    }
    // Frames too (the CSP allows none; a frame that got in anyway cannot leave either).
    const { contents, listeners } = fakeContents();
    installAppGuards(
      { enableSandbox: () => undefined, on: (_name, listener) => listener({}, contents as never) },
      { allowedOrigins: allowed, preloadPath: PRELOAD },
    );
    const frameEvent = { url: 'https://evil.example/', preventDefault: vi.fn() };
    listeners.get('will-frame-navigate')?.(frameEvent);
    expect(frameEvent.preventDefault).toHaveBeenCalled();
  });

  it('15. shell.openExternal: web links only, never a file, a custom scheme or a link with credentials', () => {
    const opened: string[] = [];
    const open = (url: string) => void opened.push(url);
    for (const url of ['https://meet.google.com/abc-defg-hij', 'http://zoom.us/j/1000000001'])
      expect(openExternalSafely(url, open)).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'smb://attacker/share',
      'ms-msdt:/id PCWDiagnostic',
      'javascript:alert(1)',
      'app://staff/',
      'https://bank.example@evil.example/',
      'https://user:pass@evil.example/',
      'https://',
      'not a url',
    ]) {
      expect(openExternalSafely(url, open), url).toBe(false);
      expect(isExternalWebUrl(url), url).toBe(false);
    }
    expect(opened).toEqual(['https://meet.google.com/abc-defg-hij', 'http://zoom.us/j/1000000001']);
  });

  it('18. custom protocol: app:// is a standard secure origin without extra powers; server answers are sandboxed data', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      standard: true,
      secure: true,
      supportFetchAPI: true,
      corsEnabled: false,
      stream: true,
    });
    const headers = proxiedAnswerHeaders(
      new Headers({ 'Content-Type': 'text/html', 'Content-Security-Policy': "script-src 'unsafe-inline'" }),
    );
    expect(headers.get('content-security-policy')).toBe(PROXIED_ANSWER_CSP);
    expect(PROXIED_ANSWER_CSP.split(';')[0]).toBe('sandbox');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-type')).toBe('text/html');
  });

  it('19. fuses: the packaged app refuses to run as Node, NODE_OPTIONS and --inspect, loads only its asar, gives file: no extra rights', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const config = load(fs.readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8')) as {
      electronFuses?: Record<string, boolean>;
    };
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
