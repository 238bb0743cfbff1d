import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { currentOwner, formatOwner, ownerIsGone, parseOwner } from '../process/process-owner.js';
import { uploadTempDir } from './multipart.js';

/** Loose files and directories whose owner cannot be told are removed after this long. */
const STALE_MS = 24 * 3600_000;

/**
 * This process's own directory for multipart uploads in flight (under DATA_DIR/tmp/uploads), so
 * a later start can remove what a killed process left half-written without touching the uploads
 * other live processes are receiving.
 */
export function processUploadDir(dataDir: string): string {
  return path.join(uploadTempDir(dataDir), formatOwner(currentOwner()));
}

/**
 * Removes the upload directories of processes that are gone (and anything there older than a
 * day); returns how many entries it removed. Run at start-up, before the first request.
 */
export async function sweepUploadTemp(dataDir: string, now = Date.now()): Promise<number> {
  const root = uploadTempDir(dataDir);
  await mkdir(root, { recursive: true });
  const mine = formatOwner(currentOwner());
  let removed = 0;
  for (const name of await readdir(root)) {
    if (name === mine) continue;
    const p = path.join(root, name);
    const s = await stat(p).catch(() => null);
    if (!s) continue;
    // A live process on this host keeps its directory whatever its age.
    const garbage = ownerIsGone(name) || (!ownerOnThisHost(name) && now - s.mtimeMs > STALE_MS);
    if (garbage) {
      await rm(p, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

const ownerOnThisHost = (name: string) => parseOwner(name)?.host === currentOwner().host;
