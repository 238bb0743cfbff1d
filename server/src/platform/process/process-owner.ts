import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * Who owns a piece of half-done work (an upload's temporary file, a stored object not committed
 * yet): this host, this process id and this start of it. A later start, here or in another
 * process on the same host, can tell whether the owner is gone and its leftovers are garbage;
 * work of other hosts is left to its age (docs/domain-rules.md, "Recordings").
 */
export interface ProcessOwner {
  host: string;
  pid: number;
  boot: string;
}

const SAFE = (s: string) => s.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64) || 'host';

let current: ProcessOwner | undefined;

export function currentOwner(): ProcessOwner {
  current ??= { host: SAFE(os.hostname()), pid: process.pid, boot: randomBytes(6).toString('hex') };
  return current;
}

/** `host~pid~boot`: usable as a directory name and as a database value. */
export function formatOwner(o: ProcessOwner): string {
  return `${o.host}~${o.pid}~${o.boot}`;
}

export function parseOwner(s: string): ProcessOwner | null {
  const m = /^([A-Za-z0-9.-]{1,64})~(\d{1,10})~([0-9a-f]{1,32})$/.exec(s);
  return m ? { host: m[1]!, pid: Number(m[2]), boot: m[3]! } : null;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * True when the owner certainly no longer runs: same host and its process is gone, or the
 * process id is ours but from an earlier start (a container restarted with the same pid).
 * Unknown (another host, an unreadable owner): false; the caller falls back on age.
 */
export function ownerIsGone(owner: string, me: ProcessOwner = currentOwner()): boolean {
  const o = parseOwner(owner);
  if (!o || o.host !== me.host) return false;
  if (o.pid === me.pid) return o.boot !== me.boot;
  return !pidAlive(o.pid);
}
