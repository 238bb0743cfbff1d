import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TestClient, type TestDatabase } from '../../../test/harness.test-kit.js';
import { freePort } from '../../platform/db/embedded-postgres.js';
import { makeDataDir, postUpload, setUploaderFlag } from './upload-service.test-kit.js';

/**
 * `npm start` (server/src/main.ts) forks the upload service: one command starts both, Ctrl+C
 * stops both, a killed API takes the service with it, and a service that dies is started again.
 */

let db: TestDatabase;
let dataDir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase('demo');
  await setUploaderFlag(db, true);
});
afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  await db?.drop();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(
  what: string,
  probe: () => T | undefined | null | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts main.ts in a process group of its own, as a terminal runs `npm start`. */
async function startPlatform() {
  dataDir = makeDataDir('npm-start');
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      SEED_DEMO: '0',
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOADER_PORT: '0',
      UPLOADER_JWT_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(proc);
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await until(
    'the platform to start',
    () => out.includes('School platform is running') || proc.exitCode !== null,
    90_000,
  );
  if (proc.exitCode !== null) throw new Error(`main.ts exited:\n${out}`);
  const uploaderUrl = /Recordings upload service: +(\S+)/.exec(out)?.[1];
  const uploaderPid = Number(/Upload service is running: \S+ \(pid (\d+)\)/.exec(out)?.[1]);
  if (!uploaderUrl || !uploaderPid) throw new Error(`no upload service in:\n${out}`);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, api: `http://127.0.0.1:${port}`, uploaderUrl, uploaderPid, output: () => out, exited };
}

describe('npm start and the upload service', () => {
  it('starts the service next to the API with a generated secret; Ctrl+C stops both cleanly', async () => {
    const p = await startPlatform();
    expect(p.uploaderUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(alive(p.uploaderPid)).toBe(true);
    // Made on the first start, shared by the API (signing) and the service (checking).
    expect(fs.readFileSync(path.join(dataDir, 'uploader-jwt.secret'), 'utf8').trim()).toMatch(
      /^[0-9a-f]{64}$/,
    );

    const manager = new TestClient(p.api, 'en');
    expect(
      (await manager.post('/login', { email: 'manager@example.com', password: 'demo12345' })).status,
    ).toBe(200);
    const study = (await db.knex('studies').orderBy('id').first('id')).id;
    const issued = await manager.get(`/api/jwt/issue?study_id=${study}`);
    expect(issued.status).toBe(200);
    expect(issued.body.upload_url).toBe(p.uploaderUrl);
    const url = p.uploaderUrl.replace('localhost', '127.0.0.1');
    const anonymous = await postUpload(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 'user_validation_failed',
      message: 'Your account could not be confirmed. Sign in again and retry.',
    });
    const signed = await postUpload(url, { token: issued.body.token });
    expect(signed.status).not.toBe(401);

    // Ctrl+C in a terminal signals the whole foreground process group.
    process.kill(-p.proc.pid!, 'SIGINT');
    expect(await p.exited).toBe(0);
    await until('the upload service to stop', () => !alive(p.uploaderPid), 15_000);
    expect(p.output()).not.toMatch(/Failed to start|failed to start/);
  });

  it('starts the service again, on the same address, when it dies on its own; a killed API takes it along', async () => {
    const p = await startPlatform();
    process.kill(p.uploaderPid, 'SIGKILL');
    const pids = () => [...p.output().matchAll(/Upload service is running: (\S+) \(pid (\d+)\)/g)];
    const restarted = await until('a second upload service', () => pids()[1], 30_000);
    const second = Number(restarted[2]);
    expect(second).not.toBe(p.uploaderPid);
    expect(restarted[1]).toBe(p.uploaderUrl);
    const answer = await postUpload(p.uploaderUrl.replace('localhost', '127.0.0.1'));
    expect(answer.body.code).toBe('user_validation_failed');
    // No orphan: the service notices its parent is gone, even when the parent could not say so.
    p.proc.kill('SIGKILL');
    await p.exited;
    await until('the orphaned upload service to stop', () => !alive(second), 15_000);
  });
});
