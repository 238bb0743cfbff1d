import { BrowserWindow, shell } from 'electron';
import type { WindowKind, WindowSize } from '../common/ipc-schemas';
import { installNavigationGuards, isExternalWebUrl } from './security-policy';
import { buildBrowserWindowOptions, calendarWindowUrl } from './window-options';

export interface WindowManagerOptions {
  preloadPath: string;
  /** Where the renderer lives: app://staff/ or the Vite dev server. */
  startUrl: string;
  allowedOrigins: readonly string[];
  /** Remembered sizes per kind of window (settings). */
  getSavedSize: (kind: WindowKind) => WindowSize | undefined;
  saveSize: (kind: WindowKind, size: WindowSize) => void;
}

/** Adapter: creates and tracks the app's windows (the main one and any number of calendars). */
export function createWindowManager(options: WindowManagerOptions) {
  const windows = new Set<BrowserWindow>();
  const openExternal = (url: string) => {
    if (isExternalWebUrl(url)) void shell.openExternal(url);
  };

  function open(kind: WindowKind, url: string): BrowserWindow {
    const window = new BrowserWindow(buildBrowserWindowOptions(kind, options.preloadPath, options.getSavedSize(kind)));
    installNavigationGuards(window.webContents, {
      allowedOrigins: options.allowedOrigins,
      preloadPath: options.preloadPath,
      openExternal,
    });
    window.once('ready-to-show', () => window.show());
    window.on('close', () => {
      // Normal bounds: a maximized window still remembers the size it returns to.
      const { width, height } = window.getNormalBounds();
      options.saveSize(kind, { width, height });
    });
    window.on('closed', () => windows.delete(window));
    windows.add(window);
    void window.loadURL(url);
    return window;
  }

  return {
    openMainWindow: (): BrowserWindow => open('main', new URL('/', options.startUrl).toString()),
    openCalendarWindow: (userId: number | null): BrowserWindow =>
      open('calendar', calendarWindowUrl(options.startUrl, userId)),
    count: () => windows.size,
    focusOrOpen(): void {
      const [first] = windows;
      if (first) first.focus();
      else open('main', new URL('/', options.startUrl).toString());
    },
    /** Sends an event to every open window (language chosen in the menu). */
    broadcast(channel: string, payload: unknown): void {
      for (const window of windows) {
        if (!window.isDestroyed()) window.webContents.send(channel, payload);
      }
    },
  };
}

export type WindowManager = ReturnType<typeof createWindowManager>;
