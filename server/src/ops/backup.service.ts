import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { connectPgClient } from '../platform/db/pg-client.js';
import type { Storage } from '../platform/storage/storage.js';
import { appliedMigrations, referencedKeys, serverMajor, userRelations } from './backup.repository.js';
import { pgTool, runTool } from './pg-tools.js';

/**
 * `npm run backup -- --out DIR` and `npm run restore -- --from DIR` (docs/operations.md, "Backup
 * and restore"). A backup is consistent: pg_dump runs in a snapshot exported by a transaction
 * that, in the same snapshot, lists the files rows reference; those files are then copied
 * (local directory) or listed with their checksums (S3: the bucket keeps the bytes, with
 * versioning). The manifest is written last: a directory without one is not a backup.
 */

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
const FORMAT = 'school-backup/1';

export interface FileEntry {
  key: string;
  size: number;
  sha256?: string;
  etag?: string;
  content_type: string;
}

export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  postgres: { version: string; major: number; pg_dump: string };
  database: typeof DUMP;
  migrations: string[];
  storage: 'local' | 's3';
  files: FileEntry[];
  /** Keys rows reference that were not in storage when the backup ran. */
  missing: string[];
}

export interface OpsTarget {
  databaseUrl: string;
  storage: Storage;
  /** 'local': files are copied into the backup; 's3': listed with their ETags. */
  storageKind: 'local' | 's3';
  /** The local storage's root (DATA_DIR/files): a restore needs it empty. */
  filesDir?: string;
  log: (line: string) => void;
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

export async function backup(target: OpsTarget, out: string): Promise<Manifest> {
  if (!isEmptyDir(out)) throw new Error(`${out} is not empty: a backup goes into a new directory`);
  fs.mkdirSync(out, { recursive: true });
  const client = await connectPgClient(target.databaseUrl);
  try {
    const pg = await serverMajor(client);
    const pgDump = await pgTool('pg_dump', pg.major);
    target.log(`PostgreSQL ${pg.version}: ${pgDump}`);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const keys = await referencedKeys(client);
    const migrations = await appliedMigrations(client);
    // The snapshot lives while this transaction is open: pg_dump sees exactly what `keys` saw.
    await runTool(pgDump, [
      '--format=custom',
      `--snapshot=${snapshot}`,
      `--file=${path.join(out, DUMP)}`,
      `--dbname=${target.databaseUrl}`,
    ]);
    await client.query('COMMIT');
    target.log(
      `database dumped (${fs.statSync(path.join(out, DUMP)).size} bytes, ${migrations.length} migrations); ${keys.length} files`,
    );
    const files: FileEntry[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const entry = await backUpFile(target, out, key);
      if (entry) files.push(entry);
      else missing.push(key);
    }
    // A row whose file is not in storage: it never was (the demo school's homework), or it was
    // deleted after the snapshot. Either way its download answers 404, before and after a restore.
    if (missing.length)
      target.log(`${missing.length} referenced files are not in storage (listed in the manifest as missing)`);
    const manifest: Manifest = {
      format: FORMAT,
      created_at: new Date().toISOString(),
      postgres: { version: pg.version, major: pg.major, pg_dump: pgDump },
      database: DUMP,
      migrations,
      storage: target.storageKind,
      files,
      missing,
    };
    fs.writeFileSync(path.join(out, MANIFEST), JSON.stringify(manifest, null, 2));
    target.log(`backup written to ${out}`);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function backUpFile(target: OpsTarget, out: string, key: string): Promise<FileEntry | null> {
  const info = await target.storage.stat(key);
  if (!info) return null;
  if (target.storageKind === 's3')
    return { key, size: info.size, etag: info.etag, content_type: info.contentType };
  const dest = path.join(out, 'files', ...key.split('/'));
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(await target.storage.get(key), tap, fs.createWriteStream(dest));
  return { key, size, sha256: hash.digest('hex'), content_type: info.contentType };
}

export function readManifest(from: string): Manifest {
  const file = path.join(from, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${from} holds no ${MANIFEST}: not a complete backup`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT)
    throw new Error(`${file}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** Restores into an empty database and an empty files location; refuses anything else before changing it. */
export async function restore(target: OpsTarget, from: string): Promise<Manifest> {
  const manifest = readManifest(from);
  if (manifest.storage !== target.storageKind) {
    throw new Error(
      `the backup's files are on ${manifest.storage}, this configuration stores them on ${target.storageKind}`,
    );
  }
  const client = await connectPgClient(target.databaseUrl);
  try {
    if ((await userRelations(client)) > 0)
      throw new Error('the database is not empty: restore into a new, empty database');
    if (target.storageKind === 'local') {
      if (target.filesDir && !isEmptyDir(target.filesDir))
        throw new Error(`${target.filesDir} is not empty: restore into an empty files directory`);
    } else {
      const wrong: string[] = [];
      for (const f of manifest.files) {
        const info = await target.storage.stat(f.key);
        if (!info || info.size !== f.size || (f.etag && info.etag !== f.etag)) wrong.push(f.key);
      }
      if (wrong.length)
        throw new Error(
          `${wrong.length} objects of the backup are missing or changed in the bucket (first: ${wrong[0]}): restore them from the bucket's versions first`,
        );
    }
    const pg = await serverMajor(client);
    const pgRestore = await pgTool('pg_restore', Math.max(pg.major, manifest.postgres.major));
    target.log(`PostgreSQL ${pg.version}: ${pgRestore}`);
    await runTool(pgRestore, [
      '--exit-on-error',
      '--no-owner',
      '--no-acl',
      `--dbname=${target.databaseUrl}`,
      path.join(from, DUMP),
    ]);
    const migrations = await appliedMigrations(client);
    if (migrations.join() !== manifest.migrations.join())
      throw new Error('the restored database does not list the backup’s migrations');
    target.log(`database restored (${migrations.length} migrations)`);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (target.storageKind === 'local') {
    for (const f of manifest.files) await restoreFile(target.storage, from, f);
    target.log(`${manifest.files.length} files restored`);
  }
  return manifest;
}

async function restoreFile(storage: Storage, from: string, f: FileEntry) {
  const source = path.join(from, 'files', ...f.key.split('/'));
  const hash = createHash('sha256');
  const body = new PassThrough();
  const reading = pipeline(
    fs.createReadStream(source),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    body,
  );
  await Promise.all([storage.put(f.key, body, { contentType: f.content_type }), reading]);
  const sha = hash.digest('hex');
  if (sha !== f.sha256) {
    await storage.delete(f.key);
    throw new Error(`${source} does not match its checksum in the manifest: the backup is damaged`);
  }
}
