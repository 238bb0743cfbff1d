import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './platform/db/embedded-postgres.js';
import { spawnServerProcess, type ServerProcess } from '../test/server-process.test-kit.js';
import { TestClient } from '../test/test-client.test-kit.js';

// Under the repo, not /tmp: as root, the embedded PostgreSQL runs as a `postgres` user that
// cannot enter a private mkdtemp directory.
const dataDir = path.resolve('.tmp', `main-test-${process.pid}`);
fs.rmSync(dataDir, { recursive: true, force: true });
let child: ServerProcess | undefined;

/** Starts the real entry point the README's `npm start` runs, on the embedded PostgreSQL. */
async function startServer(port: number): Promise<ServerProcess> {
  // An empty DATABASE_URL must mean "embedded", as if unset.
  child = await spawnServerProcess({
    DATABASE_URL: '',
    TEST_DATABASE_URL: '',
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  return child;
}

afterAll(async () => {
  await child?.stop();
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
    // The upload service runs next to the API: the demo school sends recordings to it (spec part 1 §4).
    expect(first.output()).toContain('Recordings upload service');
    const flags = await c.get('/api/feature-flags');
    expect(
      flags.body.data.find((f: { name: string }) => f.name === 'recordings_uploader_enabled')?.enabled,
    ).toBe(true);
    expect(await first.stop()).toBe(0);

    const second = await startServer(port);
    // The same session is still valid: the cluster was shut down cleanly and kept its data.
    expect((await c.get('/api/user')).status).toBe(200);
    // The demo school is loaded once, not again on the second start.
    expect(second.output()).not.toMatch(/loading the demo school/);
    expect(await second.stop()).toBe(0);
    // Two tsx start-ups with an initdb and a demo seed: about 10 s alone, near a minute under load.
  }, 180_000);
});
