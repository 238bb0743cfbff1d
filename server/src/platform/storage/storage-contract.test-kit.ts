import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageError, type ObjectInfo, type Storage } from './storage.types.js';

export interface StorageUnderTest {
  storage: Storage;
  /** Objects and temporary leftovers the driver keeps, whatever it calls them. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

/**
 * What every driver answers for a stored object; a driver that knows the object's ETag (S3) adds
 * it (the backup manifest records it), a string when there.
 */
function info(stored: ObjectInfo | null) {
  if (!stored) return stored;
  const { etag, ...rest } = stored;
  if (etag !== undefined) expect(typeof etag).toBe('string');
  return rest;
}

/** A stream of `total` bytes in fresh 64 KiB chunks; fails after `failAfter` bytes if given. */
function generated(total: number, opts: { failAfter?: number; onChunk?: () => void } = {}) {
  let sent = 0;
  return Readable.from(
    (async function* () {
      while (sent < total) {
        if (opts.failAfter !== undefined && sent >= opts.failAfter) throw new Error('client went away');
        const n = Math.min(64 * 1024, total - sent);
        const chunk = Buffer.alloc(n, sent % 251);
        sent += n;
        opts.onChunk?.();
        yield chunk;
        // Lets the driver's I/O run, as a network source would.
        await new Promise((r) => setImmediate(r));
      }
    })(),
  );
}

function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const text = (s: string) => Readable.from([Buffer.from(s)]);
const read = async (s: Storage, key: string, range?: { start: number; end?: number }) =>
  (await buffer(await s.get(key, range))).toString();

async function code(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof StorageError) return err.code;
    throw err;
  }
  return 'ok';
}

