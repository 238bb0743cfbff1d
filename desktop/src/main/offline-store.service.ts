import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OfflineGetResult } from '../common/ipc-schemas';

/**
 * The offline store of the staff app (issue 34): one JSON file per key in a folder of the user
 * data (userData/offline-store). A key is one account's persisted query cache or one queued
 * write, so a save rewrites only that file, not every account's data (a cache is a few MB,
 * electron-store would rewrite one file holding all of it). Each write goes to a temporary file
 * that is flushed to disk and then renamed over the old one: a power cut mid-write leaves the old
 * value or the new one, never half of either, and what was written survives a machine restart.
 */
export interface OfflineFileStore {
  get(key: string): Promise<OfflineGetResult>;
  /** json: the value's JSON (the IPC schema produced and bounded it). */
  set(key: string, json: string): Promise<void>;
  remove(key: string): Promise<void>;
  keys(prefix: string): Promise<string[]>;
}

const SUFFIX = '.json';

/** base64url keeps any key a valid, case-distinct file name on every platform. */
const fileNameOf = (key: string) => `${Buffer.from(key, 'utf8').toString('base64url')}${SUFFIX}`;

function keyOf(fileName: string): string | null {
  if (!fileName.endsWith(SUFFIX)) return null;
  const encoded = fileName.slice(0, -SUFFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function createOfflineFileStore(folder: string): OfflineFileStore {
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => (ready ??= mkdir(folder, { recursive: true }));
  // Writes of one key run in order: a later save must never be overtaken by an earlier one's rename.
  const chains = new Map<string, Promise<unknown>>();
  const inOrder = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = chains.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    chains.set(key, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (chains.get(key) === next) chains.delete(key);
      });
    return next;
  };
  const fileOf = (key: string) => path.join(folder, fileNameOf(key));

  async function writeAtomically(target: string, json: string): Promise<void> {
    await ensureFolder();
    const temporary = `${target}.${randomUUID()}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(json, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async get(key) {
      await chains.get(key)?.catch(() => undefined);
      try {
        return { found: true, value: JSON.parse(await readFile(fileOf(key), 'utf8')) as unknown };
      } catch (error) {
        // A missing file is an empty key; an unreadable one (a disk error long ago) is dropped too.
        if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
        return { found: false, value: null };
      }
    },
    set: (key, json) => inOrder(key, () => writeAtomically(fileOf(key), json)),
    remove: (key) => inOrder(key, () => rm(fileOf(key), { force: true })),
    async keys(prefix) {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return names
        .map(keyOf)
        .filter((key): key is string => key !== null && key.startsWith(prefix))
        .sort();
    },
  };
}
