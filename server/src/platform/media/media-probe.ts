import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What ffprobe finds in a file the server received: the declared type and the file name are the
 * client's word, the streams are the file's. Never throws for a bad file: "not media" is an
 * ordinary outcome; only a missing or hung ffprobe is the server's problem.
 */
export interface MediaInfo {
  /** null when neither the container nor a stream states one. */
  durationSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  formatName: string | null;
}

export type ProbeOutcome =
  | { ok: true; info: MediaInfo }
  | { ok: false; reason: 'not_media' | 'timeout' | 'probe_unavailable'; message: string };

export type MediaProbe = (filePath: string) => Promise<ProbeOutcome>;

interface FfprobeJson {
  streams?: Array<{ codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }>;
  format?: { duration?: string; format_name?: string };
}

const seconds = (v: string | undefined): number | null => {
  const n = v === undefined ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

export function interpretFfprobe(json: FfprobeJson): MediaInfo {
  const streams = json.streams ?? [];
  // Cover art of an audio file is a one-frame "video" stream flagged attached_pic: not a video.
  const video = streams.filter((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const streamDurations = streams.map((s) => seconds(s.duration)).filter((d): d is number => d !== null);
  return {
    durationSeconds:
      seconds(json.format?.duration) ?? (streamDurations.length ? Math.max(...streamDurations) : null),
    hasVideo: video.length > 0,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    formatName: json.format?.format_name ?? null,
  };
}

/** FFPROBE_PATH, else the binary of @ffprobe-installer/ffprobe, else `ffprobe` on PATH. */
export function resolveFfprobePath(configured?: string): string {
  if (configured) return configured;
  try {
    return (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;
  } catch {
    return 'ffprobe';
  }
}

export function createMediaProbe(opts: { ffprobePath?: string; timeoutMs?: number } = {}): MediaProbe {
  const bin = resolveFfprobePath(opts.ffprobePath);
  return (filePath) =>
    new Promise((resolve) => {
      // An absolute path is never read as an option; the file's own name is not ours to trust.
      const args = ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path.resolve(filePath)];
      execFile(
        bin,
        args,
        { timeout: opts.timeoutMs ?? 60_000, maxBuffer: 8 * 1024 * 1024, windowsHide: true },
        (error, stdout, stderr) => {
          if (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'ENOENT' || code === 'EACCES')
              return resolve({ ok: false, reason: 'probe_unavailable', message: `ffprobe: ${code}` });
            if (error.killed) return resolve({ ok: false, reason: 'timeout', message: 'ffprobe timed out' });
            return resolve({
              ok: false,
              reason: 'not_media',
              message: String(stderr || error.message)
                .trim()
                .slice(0, 500),
            });
          }
          try {
            const info = interpretFfprobe(JSON.parse(stdout) as FfprobeJson);
            if (!info.hasVideo && !info.hasAudio)
              return resolve({ ok: false, reason: 'not_media', message: 'no audio or video stream' });
            resolve({ ok: true, info });
          } catch {
            resolve({ ok: false, reason: 'not_media', message: 'unreadable ffprobe output' });
          }
        },
      );
    });
}