/** One behaviour for every driver: each runs this same suite. */
export function storageContract(driver: string, setup: () => Promise<StorageUnderTest>) {
  describe(`storage contract: ${driver}`, () => {
    let t: StorageUnderTest;
    beforeAll(async () => {
      t = await setup();
    });
    afterAll(async () => t?.close());

    it('puts a stream and reads it back with its size and content type', async () => {
      const stored = await t.storage.put('docs/1/report.txt', text('hello world'), {
        contentType: 'text/plain',
      });
      expect(info(stored)).toEqual({ key: 'docs/1/report.txt', size: 11, contentType: 'text/plain' });
      expect(await read(t.storage, 'docs/1/report.txt')).toBe('hello world');
      expect(info(await t.storage.stat('docs/1/report.txt'))).toEqual(info(stored));
      expect(await t.storage.exists('docs/1/report.txt')).toBe(true);
    });

    it('stores an empty object, and defaults the content type', async () => {
      await t.storage.put('empty/file', Readable.from([]));
      expect(info(await t.storage.stat('empty/file'))).toEqual({
        key: 'empty/file',
        size: 0,
        contentType: 'application/octet-stream',
      });
      expect(await read(t.storage, 'empty/file')).toBe('');
    });

    it('reads byte ranges as HTTP 206 needs them', async () => {
      await t.storage.put('range/abc', text('0123456789'));
      expect(await read(t.storage, 'range/abc', { start: 2, end: 5 })).toBe('2345');
      expect(await read(t.storage, 'range/abc', { start: 7 })).toBe('789');
      expect(await read(t.storage, 'range/abc', { start: 8, end: 100 })).toBe('89');
      // (Not 0-0: s3rver 3.7 reads "bytes=0-0" as the whole object; AWS and the local driver do not.)
      expect(await read(t.storage, 'range/abc', { start: 3, end: 3 })).toBe('3');
      expect(await code(t.storage.get('range/abc', { start: 10 }))).toBe('invalid_range');
      expect(await code(t.storage.get('range/abc', { start: 5, end: 4 }))).toBe('invalid_range');
      expect(await code(t.storage.get('range/abc', { start: -1 }))).toBe('invalid_range');
    });

    it('replaces an object whole on a second put', async () => {
      await t.storage.put('replace/me', text('first version, longer'), { contentType: 'text/plain' });
      await t.storage.put('replace/me', text('second'), { contentType: 'text/markdown' });
      expect(await read(t.storage, 'replace/me')).toBe('second');
      expect(await t.storage.stat('replace/me')).toMatchObject({ size: 6, contentType: 'text/markdown' });
    });

    it('streams a 48 MB put and a read of it with bounded memory', async () => {
      const total = 48 * MB;
      // Buffers still referenced after a full collection, sampled every 4 MB: garbage not yet
      // collected would otherwise count as held.
      const gc = exposeGc();
      gc();
      // Other files' buffers in the same worker (isolate: false) may be freed during the test, so
      // the span is taken from the lowest reading, not from the first one.
      let low = process.memoryUsage().arrayBuffers;
      let high = low;
      let samples = 0;
      let chunks = 0;
      const sample = () => {
        if (++chunks % 64 !== 0) return;
        gc();
        const now = process.memoryUsage().arrayBuffers;
        low = Math.min(low, now);
        high = Math.max(high, now);
        samples++;
      };
      const info = await t.storage.put('big/video.bin', generated(total, { onChunk: sample }), {
        contentType: 'video/mp4',
      });
      expect(info.size).toBe(total);
      let readBytes = 0;
      for await (const chunk of await t.storage.get('big/video.bin')) {
        readBytes += (chunk as Buffer).length;
        sample();
      }
      expect(readBytes).toBe(total);
      expect(await read(t.storage, 'big/video.bin', { start: 30 * MB, end: 30 * MB + 3 })).toBe(
        Buffer.alloc(4, (30 * MB) % 251).toString(),
      );
      // Buffering the upload whole would hold 48 MB. Measured: local ~4 MB, S3 ~20 MB (5 MB parts).
      expect(samples).toBeGreaterThan(0);
      expect(high - low).toBeLessThan(32 * MB);
    });

    it('leaves nothing when the source stream fails midway, and keeps the previous version', async () => {
      const before = new Set(await t.leftovers());
      await expect(t.storage.put('aborted/new', generated(8 * MB, { failAfter: 7 * MB }))).rejects.toThrow(
        'client went away',
      );
      expect(await t.storage.exists('aborted/new')).toBe(false);
      expect(await t.storage.stat('aborted/new')).toBeNull();
      expect(await code(t.storage.get('aborted/new'))).toBe('not_found');

      await t.storage.put('aborted/old', text('kept'));
      await expect(t.storage.put('aborted/old', generated(2 * MB, { failAfter: MB }))).rejects.toThrow(
        'client went away',
      );
      expect(await read(t.storage, 'aborted/old')).toBe('kept');
      // No temporary file or part left: only the one object stored on purpose is new.
      expect((await t.leftovers()).filter((k) => !before.has(k))).toEqual(['aborted/old']);
    });

    it('refuses a stream over the size limit and stores nothing', async () => {
      expect(await code(t.storage.put('limited/x', generated(3 * MB), { maxBytes: 2 * MB }))).toBe(
        'too_large',
      );
      expect(await t.storage.exists('limited/x')).toBe(false);
    });

    it('takes a finished local file (an upload received to disk) with putFile', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'storage-putfile-'));
      try {
        const file = path.join(dir, 'upload');
        await writeFile(file, Buffer.alloc(3 * MB, 7));
        const stored = await t.storage.putFile('files/moved.mp4', file, {
          contentType: 'video/mp4',
          maxBytes: 4 * MB,
        });
        expect(info(stored)).toEqual({ key: 'files/moved.mp4', size: 3 * MB, contentType: 'video/mp4' });
        expect(info(await t.storage.stat('files/moved.mp4'))).toEqual(info(stored));
        expect(
          (await buffer(await t.storage.get('files/moved.mp4', { start: MB, end: MB + 2 }))).equals(
            Buffer.alloc(3, 7),
          ),
        ).toBe(true);
        // Over the limit: refused, nothing stored.
        const over = path.join(dir, 'over');
        await writeFile(over, Buffer.alloc(MB + 1));
        expect(await code(t.storage.putFile('files/over.mp4', over, { maxBytes: MB }))).toBe('too_large');
        expect(await t.storage.exists('files/over.mp4')).toBe(false);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('refuses keys that could leave the storage or hide in it', async () => {
      const before = new Set(await t.leftovers());
      const bad = [
        '../escape',
        'a/../../escape',
        '/etc/passwd',
        'a//b',
        'a/',
        '.tmp/x',
        '.meta/x',
        'a/./b',
        'a\\b',
        '',
        'a b',
        '%2e%2e/x',
        'x'.repeat(513),
      ];
      for (const key of bad) {
        expect(await code(t.storage.put(key, text('x'))), key).toBe('invalid_key');
        expect(await code(t.storage.get(key)), key).toBe('invalid_key');
        expect(await code(t.storage.stat(key)), key).toBe('invalid_key');
        expect(await code(t.storage.exists(key)), key).toBe('invalid_key');
        expect(await code(t.storage.delete(key)), key).toBe('invalid_key');
      }
      expect((await t.leftovers()).filter((k) => !before.has(k))).toEqual([]);
    });

    it('deletes, and treats a missing key as missing everywhere', async () => {
      await t.storage.put('gone/soon', text('x'));
      await t.storage.delete('gone/soon');
      await t.storage.delete('gone/soon');
      expect(await t.storage.exists('gone/soon')).toBe(false);
      expect(await t.storage.stat('never/was')).toBeNull();
      expect(await code(t.storage.get('never/was'))).toBe('not_found');
      expect(await code(t.storage.get('never/was', { start: 0, end: 1 }))).toBe('not_found');
    });
  });
}
