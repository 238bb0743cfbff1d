import type { WebContents, WebPreferences } from 'electron';
import { PROXIED_ANSWER_CSP, routeAppRequest } from './app-routes';

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

/** A URL of our origin that the server answers (an API call, a stored file), not a page of ours. */
function isServerPath(url: string): boolean {
  try {
    return routeAppRequest('GET', new URL(url).pathname) === 'proxy';
  } catch {
    return false;
  }
}

/**
 * Navigation inside a window: pages of our own origin only. Files the server answers are
 * downloaded (`<a download>`), never opened as a page in a window that has the bridge.
 */
export function navigationDecision(url: string, allowedOrigins: readonly string[]): 'allow' | 'deny' {
  return isAllowedUrl(url, allowedOrigins) && !isServerPath(url) ? 'allow' : 'deny';
}

/**
 * Links the OS may open in the user's browser (meeting links and the like): http(s) only, never
 * file:, custom schemes (ms-msdt:, smb:) or a URL carrying credentials (`https://bank@evil/`).
 */
export function isExternalWebUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.hostname !== '' &&
    !parsed.username &&
    !parsed.password
  );
}

/** shell.openExternal behind isExternalWebUrl: true when the URL was handed to the OS. */
export function openExternalSafely(url: string, openExternal: (url: string) => unknown): boolean {
  if (!isExternalWebUrl(url)) return false;
  void openExternal(url);
  return true;
}

export type WindowOpenDecision =
  { action: 'allow'; overrideBrowserWindowOptions: { webPreferences: WebPreferences } } | { action: 'deny' };

/** window.open: same-origin pages get our secure preferences; anything else is refused. */
export function windowOpenDecision(
  url: string,
  allowedOrigins: readonly string[],
  preloadPath: string,
): WindowOpenDecision {
  return navigationDecision(url, allowedOrigins) === 'allow'
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
  contents.on('will-frame-navigate', (event) => refuseForeign(event, event.url));
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, options.allowedOrigins, options.preloadPath);
    if (decision.action === 'deny') openExternalSafely(url, (external) => options.openExternal?.(external));
    return decision;
  });
}

/** The parts of Electron's `app` the app-wide guards use (structural, so tests pass a fake). */
export interface AppLike {
  enableSandbox(): void;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): void;
}

/**
 * App-wide, before the app is ready: every renderer sandboxed whatever its preferences say, and
 * the navigation guards on every web contents as it is created (our windows, windows opened by
 * window.open, anything a library opens), so none is left without them.
 */
export function installAppGuards(app: AppLike, options: NavigationGuardOptions): void {
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => installNavigationGuards(contents, options));
}

/** What a permission request or check says about who asks (Electron's `details`, the fields we read). */
export interface PermissionAsker {
  requestingUrl?: string;
  isMainFrame?: boolean;
  /** Request: the devices asked for; check: one (`unknown` before devices are listed). */
  mediaTypes?: readonly string[];
}

/**
 * The permissions our own pages need, for our own pages only: the chat's video call (camera and
 * microphone: `media` with video and audio, not the screen) and copying a link or the payment
 * text (`clipboard-sanitized-write`). Nothing else (notifications go through main, see
 * message-notifications), and nothing for any other page or frame.
 */
export function permissionDecision(
  permission: string,
  asker: PermissionAsker,
  allowedOrigins: readonly string[],
): boolean {
  if (
    !asker.requestingUrl ||
    asker.isMainFrame === false ||
    !isAllowedUrl(asker.requestingUrl, allowedOrigins)
  )
    return false;
  if (permission === 'clipboard-sanitized-write') return true;
  if (permission === 'media')
    return (asker.mediaTypes ?? []).every(
      (type) => type === 'video' || type === 'audio' || type === 'unknown',
    );
  return false;
}

/** The parts of an Electron Session the guards use (structural, so tests pass a fake). */
export interface SessionLike {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; method?: string; responseHeaders?: Record<string, string | string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string; isMainFrame?: boolean; mediaTypes?: string[] },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      contents: unknown,
      permission: string,
      requestingOrigin: string,
      details: { requestingUrl?: string; isMainFrame?: boolean; mediaType?: string },
    ) => boolean,
  ): void;
}

/**
 * Session-wide rules: on every answer from our origins, our CSP for our pages and the sandbox
 * policy for what the server answers (replacing whatever CSP came with it); permissions by
 * permissionDecision.
 */
export function installSessionGuards(
  session: SessionLike,
  options: { contentSecurityPolicy: string; allowedOrigins: readonly string[] },
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (isAllowedUrl(details.url, options.allowedOrigins)) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === 'content-security-policy') delete headers[name];
      }
      const fromServer = routeAppRequest(details.method ?? 'GET', new URL(details.url).pathname) === 'proxy';
      headers['Content-Security-Policy'] = [fromServer ? PROXIED_ANSWER_CSP : options.contentSecurityPolicy];
    }
    callback({ responseHeaders: headers });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(
      permissionDecision(
        permission,
        {
          requestingUrl: details?.requestingUrl,
          isMainFrame: details?.isMainFrame,
          mediaTypes: details?.mediaTypes,
        },
        options.allowedOrigins,
      ),
    ),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionDecision(
      permission,
      {
        requestingUrl: details?.requestingUrl ?? requestingOrigin,
        isMainFrame: details?.isMainFrame,
        mediaTypes: details?.mediaType ? [details.mediaType] : [],
      },
      options.allowedOrigins,
    ),
  );
}
