import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffprobe from '@ffprobe-installer/ffprobe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcHandlerError } from '../common/ipc-result';
import { RECORDING_MAX_BYTES, RecordingProblem } from '../common/recording-formats';
import { interpretFfprobeJson, probeMediaFile } from './ffprobe.service';
import {
  createFileTokenRegistry,
  describeRecordingFile,
  describeRecordingFiles,
} from './recording-files.service';
import { H264, makeSampleMedia, writeNotAVideo } from './media-samples.test-kit';

let dir: string;
const sample = (name: string) => path.join(dir, name);
const probe = (file: string) => probeMediaFile(file, { ffprobePath: ffprobe.path, timeoutMs: 20_000 });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ffprobe-test-'));
  await makeSampleMedia(sample('lesson.mp4'), { seconds: 3, encoder: H264 });
  await makeSampleMedia(sample('voice-only.mp4'), { seconds: 3, video: false, encoder: ['-c:a', 'aac'] });
  await writeNotAVideo(sample('notes.mp4'));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeMediaFile (real ffprobe on generated samples)', () => {
  it('finds a video stream and a duration of about 3 s in a real mp4', async () => {
    const outcome = await probe(sample('lesson.mp4'));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.info.hasVideo).toBe(true);
    expect(outcome.info.hasAudio).toBe(true);
    expect(outcome.info.durationSeconds).toBeGreaterThan(2.8);
    expect(outcome.info.durationSeconds).toBeLessThan(3.2);
  });

  it('reports an audio-only file as having no video', async () => {
    const outcome = await probe(sample('voice-only.mp4'));
    expect(outcome).toMatchObject({ ok: true, info: { hasVideo: false, hasAudio: true } });
  });

  it('returns a typed not_media result for a text file renamed .mp4', async () => {
    const outcome = await probe(sample('notes.mp4'));
    expect(outcome).toMatchObject({ ok: false, reason: 'not_media' });
  });

  it('returns a typed result for a missing file and for a missing ffprobe', async () => {
    expect(await probe(sample('absent.mp4'))).toMatchObject({ ok: false, reason: 'not_media' });
    const outcome = await probeMediaFile(sample('lesson.mp4'), { ffprobePath: path.join(dir, 'no-ffprobe') });
    expect(outcome).toMatchObject({ ok: false, reason: 'probe_unavailable' });
  });

  it('treats cover art (attached_pic) as no video and falls back to stream durations', () => {
    const info = interpretFfprobeJson({
      streams: [
        { codec_type: 'audio', duration: '12.5' },
        { codec_type: 'video', disposition: { attached_pic: 1 } },
      ],
      format: { format_name: 'mp3' },
    });
    expect(info).toEqual({ durationSeconds: 12.5, hasVideo: false, hasAudio: true, formatName: 'mp3' });
  });
});

describe('describeRecordingFile', () => {
  it('describes a good recording behind a token, without problems', async () => {
    const tokens = createFileTokenRegistry();
    const file = await describeRecordingFile(sample('lesson.mp4'), tokens, probe);
    expect(file).toMatchObject({ name: 'lesson.mp4', mimeType: 'video/mp4', hasVideo: true, problems: [] });
    expect(file.size).toBeGreaterThan(0);
    expect(file.durationSeconds).toBeCloseTo(3, 0);
    expect(tokens.resolve(file.token)).toBe(sample('lesson.mp4'));
    expect(JSON.stringify(file)).not.toContain(dir);
  });

  it('flags audio-only and unreadable files as recordings.file_must_be_video', async () => {
    const tokens = createFileTokenRegistry();
    const [audio, text] = await describeRecordingFiles(
      [sample('voice-only.mp4'), sample('notes.mp4')],
      tokens,
      probe,
    );
    expect(audio.problems).toEqual([RecordingProblem.notVideo]);
    expect(text).toMatchObject({
      hasVideo: false,
      durationSeconds: null,
      problems: [RecordingProblem.notVideo],
    });
  });

  it('flags files over 1073741824 bytes as recordings.file_too_large', async () => {
    const big = sample('huge.mp4');
    await writeFile(big, '');
    await truncate(big, RECORDING_MAX_BYTES + 1); // sparse: no gigabyte is written
    const file = await describeRecordingFile(big, createFileTokenRegistry(), async () => ({
      ok: true,
      info: { durationSeconds: 3600, hasVideo: true, hasAudio: true, formatName: 'mov,mp4' },
    }));
    expect(file.size).toBe(RECORDING_MAX_BYTES + 1);
    expect(file.problems).toEqual([RecordingProblem.tooLarge]);
  });

  it('refuses unknown tokens and forgets the oldest beyond its limit', () => {
    const tokens = createFileTokenRegistry(2);
    const first = tokens.register('/a.mp4');
    tokens.register('/b.mp4');
    tokens.register('/c.mp4');
    expect(tokens.size()).toBe(2);
    expect(() => tokens.resolve(first)).toThrow(IpcHandlerError);
  });
});
