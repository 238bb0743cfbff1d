import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffprobe from '@ffprobe-installer/ffprobe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES } from '@school/shared/domain';
import { addFiles, draftFromSaved, draftProblems, RecordingRowProblem } from '@school/shared/rules';
import { IpcChannel } from '../common/ipc-channels';
import type { PickedRecordingFile } from '../common/ipc-schemas';
import { probeMediaFile } from './ffprobe.service';
import { createIpcHandlers } from './ipc-handlers';
import { dispatchIpcCall } from './ipc-registry';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';
import { H264, makeSampleMedia, writeNotAVideo } from './media-samples.test-kit';

/**
 * Spec part 1 §5 checked before anything is sent: the native dialog's files go through the real
 * ffprobe in main, and the shared rules the renderer applies flag each one as the user will see it.
 */

let dir: string;
const at = (...parts: string[]) => path.join(dir, ...parts);

const video = (file: string, seconds: number) =>
  makeSampleMedia(file, { seconds, video: { size: '160x120', rate: 5 }, audio: false, encoder: H264 });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pick-test-'));
  await mkdir(at('other'));
  await video(at('lesson.mp4'), 8);
  await video(at('other', 'lesson.mp4'), 8);
  await video(at('click.mkv'), 2);
  await makeSampleMedia(at('voice.mp4'), { seconds: 8, video: false, encoder: ['-c:a', 'aac'] });
  await writeNotAVideo(at('notes.mp4'));
  // 1 GiB + 1 byte without using the disk: a sparse file.
  await writeFile(at('huge.mov'), '');
  await truncate(at('huge.mov'), RECORDING_MAX_BYTES + 1);
}, 90_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pick(paths: string[]): Promise<PickedRecordingFile[]> {
  const tokens = createFileTokenRegistry();
  const settings = createSettingsService(createMemorySettingsBackend());
  const handlers = createIpcHandlers({
    appInfo: () => ({ version: 't', platform: 'test' }),
    settings,
    showOpenRecordingsDialog: async () => paths,
    probe: (file) => probeMediaFile(file, { ffprobePath: ffprobe.path, timeoutMs: 20_000 }),
    tokens,
    uploads: createRecordingsUploadHandlers({
      tokens,
      getServerUrl: () => 'http://127.0.0.1:1',
      getCookieHeader: async () => undefined,
      getLanguage: () => 'uk',
    }),
    saveDocument: async () => ({ saved: false }),
    openCalendarWindow: () => undefined,
  });
  const result = await dispatchIpcCall(
    { handlers, isTrustedSender: () => true },
    IpcChannel.pickRecordingFiles,
    { senderFrame: { url: 'app://staff/' } },
    undefined,
  );
  if (!result.ok) throw new Error(result.error.message);
  return (result.data as { files: PickedRecordingFile[] }).files;
}

describe('picking recordings in the desktop app (real ffprobe)', () => {
  it('flags each file the way the recordings section shows it', async () => {
    const files = await pick([
      at('lesson.mp4'),
      at('click.mkv'),
      at('voice.mp4'),
      at('notes.mp4'),
      at('huge.mov'),
      at('other', 'lesson.mp4'),
    ]);
    expect(files.map((f) => [f.name, f.mimeType, f.hasVideo])).toEqual([
      ['lesson.mp4', 'video/mp4', true],
      ['click.mkv', 'video/x-matroska', true],
      ['voice.mp4', 'video/mp4', false],
      ['notes.mp4', 'video/mp4', false],
      ['huge.mov', 'video/quicktime', false],
      ['lesson.mp4', 'video/mp4', true],
    ]);
    expect(files[0].durationSeconds).toBeGreaterThan(7.5);
    expect(files[1].durationSeconds).toBeLessThan(3);
    expect(files[4].size).toBe(RECORDING_MAX_BYTES + 1);
    // The renderer never sees a path, only tokens.
    expect(JSON.stringify(files)).not.toContain(dir);

    let n = 0;
    const draft = addFiles(draftFromSaved([]), files, () => `k${++n}`);
    const problems = draftProblems(draft);
    const keysOf = (i: number) => (problems.get(`k${i + 1}`) ?? []).map((p) => p.key);
    expect(keysOf(0)).toEqual([RecordingRowProblem.duplicate]);
    expect(keysOf(1)).toEqual([RecordingRowProblem.tooShort]);
    expect(keysOf(2)).toEqual([RecordingRowProblem.notVideo]);
    expect(keysOf(3)).toEqual([RecordingRowProblem.notVideo]);
    expect(keysOf(4)).toEqual([RecordingRowProblem.notVideo, RecordingRowProblem.tooLarge]);
    expect(keysOf(5)).toEqual([RecordingRowProblem.duplicate]);
  });

  it('lets a good recording through and answers [] when the dialog is cancelled', async () => {
    const [good] = await pick([at('lesson.mp4')]);
    expect(draftProblems(addFiles(draftFromSaved([]), [good], () => 'a')).size).toBe(0);
    expect(await pick([])).toEqual([]);
  });
});

describe('container signatures (the browser build, which has no ffprobe)', () => {
  it('knows every listed container by its first bytes and no text file', async () => {
    const { readFile } = await import('node:fs/promises');
    const { looksLikeVideoContainer, VIDEO_SIGNATURE_BYTES } = await import('../common/recording-formats');
    const formats = ['mp4', 'mov', 'm4v', '3gp', 'mkv', 'webm', 'avi', 'wmv', 'flv', 'ogv'];
    for (const ext of formats) {
      const file = at(`sig.${ext}`);
      await makeSampleMedia(file, {
        seconds: 1,
        video: { size: '64x48', rate: 5 },
        audio: false,
        encoder: ext === '3gp' ? ['-c:v', 'h263', '-s', '176x144'] : [],
      });
      const head = new Uint8Array((await readFile(file)).subarray(0, VIDEO_SIGNATURE_BYTES));
      expect(looksLikeVideoContainer(head), ext).toBe(true);
    }
    const text = new Uint8Array((await readFile(at('notes.mp4'))).subarray(0, VIDEO_SIGNATURE_BYTES));
    expect(looksLikeVideoContainer(text)).toBe(false);
  }, 60_000);
});
