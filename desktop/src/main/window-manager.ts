import { BrowserWindow, screen } from 'electron';
import type { AppPath } from '../common/app-sections';
import type { WindowBounds, WindowKind, WindowSize } from '../common/ipc-schemas';
import { placeWindow } from './window-bounds';
import {
  appWindowUrl,
  buildBrowserWindowOptions,
  calendarWindowUrl,
  WINDOW_DEFAULTS,
} from './window-options';

export interface WindowManagerOptions {
  preloadPath: string;
  /** Where the renderer lives: app://staff/ or the Vite dev server. */
  startUrl: string;
  /** Remembered sizes per kind of window (settings). */
  getSavedSize: (kind: WindowKind) => WindowSize | undefined;
  saveSize: (kind: WindowKind, size: WindowSize) => void;
  /** Remembered position and size per kind (preferred over the size alone). */
  getSavedBounds?: (kind: WindowKind) => WindowBounds | undefined;
  saveBounds?: (kind: WindowKind, bounds: WindowBounds) => void;
}

/** Work areas of the connected displays, the primary first. */
function workAreas() {
  const primary = screen.getPrimaryDisplay();
  return [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)].map(
    (d) => d.workArea,
  );
}

/** Adapter: creates and tracks the app's windows (the main one and any number of calendars). */
export function createWindowManager(options: WindowManagerOptions) {
  const windows = new Set<BrowserWindow>();
  const kinds = new WeakMap<BrowserWindow, WindowKind>();

  function open(kind: WindowKind, url: string): BrowserWindow {
    const placement = placeWindow({
      saved: options.getSavedBounds?.(kind) ?? options.getSavedSize(kind),
      defaults: WINDOW_DEFAULTS[kind],
      workAreas: workAreas(),
      occupied: [...windows]
        .filter((w) => kinds.get(w) === kind && !w.isDestroyed())
        .map((w) => w.getBounds()),
    });
    const window = new BrowserWindow(buildBrowserWindowOptions(kind, options.preloadPath, placement));
    kinds.set(window, kind);
    if (placement.maximized) window.maximize();
    window.once('ready-to-show', () => window.show());
    window.on('close', () => {
      // Normal bounds: a maximized window still remembers the size it returns to.
      const { x, y, width, height } = window.getNormalBounds();
      options.saveSize(kind, { width, height });
      options.saveBounds?.(kind, { x, y, width, height, maximized: window.isMaximized() });
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
    /** A table page (or the calendar) in a window of its own ("open in new window"). */
    openAppWindow: (path: AppPath, search?: string): BrowserWindow =>
      open(path === '/' ? 'calendar' : 'table', appWindowUrl(options.startUrl, path, search)),
    /** The window a menu item acts on: the focused one, else the first. */
    focused: (): BrowserWindow | undefined => BrowserWindow.getFocusedWindow() ?? [...windows][0],
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
