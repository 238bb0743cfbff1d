import { describe, expect, it, vi } from 'vitest';
import { startAutoUpdate, updateFeedUrl, type UpdaterLike } from './auto-update';

const FEED = 'https://updates.school.example/desktop/';

describe('auto-update feed', () => {
  it('is off in development and tests, and when no feed is configured', () => {
    expect(
      updateFeedUrl({ isPackaged: false, env: { SCHOOL_UPDATE_FEED_URL: FEED }, settings: {} }),
    ).toBeNull();
    expect(
      updateFeedUrl({
        isPackaged: true,
        env: { VITEST: 'true', SCHOOL_UPDATE_FEED_URL: FEED },
        settings: {},
      }),
    ).toBeNull();
    expect(updateFeedUrl({ isPackaged: true, env: {}, settings: {} })).toBeNull();
    expect(
      updateFeedUrl({
        isPackaged: true,
        env: { SCHOOL_AUTO_UPDATE: '0' },
        settings: { updateFeedUrl: FEED },
      }),
    ).toBeNull();
  });

  it('takes the environment first, then settings.json, and ignores a malformed address', () => {
    expect(
      updateFeedUrl({
        isPackaged: true,
        env: { SCHOOL_UPDATE_FEED_URL: FEED },
        settings: { updateFeedUrl: 'https://other/' },
      }),
    ).toBe(FEED);
    expect(updateFeedUrl({ isPackaged: true, env: {}, settings: { updateFeedUrl: FEED } })).toBe(FEED);
    expect(
      updateFeedUrl({
        isPackaged: true,
        env: { SCHOOL_UPDATE_FEED_URL: 'file:///etc/passwd' },
        settings: {},
      }),
    ).toBeNull();
  });
});

describe('starting auto-update', () => {
  function fakeUpdater() {
    return {
      autoDownload: false,
      setFeedURL: vi.fn(),
      checkForUpdatesAndNotify: vi.fn(async () => null),
      on: vi.fn(),
    } satisfies UpdaterLike;
  }

  it('does not even load electron-updater without a feed', async () => {
    const loadUpdater = vi.fn(async () => fakeUpdater());
    expect(await startAutoUpdate({ feedUrl: null, loadUpdater, log: vi.fn() })).toBe(false);
    expect(loadUpdater).not.toHaveBeenCalled();
  });

  it('points the updater at the generic feed, checks now and on a timer', async () => {
    const updater = fakeUpdater();
    const timers: number[] = [];
    const started = await startAutoUpdate({
      feedUrl: FEED,
      loadUpdater: async () => updater,
      log: vi.fn(),
      setInterval: (_callback, ms) => (timers.push(ms), {}),
    });
    expect(started).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: FEED });
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledOnce();
    expect(timers).toEqual([6 * 60 * 60 * 1000]);
  });

  it('logs a failed check instead of crashing the app', async () => {
    const updater = fakeUpdater();
    updater.checkForUpdatesAndNotify.mockRejectedValueOnce(new Error('offline'));
    const log = vi.fn();
    await startAutoUpdate({ feedUrl: FEED, loadUpdater: async () => updater, log, setInterval: () => ({}) });
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('update check failed', expect.any(Error)));
  });
});
