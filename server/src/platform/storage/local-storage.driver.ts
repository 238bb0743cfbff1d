import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, countBytes, resolveRange } from './storage-guards.js';
import { DEFAULT_CONTENT_TYPE, StorageError, type ObjectInfo, type Storage } from './storage.types.js';

const STALE_TEMP_MS = 24 * 3600_000;

/**
 * Files under one directory: `<root>/<key>` holds the bytes, `<root>/.meta/<key>.json` the content
 * type. A put writes `<root>/.tmp/<uuid>` and renames it into place, so a reader never sees half a
 * file. Keys never start a segment with a dot, so `.tmp` and `.meta` cannot collide with one.
 */
export function createLocalStorage(opts: { root: string }): Storage {
  const root = path.resolve(opts.root);
  const tmpDir = path.join(root, '.tmp');
  const dataPath = (key: string) => path.join(root, ...key.split('/'));
  const metaPath = (key: string) => `${path.join(root, '.meta', ...key.split('/'))}.json`;
  void sweepStaleTemp(tmpDir);

  async function info(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const s = await stat(dataPath(key)).catch(missing);
    if (!s?.isFile()) return null;
    const meta = await readFile(metaPath(key), 'utf8').then(JSON.parse, () => ({}));
    return { key, size: s.size, contentType: meta.contentType ?? DEFAULT_CONTENT_TYPE };
  }

  return {
    async put(key, body, putOpts = {}) {
      assertValidKey(key);
      const contentType = putOpts.contentType ?? DEFAULT_CONTENT_TYPE;
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      const tmpMeta = `${tmp}.json`;
      try {
        const counter = countBytes(key, putOpts.maxBytes);
        // flush: on disk before it becomes visible, so a crash after the rename never leaves a short file.
        await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx', flush: true }));
        await writeFile(tmpMeta, JSON.stringify({ contentType }));
        await mkdir(path.dirname(metaPath(key)), { recursive: true });
        await rename(tmpMeta, metaPath(key));
        await mkdir(path.dirname(dataPath(key)), { recursive: true });
        await rename(tmp, dataPath(key));
        return { key, size: counter.bytes(), contentType };
      } catch (err) {
        body.destroy();
        await rm(tmp, { force: true });
        await rm(tmpMeta, { force: true });
        throw err;
      }
    },

    async putFile(key, filePath, putOpts = {}) {
      assertValidKey(key);
      const contentType = putOpts.contentType ?? DEFAULT_CONTENT_TYPE;
      const fh = await open(filePath, 'r+');
      let size: number;
      try {
        size = (await fh.stat()).size;
        if (putOpts.maxBytes !== undefined && size > putOpts.maxBytes)
          throw new StorageError('too_large', key);
        // On disk before it becomes visible, as put() does.
        await fh.sync();
      } finally {
        await fh.close();
      }
      await mkdir(tmpDir, { recursive: true });
      const tmpMeta = path.join(tmpDir, `${randomUUID()}.json`);
      try {
        await writeFile(tmpMeta, JSON.stringify({ contentType }));
        await mkdir(path.dirname(metaPath(key)), { recursive: true });
        await rename(tmpMeta, metaPath(key));
      } catch (err) {
        await rm(tmpMeta, { force: true });
        throw err;
      }
      await mkdir(path.dirname(dataPath(key)), { recursive: true });
      try {
        await rename(filePath, dataPath(key));
      } catch (err) {
        // Another disk: copy through put() (atomic on its own).
        if ((err as { code?: string }).code !== 'EXDEV') throw err;
        return this.put(key, createReadStream(filePath), putOpts);
      }
      return { key, size, contentType };
    },

    async get(key, range) {
      assertValidKey(key);
      const fh = await open(dataPath(key), 'r').catch((err) => {
        if (isMissing(err)) throw new StorageError('not_found', key);
        throw err;
      });
      try {
        const s = await fh.stat();
        if (!s.isFile()) throw new StorageError('not_found', key);
        const r = resolveRange(key, s.size, range);
        return fh.createReadStream(r ? { start: r.start, end: r.end } : {}) as Readable;
      } catch (err) {
        await fh.close();
        throw err;
      }
    },

    stat: info,
    exists: async (key) => (await info(key)) !== null,

    async delete(key) {
      assertValidKey(key);
      await rm(dataPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
  };
}

function isMissing(err: unknown) {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function missing(err: unknown): null {
  if (isMissing(err)) return null;
  throw err;
}

/** Temporary files of puts cut short by a crash. */
async function sweepStaleTemp(dir: string) {
  try {
    for (const name of await readdir(dir)) {
      const p = path.join(dir, name);
      const s = await stat(p);
      if (Date.now() - s.mtimeMs > STALE_TEMP_MS) await rm(p, { force: true });
    }
  } catch {
    // Nothing to sweep yet, or another process swept first.
  }
}
