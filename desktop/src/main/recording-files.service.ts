import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { IpcHandlerError } from '../common/ipc-result';
import type { PickedRecordingFile } from '../common/ipc-schemas';
import { mimeTypeForFileName, recordingProblems } from '../common/recording-formats';
import type { ProbeOutcome } from './ffprobe.service';

/**
 * Paths of files the user picked in a native dialog, behind opaque tokens. The renderer can only
 * upload what the user chose: it never sends a path, so a compromised page cannot read the disk.
 */
export interface FileTokenRegistry {
  register(filePath: string): string;
  resolve(token: string): string;
  forget(token: string): void;
  size(): number;
}

export function createFileTokenRegistry(limit = 500): FileTokenRegistry {
  const paths = new Map<string, string>();
  return {
    register(filePath) {
      // Oldest first out, so a long session of picking cannot grow the map without bound.
      if (paths.size >= limit) paths.delete(paths.keys().next().value as string);
      const token = randomUUID();
      paths.set(token, filePath);
      return token;
    },
    resolve(token) {
      const filePath = paths.get(token);
      if (!filePath) throw new IpcHandlerError('not_found', 'unknown file token');
      return filePath;
    },
    forget: (token) => void paths.delete(token),
    size: () => paths.size,
  };
}

export type MediaProbe = (filePath: string) => Promise<ProbeOutcome>;

/** Size, type, duration and video presence of one picked file, flagged by the spec's rules. */
export async function describeRecordingFile(
  filePath: string,
  tokens: FileTokenRegistry,
  probe: MediaProbe,
): Promise<PickedRecordingFile> {
  const name = path.basename(filePath);
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch {
    throw new IpcHandlerError('file_unreadable', `cannot read ${name}`);
  }
  const mimeType = mimeTypeForFileName(name);
  const outcome = await probe(filePath);
  const durationSeconds = outcome.ok ? outcome.info.durationSeconds : null;
  const hasVideo = outcome.ok && outcome.info.hasVideo;
  return {
    token: tokens.register(filePath),
    name,
    size,
    mimeType,
    durationSeconds,
    hasVideo,
    problems: recordingProblems({ size, hasVideo, mimeType }),
  };
}

/** Probes a few files at a time: one ffprobe per file at once would swamp a slow disk. */
export async function describeRecordingFiles(
  filePaths: readonly string[],
  tokens: FileTokenRegistry,
  probe: MediaProbe,
  concurrency = 3,
): Promise<PickedRecordingFile[]> {
  const results: PickedRecordingFile[] = new Array(filePaths.length);
  let next = 0;
  const worker = async () => {
    while (next < filePaths.length) {
      const index = next++;
      results[index] = await describeRecordingFile(filePaths[index], tokens, probe);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, filePaths.length) }, worker));
  return results;
}
