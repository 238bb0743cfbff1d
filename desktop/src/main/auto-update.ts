import { z } from 'zod';
import type { DesktopSettings } from '../common/ipc-schemas';

/** How often a running app looks for a new version (staff leave the app open all day). */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

const feedUrlSchema = z.url({ protocol: /^https?$/ });

export interface UpdateFeedInput {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
  settings: DesktopSettings;
}

/**
 * The feed to update from, or null when updating must not happen: in development and tests
 * (not packaged), when switched off, or when no feed is configured (SCHOOL_UPDATE_FEED_URL, else
 * updateFeedUrl in settings.json). A malformed address is no feed, not a crash at start.
 */
export function updateFeedUrl(input: UpdateFeedInput): string | null {
  if (!input.isPackaged) return null;
  if (input.env.SCHOOL_AUTO_UPDATE === '0' || input.env.VITEST || input.env.NODE_ENV === 'test') return null;
  const configured = input.env.SCHOOL_UPDATE_FEED_URL || input.settings.updateFeedUrl;
  if (!configured) return null;
  const parsed = feedUrlSchema.safeParse(configured);
  return parsed.success ? parsed.data : null;
}

/** The part of electron-updater's autoUpdater used here (a fake in tests). */
export interface UpdaterLike {
  autoDownload: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

export interface AutoUpdateDeps {
  feedUrl: string | null;
  /** Loads electron-updater only when a feed is configured (it reads files of the packaged app). */
  loadUpdater: () => Promise<UpdaterLike>;
  log: (message: string, error?: unknown) => void;
  setInterval?: (callback: () => void, ms: number) => { unref?: () => void };
}

/**
 * Checks the feed now and every few hours; electron-updater downloads in the background and
 * installs on quit, with the OS notification it shows. Failures (offline, feed down) are logged only.
 */
export async function startAutoUpdate(deps: AutoUpdateDeps): Promise<boolean> {
  if (!deps.feedUrl) return false;
  let updater: UpdaterLike;
  try {
    updater = await deps.loadUpdater();
  } catch (error) {
    deps.log('auto-update unavailable', error);
    return false;
  }
  updater.autoDownload = true;
  updater.setFeedURL({ provider: 'generic', url: deps.feedUrl });
  updater.on('error', (error) => deps.log('auto-update failed', error));
  const check = () =>
    void updater.checkForUpdatesAndNotify().catch((error: unknown) => deps.log('update check failed', error));
  check();
  (deps.setInterval ?? setInterval)(check, UPDATE_CHECK_INTERVAL_MS).unref?.();
  return true;
}
