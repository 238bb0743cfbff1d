import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test/harness.test-kit.js';
import { dbUrl } from '../../test/global-setup.js';
import { seedDemoSchool } from '../db/seeds/demo-school.seed.js';
import { form } from '../features/document-generators/document-upload.test-kit.js';
import { makeSample, metadataOf, pickStudies, postForm } from '../features/recordings/recordings.test-kit.js';
import { homeworkForm } from '../features/study-tasks/study-panels.test-kit.js';
import { createKnex, migrateLatest } from '../platform/db/database.js';
import { connectPgClient } from '../platform/db/pg-client.js';
import { hashPassword } from '../platform/security/secrets.js';
import { createS3Storage } from '../platform/storage/s3-storage.driver.js';
import { STORAGE_KEY_COLUMNS, serverMajor } from './backup.repository.js';
import { backup, restore } from './backup.service.js';
import { pgTool } from './pg-tools.js';

/**
 * The backup drill (issue 30 point 4): the demo school with a recording, homework and a generated
 * contract document; `npm run backup`; `npm run restore` into a fresh database and files
 * directory; a second server on the restored copy answers a fixed set of API calls exactly as the
 * first did. pg_dump must match the server's major version: the test servers' when this machine
 * has its tools (the machine's PostgreSQL 15 with Debian's client 15), else the machine's
 * PostgreSQL at 127.0.0.1:5432 (the embedded PostgreSQL 18 ships no pg_dump).
 */

const run = promisify(execFile);
const OPS = ['--import', 'tsx', 'server/src/ops/ops.main.ts'];
const suffix = randomBytes(4).toString('hex');
const work = path.resolve('.tmp', `backup-drill-${process.pid}-${suffix}`);
let adminUrl: string;
let source: TestDatabase;
let target: TestDatabase;
let first: TestServer;
let second: TestServer | undefined;

/** The first server whose major version this machine has pg_dump and pg_restore for, or why none. */
async function serverWithTools(): Promise<{ url: string } | { missing: string }> {
  const candidates = [
    inject('adminDbUrl'),
    process.env.BACKUP_DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  ];
  const tried: string[] = [];
  for (const url of candidates) {
    try {
      const c = await connectPgClient(url);
      const { major } = await serverMajor(c).finally(() => c.end());
      await pgTool('pg_dump', major);
      await pgTool('pg_restore', major);
      return { url };
    } catch (err) {
      tried.push(`${new URL(url).host}: ${(err as Error).message}`);
    }
  }
  return { missing: `no PostgreSQL with matching pg_dump/pg_restore (${tried.join('; ')})` };
}

// Like the deployment test without nginx: a machine with neither a PostgreSQL server of the
// embedded one's major nor one with Debian's client tools (CI machines have PostgreSQL 15 with
// both) cannot run pg_dump at all; the drill says so and the rest of the file still runs.
const tools = await serverWithTools();
const missing = 'missing' in tools ? tools.missing : undefined;
if (missing)
  console.warn(
    `backup drill: skipped, ${missing}; install postgresql-client-<major> or set BACKUP_DRILL_DATABASE_URL`,
  );

