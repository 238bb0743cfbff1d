import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfprobeLocation {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** process.resourcesPath of the packaged app. */
  resourcesPath?: string;
  /** Resolves @ffprobe-installer/ffprobe in development; injectable for tests. */
  loadInstaller?: () => { path: string };
}

/**
 * Where ffprobe is. The packaged app ships the binary as an extra resource (build/electron-builder.yml),
 * because main is bundled and no node_modules ship; in development the npm package provides it;
 * as a last resort the one on PATH (Debian's ffmpeg package) is used.
 */
export function resolveFfprobePath(location: FfprobeLocation): string {
  const binary = location.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe';
  const fromEnv = location.env.SCHOOL_FFPROBE_PATH;
  if (fromEnv) return fromEnv;
  if (location.isPackaged && location.resourcesPath)
    return path.join(location.resourcesPath, 'ffprobe', binary);
  try {
    return (location.loadInstaller ?? loadFfprobeInstaller)().path;
  } catch {
    return binary;
  }
}

function loadFfprobeInstaller(): { path: string } {
  // Resolved at run time (not bundled): the package locates its binary relative to itself.
  const load = createRequire(import.meta.url);
  return load('@ffprobe-installer/ffprobe') as { path: string };
}
