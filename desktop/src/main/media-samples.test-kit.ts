import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/**
 * Sample media for the recordings tests, made by the real ffmpeg from its synthetic sources (a
 * test pattern and a sine tone), so ffprobe and Chromium read real containers.
 */

const run = promisify(execFile);

export interface SampleMedia {
  seconds: number;
  /** The test pattern's picture; false makes a sound-only file. Default 320x240 at 25 fps. */
  video?: { size: string; rate: number } | false;
  /** A sine tone beside the picture. Default true. */
  audio?: boolean;
  /** Encoder arguments (codec, bitrate, pixel format); ffmpeg picks by the extension otherwise. */
  encoder?: readonly string[];
}

export async function makeSampleMedia(file: string, sample: SampleMedia): Promise<void> {
  const { seconds, video = { size: '320x240', rate: 25 }, audio = true, encoder = [] } = sample;
  const inputs: string[] = [];
  if (video)
    inputs.push('-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${video.size}:rate=${video.rate}`);
  if (audio) inputs.push('-f', 'lavfi', '-i', `sine=duration=${seconds}`);
  const shortest = video && audio ? ['-shortest'] : [];
  await run(ffmpeg.path, ['-v', 'error', '-y', ...inputs, ...encoder, ...shortest, file]);
}

/** A playable H.264 lesson as most phones and screen recorders save it. */
export const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'] as const;

/** A text file named like a video: the picker and the upload must refuse it. */
export async function writeNotAVideo(file: string, lines = 40): Promise<void> {
  await writeFile(file, 'minutes of the lesson, not a video\n'.repeat(lines));
}
