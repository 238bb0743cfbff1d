import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.test-kit.js';

/**
 * Test support for the recordings upload service (not used by the app): the service as a real
 * operating-system process (its own entry point) on a free port, over a private copy of the demo
 * school, next to the API in-process; both share the data directory and the signing secret.
 */

export interface UploaderProcess {
  url: string;
  pid: number;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

export const UPLOAD_SERVICE_ENTRY = 'server/src/features/recording-uploads/upload-service.main.ts';

/** Starts upload-service.main.ts with `env` over the current environment; resolves when it serves. */
export async function spawnUploadService(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<UploaderProcess> {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', UPLOAD_SERVICE_ENTRY], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      UPLOADER_PORT: '0',
      APP_URL: 'http://127.0.0.1:8080',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  let ready: RegExpExecArray | null = null;
  while (!(ready = /Upload service is running: (\S+) \(pid (\d+)\)/.exec(out))) {
    if (proc.exitCode !== null) throw new Error(`upload service exited early:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`upload service did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: ready[1],
    pid: Number(ready[2]),
    proc,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGTERM');
      }),
  };
}

/** A data directory under the repository (.tmp is ignored by git). */
export function makeDataDir(label: string): string {
  const dir = path.resolve('.tmp', `${label}-${process.pid}-${randomBytes(3).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export interface UploadStack {
  api: TestServer;
  uploader: UploaderProcess;
  db: TestDatabase;
  dataDir: string;
  secret: string;
  /** Restarts the service with other settings over the same database (the stack's settings by default). */
  respawn(env?: Record<string, string>): Promise<UploaderProcess>;
  close(): Promise<void>;
}

export async function setUploaderFlag(db: TestDatabase, enabled: boolean): Promise<void> {
  await db.knex('feature_flags').where('name', 'recordings_uploader_enabled').update({ enabled });
}

/** The API and the upload service over one private demo database, with the uploader flag on. */
export async function startUploadStack(
  opts: { uploaderEnv?: Record<string, string> } = {},
): Promise<UploadStack> {
  const db = await createTestDatabase('demo');
  await setUploaderFlag(db, true);
  const dataDir = makeDataDir('uploader');
  const secret = randomBytes(32).toString('hex');
  const baseEnv = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    UPLOADER_JWT_SECRET: secret,
    ...opts.uploaderEnv,
  };
  let uploader = await spawnUploadService(baseEnv);
  const api = await startTestServer({
    db,
    env: { DATA_DIR: dataDir, UPLOADER_JWT_SECRET: secret, UPLOADER_URL: uploader.url },
  });
  const stack: UploadStack = {
    api,
    db,
    dataDir,
    secret,
    get uploader() {
      return uploader;
    },
    async respawn(env = {}) {
      await uploader.stop();
      uploader = await spawnUploadService({ ...baseEnv, ...env });
      return uploader;
    },
    async close() {
      await uploader.stop();
      await api.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** `POST {url}/upload` as a client of the service does it: bearer token and the recordings form. */
export async function postUpload(
  url: string,
  opts: { token?: string; form?: FormData; lang?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'Accept-Language': opts.lang ?? 'en', ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${url}/upload`, { method: 'POST', headers, body: opts.form ?? new FormData() });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}