async function database(name: string): Promise<TestDatabase> {
  const admin = await connectPgClient(adminUrl);
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  const url = dbUrl(adminUrl, name);
  const knex = createKnex(url, 5);
  return {
    url,
    name,
    knex,
    async drop() {
      await knex.destroy();
      const c = await connectPgClient(adminUrl);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

const ops = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [...OPS, ...args], {
    env: { ...process.env, S3_BUCKET: '', LOG_LEVEL: 'warn', ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? 1,
      out: `${e.stdout ?? ''}${e.stderr ?? ''}`,
    }),
  );

/** Status, chosen headers and the bytes' digest of a call, as a client would compare them. */
async function answer(base: string, cookie: string, urlPath: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + urlPath, {
    headers: { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...headers },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    type,
    range: res.headers.get('content-range'),
    body: type.startsWith('application/json')
      ? JSON.parse(bytes.toString('utf8'))
      : createHash('sha256').update(bytes).digest('hex'),
  };
}

beforeAll(async () => {
  if ('missing' in tools) return;
  adminUrl = tools.url;
  fs.mkdirSync(work, { recursive: true });
  target = await database(`school_drill_dst_${suffix}`);
  if (adminUrl === inject('adminDbUrl')) source = await createTestDatabase('demo');
  else {
    source = await database(`school_drill_src_${suffix}`);
    await migrateLatest(source.knex);
    await seedDemoSchool(source.knex, { hashPassword });
  }
  first = await startTestServer({ db: source, env: { DATA_DIR: path.join(work, 'data-a') } });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await source?.drop();
  await target?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the first Administrator of an empty school (npm run create-admin)', () => {
  it('creates user 1, who can sign in; refuses once the school has users', async () => {
    const empty = await createTestDatabase('empty');
    try {
      const env = { DATABASE_URL: empty.url, ADMIN_PASSWORD: 'first-admin-pass' };
      const made = await ops(
        ['create-admin', '--email', 'Director@School.example', '--firstname', 'Олена', '--surname', 'Коваль'],
        env,
      );
      expect(made.code, made.out).toBe(0);
      const srv = await startTestServer({ db: empty });
      try {
        const c = srv.client();
        const login = await c.post('/login', {
          email: 'director@school.example',
          password: 'first-admin-pass',
        });
        expect(login.status, login.text).toBe(200);
        expect(login.body.data).toMatchObject({ id: 1, firstname: 'Олена' });
        // The next user the staff app creates takes id 2, not a collision with 1.
        const [next] = await empty.knex('users').insert({ role_id: 2, firstname: 'Ірина' }).returning('id');
        expect(next.id).toBe(2);
      } finally {
        await srv.close();
      }
      const again = await ops(['create-admin', '--email', 'other@school.example'], env);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/already has users/);
    } finally {
      await empty.drop();
    }
  });
});

describe.skipIf(missing)('backup and restore', () => {
  it('lists every column that holds a stored file', async () => {
    const cols = await source
      .knex('information_schema.columns')
      .where({ table_schema: 'public' })
      .whereIn('column_name', ['storage_key', 'document_file'])
      .whereNot('table_name', 'recording_pending_objects')
      .select('table_name', 'column_name');
    expect(cols.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual(
      STORAGE_KEY_COLUMNS.map(([t, c]) => `${t}.${c}`).sort(),
    );
  });

  it('the demo school with a recording, homework and a generated document answers the same after backup and restore', async () => {
    const admin = await first.signInAs('Administrator');
    const { own } = await pickStudies(source.knex);
    const video = await makeSample(work, 'lesson.mp4');
    const rec = await postForm(
      admin,
      `/api/studies/${own}/recordings`,
      { metadata: metadataOf(own, [{ part: 1, file_name: 'lesson.mp4' }]) },
      [{ name: 'lesson.mp4', path: video }],
    );
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    const recordingId = (await source.knex('recordings').where({ study_id: own }).first('id')).id as number;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
    expect(
      (await admin.post(`/api/studies/${own}`, homeworkForm([{ name: 'plan.pdf', bytes: pdf }]))).status,
    ).toBe(200);
    const taskId = (
      await source.knex('study_tasks').where({ study_id: own, file_name: 'plan.pdf' }).first('id')
    ).id as number;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const generated = await fetch(`${first.url}/contract`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        contract_number: '77',
        customer_fullname: 'Петренко Олена',
        student_name: 'Петренко Іван',
        sex: 1,
        student_class: 5,
        studies_per_week: 2,
        study_cost: 400,
        studies_count: 8,
      }),
    });
    expect(generated.status).toBe(200);
    const docx = Buffer.from(await generated.arrayBuffer());
    const student = (await source.knex('users').where({ email: 'student@example.com' }).first('id')).id;
    const payer = (await source.knex('users').where({ email: 'parent@example.com' }).first('id')).id;
    const contract = await admin.post(
      '/api/contracts',
      form(
        { student_id: String(student), payer_id: String(payer), end_at: '2027-06-30' },
        {
          document_file: [
            docx,
            'Договір 77.docx',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ],
        },
      ),
    );
    expect(contract.status, contract.text).toBe(201);
    const contractId = contract.body.data.id as number;

    const calls: Array<[string, Record<string, string>?]> = [
      ['/api/studies?perpage=100&sort[]=id'],
      ['/api/users?perpage=100&sort[]=id'],
      ['/api/contracts?perpage=100&sort[]=id'],
      [`/api/studies/${own}`],
      [`/api/studies/${own}/recordings`],
      [`/api/study_tasks?filter[study_id]=${own}`],
      [`/api/studies/${own}/recordings/${recordingId}/download`],
      [`/api/studies/${own}/recordings/${recordingId}/play`, { Range: 'bytes=100-4195' }],
      [`/api/study_tasks/${taskId}/download`],
      [`/api/contracts/${contractId}/document`],
    ];
    const before = await Promise.all(calls.map(([p, h]) => answer(first.url, cookie, p, h)));
    expect(before.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 206, 200, 200]);

    const backupDir = path.join(work, 'backup');
    const made = await ops(['backup', '--out', backupDir], {
      DATABASE_URL: source.url,
      DATA_DIR: path.join(work, 'data-a'),
    });
    expect(made.code, made.out).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.files).toHaveLength(3);
    expect(manifest.files.map((f: { sha256: string }) => f.sha256)).toContain(
      createHash('sha256').update(docx).digest('hex'),
    );

    const restoreInto = path.join(work, 'data-b');
    // A files directory that is not empty is refused before the database is touched.
    fs.mkdirSync(path.join(restoreInto, 'files'), { recursive: true });
    fs.writeFileSync(path.join(restoreInto, 'files', 'stray'), 'x');
    const refusedDir = await ops(['restore', '--from', backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: restoreInto,
    });
    expect(refusedDir.code).toBe(1);
    expect(refusedDir.out).toMatch(/is not empty/);
    fs.rmSync(path.join(restoreInto, 'files', 'stray'));
    const restored = await ops(['restore', '--from', backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: restoreInto,
    });
    expect(restored.code, restored.out).toBe(0);
    // A database that is not empty is refused.
    const again = await ops(['restore', '--from', backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: path.join(work, 'data-c'),
    });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/database is not empty/);

    second = await startTestServer({ db: target, env: { DATA_DIR: restoreInto } });
    // The same session too: sessions live in the database.
    const after = await Promise.all(calls.map(([p, h]) => answer(second!.url, cookie, p, h)));
    expect(after).toEqual(before);
  });
});

