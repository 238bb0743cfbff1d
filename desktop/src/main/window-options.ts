import type { BrowserWindowConstructorOptions } from 'electron';
import { openAppWindowInputSchema, type OpenAppWindowInput } from '../common/ipc-schemas';
import type { WindowKind, WindowSize } from '../common/ipc-schemas';
import { secureWebPreferences } from './security-policy';

/** Default and minimum sizes per kind of window; the last size used is remembered per kind. */
export const WINDOW_DEFAULTS: Record<WindowKind, WindowSize & { minWidth: number; minHeight: number }> = {
  main: { width: 1280, height: 800, minWidth: 960, minHeight: 600 },
  calendar: { width: 1100, height: 800, minWidth: 720, minHeight: 500 },
  table: { width: 1200, height: 760, minWidth: 800, minHeight: 500 },
};

/** Every window, whatever its kind, gets the same locked-down web preferences. */
export function buildBrowserWindowOptions(
  kind: WindowKind,
  preloadPath: string,
  savedSize?: WindowSize & { x?: number; y?: number },
): BrowserWindowConstructorOptions {
  const defaults = WINDOW_DEFAULTS[kind];
  return {
    // A placement (window-bounds.ts) has already fitted these to a display; min keeps old sizes sane.
    ...(savedSize?.x !== undefined && savedSize.y !== undefined ? { x: savedSize.x, y: savedSize.y } : {}),
    width: Math.max(savedSize?.width ?? defaults.width, defaults.minWidth),
    height: Math.max(savedSize?.height ?? defaults.height, defaults.minHeight),
    minWidth: defaults.minWidth,
    minHeight: defaults.minHeight,
    show: false,
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(preloadPath),
  };
}

/** `${start}/?user=<id>&window=calendar`: the renderer reads both to show one user's calendar. */
export function calendarWindowUrl(startUrl: string, userId: number | null): string {
  const url = new URL('/', startUrl);
  if (userId !== null) url.searchParams.set('user', String(userId));
  url.searchParams.set('window', 'calendar');
  return url.toString();
}

/** `${start}${path}${search}`: a table page (or the calendar) in a window of its own. */
export function appWindowUrl(startUrl: string, path: string, search = ''): string {
  const url = new URL(path, startUrl);
  url.search = search;
  return url.toString();
}

/**
 * The app page a window shows, as windows:open would accept it; null for anything else (a login
 * page, a form's deep link of another origin). The menu's "open in new window" starts from this.
 */
export function appPageOf(url: string, startUrl: string): OpenAppWindowInput | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(startUrl).origin) return null;
  // The calendar window's own query (?window=calendar&user=) is the calendar page too.
  const search = parsed.pathname === '/' ? '' : parsed.search;
  const page = openAppWindowInputSchema.safeParse({ path: parsed.pathname, ...(search ? { search } : {}) });
  return page.success ? page.data : null;
}
