import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * Probes a media file with ffprobe (JSON output) for its duration and whether it carries a
 * real video stream. Never throws: a corrupt or non-media file is an ordinary, typed outcome,
 * because users do pick the wrong file and the renderer must say so, not crash.
 */

export interface MediaInfo {
  /** null when neither the container nor any stream states a duration. */
  durationSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  formatName: string | null;
}

export type ProbeFailureReason = 'not_media' | 'timeout' | 'probe_unavailable';

export type ProbeOutcome =
  { ok: true; info: MediaInfo } | { ok: false; reason: ProbeFailureReason; message: string };

export interface ProbeOptions {
  ffprobePath: string;
  /** A 1 GB file on a slow network share can take a while to open; a hung probe must not block the picker. */
  timeoutMs?: number;
}

interface FfprobeStream {
  codec_type?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeJson {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

const toSeconds = (value: string | undefined): number | null => {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Interprets ffprobe's JSON; exported for tests of edge cases ffmpeg cannot easily produce. */
export function interpretFfprobeJson(json: FfprobeJson): MediaInfo {
  const streams = json.streams ?? [];
  // Cover art in an audio file is a one-frame "video" stream flagged attached_pic: not a recording.
  const video = streams.filter((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const streamDurations = streams.map((s) => toSeconds(s.duration)).filter((d): d is number => d !== null);
  const durationSeconds =
    toSeconds(json.format?.duration) ?? (streamDurations.length ? Math.max(...streamDurations) : null);
  return {
    durationSeconds,
    hasVideo: video.length > 0,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    formatName: json.format?.format_name ?? null,
  };
}

export function probeMediaFile(filePath: string, options: ProbeOptions): Promise<ProbeOutcome> {
  // An absolute path can never be mistaken for an ffprobe option (a name starting with "-").
  const target = path.resolve(filePath);
  const args = ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', target];
  return new Promise((resolve) => {
    execFile(
      options.ffprobePath,
      args,
      { timeout: options.timeoutMs ?? 30_000, maxBuffer: 8 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'EACCES') {
            resolve({ ok: false, reason: 'probe_unavailable', message: `ffprobe not runnable: ${code}` });
          } else if (error.killed) {
            resolve({ ok: false, reason: 'timeout', message: 'ffprobe timed out' });
          } else {
            resolve({ ok: false, reason: 'not_media', message: String(stderr || error.message).trim() });
          }
          return;
        }
        try {
          const info = interpretFfprobeJson(JSON.parse(stdout) as FfprobeJson);
          // ffprobe accepts some non-media input as raw data without any stream.
          if (!info.hasVideo && !info.hasAudio) {
            resolve({ ok: false, reason: 'not_media', message: 'no audio or video stream' });
          } else {
            resolve({ ok: true, info });
          }
        } catch {
          resolve({ ok: false, reason: 'not_media', message: 'unreadable ffprobe output' });
        }
      },
    );
  });
}
