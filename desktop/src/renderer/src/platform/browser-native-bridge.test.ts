import { describe, expect, it, vi } from 'vitest';
import { RECORDING_MAX_BYTES } from '../../../common/recording-formats';
import {
  BROWSER_SETTINGS_KEY,
  createBrowserNativeBridge,
  describeBrowserFile,
  type BrowserBridgeEnv,
} from './browser-native-bridge';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

function env(overrides: Partial<BrowserBridgeEnv> = {}): BrowserBridgeEnv {
  return {
    storage: memoryStorage(),
    appBaseUrl: 'https://school.example/staff/',
    apiOrigin: 'https://school.example',
    openWindow: vi.fn(),
    probe: async () => ({ durationSeconds: 3, hasVideo: true }),
    ...overrides,
  };
}

describe('the browser NativeBridge', () => {
  it('keeps settings in localStorage with the same per-key validation', async () => {
    const storage = memoryStorage({
      [BROWSER_SETTINGS_KEY]: JSON.stringify({ language: 'xx', tablePageSizes: { users: 15 } }),
    });
    const bridge = createBrowserNativeBridge(env({ storage }));
    expect(bridge.native).toBe(false);
    await expect(bridge.getSettings()).resolves.toEqual({ tablePageSizes: { users: 15 } });
    await expect(bridge.setSetting({ key: 'language', value: 'ru' })).resolves.toEqual({
      language: 'ru',
      tablePageSizes: { users: 15 },
    });
    await expect(bridge.setSetting({ key: 'language', value: 'de' } as never)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(JSON.parse(storage.data.get(BROWSER_SETTINGS_KEY) ?? '')).toEqual({
      language: 'ru',
      tablePageSizes: { users: 15 },
    });
  });

  it('opens a calendar window on the same origin under the app base', async () => {
    const e = env();
    await createBrowserNativeBridge(e).openCalendarWindow({ userId: 8 });
    expect(e.openWindow).toHaveBeenCalledWith('https://school.example/staff/?user=8&window=calendar');
  });

  it('describes picked files like main does (size limit, video only)', async () => {
    const video = new File([new Uint8Array(10)], 'lesson.mp4', { type: 'video/mp4' });
    await expect(
      describeBrowserFile(video, 't1', async () => ({ durationSeconds: 3, hasVideo: true })),
    ).resolves.toEqual({
      token: 't1',
      name: 'lesson.mp4',
      size: 10,
      mimeType: 'video/mp4',
      durationSeconds: 3,
      hasVideo: true,
      problems: [],
    });
    const audio = new File([new Uint8Array(10)], 'voice.mp4', { type: 'video/mp4' });
    const described = await describeBrowserFile(audio, 't2', async () => ({
      durationSeconds: 3,
      hasVideo: false,
    }));
    expect(described.problems).toEqual(['recordings.file_must_be_video']);
    // Undecodable in the browser: the spec's MIME rule (no type → from the extension) and the
    // container's first bytes decide.
    const aviHead = new TextEncoder().encode('RIFF\x00\x10\x00\x00AVI LIST');
    const avi = new File([aviHead], 'old.avi');
    const aviDescribed = await describeBrowserFile(avi, 't3', async () => ({
      durationSeconds: null,
      hasVideo: null,
    }));
    expect(aviDescribed).toMatchObject({ mimeType: 'video/x-msvideo', hasVideo: true, problems: [] });
    const renamed = new File([new TextEncoder().encode('minutes of the lesson, not a video')], 'notes.mp4', {
      type: 'video/mp4',
    });
    const renamedDescribed = await describeBrowserFile(renamed, 't5', async () => ({
      durationSeconds: null,
      hasVideo: null,
    }));
    expect(renamedDescribed).toMatchObject({ hasVideo: false, problems: ['recordings.file_must_be_video'] });
    const big = { name: 'big.mp4', type: 'video/mp4', size: RECORDING_MAX_BYTES + 1 } as File;
    const bigDescribed = await describeBrowserFile(big, 't4', async () => ({
      durationSeconds: 1,
      hasVideo: true,
    }));
    expect(bigDescribed.problems).toEqual(['recordings.file_too_large']);
  });

  it('refuses to upload a token it never handed out', async () => {
    const bridge = createBrowserNativeBridge(env());
    await expect(
      bridge.uploadRecordings({
        studyId: 1,
        files: [{ token: 'nope' }],
        metadata: { study_id: 1, parts: [] },
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