describe.skipIf(missing)('backup and restore with files on S3', () => {
  it('lists the referenced objects with their ETags; a restore checks the bucket still has them', async () => {
    // s3rver has no types; in this process is fine (no memory measured here).
    const { default: S3rver } = (await import('s3rver' as string)) as {
      default: new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
    };
    const s3dir = path.join(work, 's3');
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'school-drill' }],
    });
    const { port } = await s3.run();
    const storage = createS3Storage({
      bucket: 'school-drill',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const a = await database(`school_drill_s3a_${suffix}`);
    const b = await database(`school_drill_s3b_${suffix}`);
    try {
      const key = 'homework/s3-drill.pdf';
      await storage.put(key, Readable.from([Buffer.from('%PDF-1.4 the drill on S3')]), {
        contentType: 'application/pdf',
      });
      const study = await source
        .knex('study_user')
        .join('users', 'users.id', 'study_user.user_id')
        .where('users.role_id', 4)
        .first('study_user.study_id', 'study_user.user_id');
      await source.knex('study_tasks').insert({
        study_id: study.study_id,
        user_id: study.user_id,
        file_name: 's3.pdf',
        file_mime: 'application/pdf',
        file_size: 24,
        storage_key: key,
      });
      const log = () => undefined;
      const out = path.join(work, 'backup-s3');
      const manifest = await backup({ databaseUrl: source.url, storage, storageKind: 's3', log }, out);
      const listed = manifest.files.find((f) => f.key === key);
      expect(listed).toMatchObject({ key, size: 24 });
      expect(listed?.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(fs.existsSync(path.join(out, 'files'))).toBe(false);
      await restore({ databaseUrl: a.url, storage, storageKind: 's3', log }, out);
      expect(await a.knex('study_tasks').where({ storage_key: key }).first('file_name')).toEqual({
        file_name: 's3.pdf',
      });
      // The object changed since the backup: refused before the database is touched.
      await storage.put(key, Readable.from([Buffer.from('%PDF-1.4 changed after the backup')]), {
        contentType: 'application/pdf',
      });
      await expect(restore({ databaseUrl: b.url, storage, storageKind: 's3', log }, out)).rejects.toThrow(
        /missing or changed in the bucket \(first: homework\/s3-drill.pdf\)/,
      );
      expect(await b.knex.raw(`SELECT to_regclass('public.users') AS t`).then((r) => r.rows[0].t)).toBeNull();
    } finally {
      await a.drop();
      await b.drop();
      await s3.close();
    }
  });
});
