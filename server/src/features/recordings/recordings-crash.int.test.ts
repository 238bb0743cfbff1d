import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/db/embedded-postgres.js';
import { currentOwner, formatOwner } from '../../platform/process/process-owner.js';
import {
  createTestDatabase,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  TestClient,
  type TestDatabase,
} from '../../../test/harness.test-kit.js';
import { spawnServerProcess, type ServerProcess } from '../../../test/server-process.test-kit.js';
import {
  eventually,
  filesUnder,
  metadataOf,
  pickStudies,
  postForm,
  removeDir,
  storedObjects,
  tempDir,
} from './recordings.test-kit.js';

/**
 * A server process killed (SIGKILL) in the middle of an upload, then started again on the same
 * database and data directory: no row, no temporary file and no stored object is left, while
 * the half-done work of a process that still runs is left alone.
 */

let db: TestDatabase;
let dataDir: string;
let samples: string;
const running: ServerProcess[] = [];

async function start(): Promise<{ proc: ServerProcess; url: string }> {
  const port = await freePort();
  const proc = await spawnServerProcess({
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
  });
  running.push(proc);
  return { proc, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  db = await createTestDatabase('demo');
  dataDir = await tempDir('rec-crash-');
  samples = await tempDir('rec-samples-');
});

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  await db?.drop();
  await removeDir(dataDir);
  await removeDir(samples);
});

describe('a server killed mid-upload', () => {
  it('leaves nothing after the next start; live work of another process is kept', async () => {
    const studies = await pickStudies(db.knex);
    const first = await start();
    const teacher = new TestClient(first.url, 'en');
    expect(
      (await teacher.post('/login', { email: DEMO_ACCOUNTS.Teacher, password: DEMO_PASSWORD })).status,
    ).toBe(200);

    const big = path.join(samples, 'lesson.mp4');
    await writeFile(big, randomBytes(48 * 1024 * 1024));
    const uploads = path.join(dataDir, 'tmp', 'uploads');
    let deadOwner = '';
    const res = await postForm(
      teacher,
      `/api/studies/${studies.own}/recordings`,
      { metadata: metadataOf(studies.own, [{ part: 1, file_name: 'lesson.mp4' }]) },
      [{ name: 'lesson.mp4', path: big }],
      {
        cutAfterBytes: 24 * 1024 * 1024,
        onCut: async () => {
          await eventually(
            async () => (await filesUnder(uploads)).length === 1,
            20_000,
            'the partial upload on disk',
          );
          [deadOwner] = await readdir(uploads);
          first.proc.proc.kill('SIGKILL');
          await new Promise((r) => first.proc.proc.once('exit', r));
        },
      },
    );
    expect(res.cut).toBe(true);
    expect(deadOwner).toMatch(/~\d+~[0-9a-f]+$/);
    expect(await filesUnder(uploads)).toHaveLength(1);

    // As if it had died between storing a file and committing its row, too.
    const orphanKey = `recordings/${studies.own}/orphan.mp4`;
    await mkdir(path.join(dataDir, 'files', 'recordings', String(studies.own)), { recursive: true });
    await writeFile(path.join(dataDir, 'files', orphanKey), 'half a lesson');
    await db.knex('recording_pending_objects').insert({ storage_key: orphanKey, owner: deadOwner });
    // And a pending object of a process that still runs (this test's own): not ours to delete.
    const liveKey = `recordings/${studies.own}/in-flight.mp4`;
    await writeFile(path.join(dataDir, 'files', liveKey), 'being stored right now');
    await db
      .knex('recording_pending_objects')
      .insert({ storage_key: liveKey, owner: formatOwner(currentOwner()) });

    await start();
    expect(await filesUnder(uploads)).toEqual([]);
    expect(await storedObjects(dataDir)).toEqual([liveKey]);
    expect(await db.knex('recording_pending_objects').pluck('storage_key')).toEqual([liveKey]);
    expect(
      Number((await db.knex('recordings').where('study_id', studies.own).count({ n: '*' }).first())?.n),
    ).toBe(0);
  }, 240_000);
});
