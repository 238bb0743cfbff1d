import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowKind, WindowSize } from '../common/ipc-schemas';
import { secureWebPreferences } from './security-policy';

/** Default and minimum sizes per kind of window; the last size used is remembered per kind. */
export const WINDOW_DEFAULTS: Record<WindowKind, WindowSize & { minWidth: number; minHeight: number }> = {
  main: { width: 1280, height: 800, minWidth: 960, minHeight: 600 },
  calendar: { width: 1100, height: 800, minWidth: 720, minHeight: 500 },
};

/** Every window, whatever its kind, gets the same locked-down web preferences. */
export function buildBrowserWindowOptions(
  kind: WindowKind,
  preloadPath: string,
  savedSize?: WindowSize,
): BrowserWindowConstructorOptions {
  const defaults = WINDOW_DEFAULTS[kind];
  return {
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
