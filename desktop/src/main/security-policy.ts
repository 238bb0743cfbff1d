import type { WebContents, WebPreferences } from 'electron';

/** Our own origin: the renderer is served from `app://staff/` (see app-protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'staff';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The only web preferences any of our windows get. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

export interface CspOptions {
  /** The Vite dev server origin while developing (needs its inline React refresh preamble and HMR socket). */
  devServerOrigin?: string;
}

export function buildContentSecurityPolicy(options: CspOptions = {}): string {
  const dev = options.devServerOrigin;
  const wsDev = dev ? ` ${dev.replace(/^http/, 'ws')}` : '';
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': dev ? "'self' 'unsafe-inline'" : "'self'",
    // Blueprint and its popovers position elements with inline styles.
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'media-src': "'self' blob:",
    'connect-src': `'self'${wsDev}`,
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-src': "'none'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** scheme://host[:port] of a URL, also for custom schemes (whose URL.origin is 'null'). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export function isAllowedUrl(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

/** Navigation inside a window: our own origin only. */
export function navigationDecision(url: string, allowedOrigins: readonly string[]): 'allow' | 'deny' {
  return isAllowedUrl(url, allowedOrigins) ? 'allow' : 'deny';
}

/** Links the OS may open in the user's browser (meeting links and the like); never file: or custom schemes. */
export function isExternalWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && originOf(url) !== null;
}

export type WindowOpenDecision =
  | { action: 'allow'; overrideBrowserWindowOptions: { webPreferences: WebPreferences } }
  | { action: 'deny' };

/** window.open: same-origin windows get our secure preferences; anything else is refused. */
export function windowOpenDecision(url: string, allowedOrigins: readonly string[], preloadPath: string): WindowOpenDecision {
  return isAllowedUrl(url, allowedOrigins)
    ? { action: 'allow', overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(preloadPath) } }
    : { action: 'deny' };
}

export interface NavigationGuardOptions {
  allowedOrigins: readonly string[];
  preloadPath: string;
  /** Called with a refused http(s) window.open URL, to hand it to the system browser. */
  openExternal?: (url: string) => void;
}

/** Navigation, redirects and window.open leave our own origin never; webviews are refused. */
export function installNavigationGuards(contents: WebContents, options: NavigationGuardOptions): void {
  const refuseForeign = (event: { preventDefault(): void }, url: string) => {
    if (navigationDecision(url, options.allowedOrigins) === 'deny') event.preventDefault();
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, options.allowedOrigins, options.preloadPath);
    if (decision.action === 'deny' && isExternalWebUrl(url)) options.openExternal?.(url);
    return decision;
  });
  // A window opened by window.open needs the same guards, or it could navigate anywhere.
  contents.on('did-create-window', (child) => installNavigationGuards(child.webContents, options));
}

/** The parts of an Electron Session the guards use (structural, so tests pass a fake). */
export interface SessionLike {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string | string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

/**
 * Session-wide rules: our CSP on every answer from our origins (also pages the dev server or the
 * proxy serves), and no permission (camera, notifications, geolocation…) for any page.
 */
export function installSessionGuards(session: SessionLike, options: { contentSecurityPolicy: string; allowedOrigins: readonly string[] }): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (isAllowedUrl(details.url, options.allowedOrigins)) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === 'content-security-policy') delete headers[name];
      }
      headers['Content-Security-Policy'] = [options.contentSecurityPolicy];
    }
    callback({ responseHeaders: headers });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
