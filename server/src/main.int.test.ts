import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './platform/db/embedded-postgres.js';
import { TestClient } from '../test/test-client.js';

// Under the repo, not /tmp: as root, the embedded PostgreSQL runs as a `postgres` user that
// cannot enter a private mkdtemp directory.
const dataDir = path.resolve('.tmp', `main-test-${process.pid}`);
fs.rmSync(dataDir, { recursive: true, force: true });
let child: ChildProcess | undefined;

/** Starts the real entry point the README's `npm start` runs, on the embedded PostgreSQL. */
async function startServer(port: number): Promise<{ proc: ChildProcess; output: () => string }> {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // An empty DATABASE_URL must mean "embedded", as if unset.
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  while (!out.includes('School platform is running')) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  child = proc;
  return { proc, output: () => out };
}

function stop(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    proc.once('exit', (code) => resolve(code));
    proc.kill('SIGTERM');
  });
}

afterAll(async () => {
  if (child && child.exitCode === null) await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start (server/src/main.ts)', () => {
  it('starts on the embedded PostgreSQL with the demo school, stops cleanly, and restarts with its data', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(first.output()).toContain('parent@example.com');
    const c = new TestClient(`http://127.0.0.1:${port}`);
    const res = await c.post('/login', { email: 'admin@example.com', password: 'demo12345', remember: true });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(1);
    expect(await stop(first.proc)).toBe(0);

    const second = await startServer(port);
    // The same session is still valid: the cluster was shut down cleanly and kept its data.
    expect((await c.get('/api/user')).status).toBe(200);
    // The demo school is loaded once, not again on the second start.
    expect(second.output()).not.toMatch(/loading the demo school/);
    expect(await stop(second.proc)).toBe(0);
  });
});
