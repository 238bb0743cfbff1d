import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { freePort } from '../platform/db/embedded-postgres.js';
import { addSignedInUser, addStudy, addUser } from '../features/studies/scheduling.test-kit.js';
import {
  eventually,
  filesUnder,
  makeSample,
  metadataOf,
  pickStudies,
  postForm,
  removeDir,
  tempDir,
  type StudyPicks,
} from '../features/recordings/recordings.test-kit.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, TestClient, useTestDatabase } from '../../test/harness.test-kit.js';
import { spawnServerProcess, type ServerProcess } from '../../test/server-process.test-kit.js';
import { writeDrillResult } from './drill-results.test-kit.js';
import { startFakeTelegram, type FakeTelegram } from '../features/messenger-bots/fake-telegram.test-kit.js';

/**
 * Drill: upload and job faults (issue #19, point 5). The real server (`server/src/main.ts`, an
 * operating-system process) on a private demo school, its Telegram pointed at a local fake. A
 * homework upload whose client goes away; then one SIGKILL while everything is in flight at once:
 * a homework upload mid-body; a homework file, a recording and a contract's signed document stored
 * but not committed (the test holds their rows' locks, so each waits between storage and its
 * commit); a bot message whose send is in flight, one waiting for its retry, one just
 * acknowledged. After the next start: no partial row, no orphan file or temporary file, every
 * message delivered once.
 * Figures: test-results/drills/faults.json. Existing tests that prove other cases: docs/reliability.md.
 */

const db = useTestDatabase();
let dataDir: string;
let samples: string;
let telegram: FakeTelegram;
let studies: StudyPicks;
/** The server both cases start from (the second kills it). */
let first: Awaited<ReturnType<typeof start>>;
const running: ServerProcess[] = [];
/** Transactions the drill holds open; rolled back at the end whatever happens. */
const locks: Knex.Transaction[] = [];
const figures: Record<string, unknown> = {};

async function start(): Promise<{ proc: ServerProcess; url: string; ms: number }> {
  const port = await freePort();
  const t = performance.now();
  const proc = await spawnServerProcess({
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
    UPLOADER_START: '0',
    LOG_LEVEL: 'info',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: '123456:drill',
    // The held send stays in flight until the kill; a failed one is tried again within a second.
    BOT_SEND_TIMEOUT_MS: '120000',
    BOT_RETRY_BASE_MS: '500',
  });
  running.push(proc);
  return { proc, url: `http://127.0.0.1:${port}`, ms: Math.round(performance.now() - t) };
}

async function signIn(url: string, role: keyof typeof DEMO_ACCOUNTS): Promise<TestClient> {
  const c = new TestClient(url, 'en');
  const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in as ${role}: ${res.status}`);
  return c;
}

const count = async (knex: Knex, table: string, where: Record<string, unknown>) =>
  Number((await knex(table).where(where).count({ n: '*' }).first())?.n);
const stored = async (prefix: string) =>
  (await filesUnder(path.join(dataDir, 'files'))).filter((f) => f.startsWith(prefix));
const uploadTemp = () => filesUnder(path.join(dataDir, 'tmp', 'uploads'));

beforeAll(async () => {
  dataDir = await tempDir('faults-data-');
  samples = await tempDir('faults-samples-');
  telegram = await startFakeTelegram();
  studies = await pickStudies(db.knex);
  first = await start();
  figures.first_start_ms = first.ms;
});

afterAll(async () => {
  writeDrillResult('faults', figures);
  for (const p of running) p.proc.kill('SIGKILL');
  for (const lock of locks) if (!lock.isCompleted()) await lock.rollback();
  await telegram?.close();
  await removeDir(dataDir);
  await removeDir(samples);
});

/** A student with a Telegram chat, in a lesson going on now with a teacher of their own. */
async function notifiable(url: string, chat: string) {
  const teacher = await addSignedInUser(db.knex, url, ROLE.Teacher, 'Викладач');
  const student = await addUser(db.knex, ROLE.Student, 'Учень');
  await db.knex('users').where({ id: student }).update({ telegram_id: chat });
  const study = await addStudy(
    db.knex,
    DateTime.now().setZone(TIME_ZONE).minus({ minutes: 5 }).startOf('minute'),
    [teacher.id, student],
  );
  return {
    notify: () => teacher.client.post(`/api/users/${student}/notify`, { type_id: 1, study_id: study }),
    student,
  };
}

describe('faults in the middle of uploads and bot sends', () => {
  it('connections cut: a homework upload by its client (no row, no file, no temporary file), a bot send by Telegram (sent again, once)', async () => {
    const teacher = await signIn(first.url, 'Teacher');
    const big = path.join(samples, 'essay.txt');
    await writeFile(big, 'homework line\n'.repeat(500_000));
    const tasks = await count(db.knex, 'study_tasks', { study_id: studies.second });
    const res = await postForm(
      teacher,
      `/api/studies/${studies.second}`,
      { _method: 'patch' },
      [{ field: 'study_task[]', name: 'essay.txt', path: big, type: 'text/plain' }],
      {
        cutAfterBytes: 3 * 1024 * 1024,
      },
    );
    expect(res.cut).toBe(true);
    await eventually(
      async () => (await uploadTemp()).length === 0,
      15_000,
      'the partial homework file removed',
    );
    expect(await count(db.knex, 'study_tasks', { study_id: studies.second })).toBe(tasks);
    expect(await stored('homework/')).toEqual([]);
    // The server is fine and takes the next upload.
    const small = path.join(samples, 'short.txt');
    await writeFile(small, 'short homework\n');
    const ok = await postForm(teacher, `/api/studies/${studies.second}`, { _method: 'patch' }, [
      { field: 'study_task[]', name: 'short.txt', path: small, type: 'text/plain' },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    const chat = '71000';
    telegram.plan(chat, 'cut-first');
    expect((await (await notifiable(first.url, chat)).notify()).status).toBe(200);
    await eventually(
      async () =>
        (await db.knex('messenger_outbox').where({ chat_id: chat }).first('status'))?.status === 'sent',
      30_000,
      'the cut send sent again',
    );
    expect([telegram.sendsTo(chat), telegram.delivered(chat)]).toEqual([2, 1]);
    figures.connection_cut = {
      homework: { route: 'POST /api/studies/{id}', sent_bytes: res.sent, rows_added: 0, files_left: 0 },
      bot_send: { requests: telegram.sendsTo(chat), delivered: telegram.delivered(chat) },
    };
  }, 180_000);

  it('SIGKILL with uploads and bot sends in flight: after the restart no partial row, no orphan file, each message once', async () => {
    const teacher = await signIn(first.url, 'Teacher');
    const homeworkBefore = await stored(`homework/${studies.own}/`);
    const tasksBefore = await count(db.knex, 'study_tasks', { study_id: studies.own });
    const recordingsBefore = await count(db.knex, 'recordings', { study_id: studies.own });

    // The study's row lock: both saves store their file, then wait for it inside their transaction.
    const lock = await db.knex.transaction();
    locks.push(lock);
    await lock('studies').where('id', studies.own).forUpdate().first('id');
    const note = path.join(samples, 'note.txt');
    await writeFile(note, 'stored, never committed\n');
    const homework = postForm(teacher, `/api/studies/${studies.own}`, { _method: 'patch' }, [
      { field: 'study_task[]', name: 'note.txt', path: note, type: 'text/plain' },
    ]).catch(() => null);
    const video = await makeSample(samples, 'lesson.mp4', 'video', 6);
    const recording = postForm(
      teacher,
      `/api/studies/${studies.own}/recordings`,
      { metadata: metadataOf(studies.own, [{ part: recordingsBefore + 1, file_name: 'drill-lesson.mp4' }]) },
      [{ name: 'drill-lesson.mp4', path: video }],
    ).catch(() => null);
    // A contract's signed document the same way: stored, then waiting for the contract's row.
    const contract = (await db.knex('contracts').orderBy('id').first('id', 'document_file')) as {
      id: number;
      document_file: string | null;
    };
    const contractLock = await db.knex.transaction();
    locks.push(contractLock);
    await contractLock('contracts').where('id', contract.id).forUpdate().first('id');
    const admin = await signIn(first.url, 'Administrator');
    const pdf = path.join(samples, 'signed.pdf');
    await writeFile(pdf, '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const signed = postForm(admin, `/api/contracts/${contract.id}`, { _method: 'patch' }, [
      { field: 'document_file', name: 'signed.pdf', path: pdf, type: 'application/pdf' },
    ]).catch(() => null);
    await eventually(
      async () => (await stored(`homework/${studies.own}/`)).length > homeworkBefore.length,
      60_000,
      'the homework file stored',
    );
    await eventually(
      async () => (await stored(`recordings/${studies.own}/`)).length > 0,
      60_000,
      'the recording stored',
    );
    await eventually(
      async () => (await stored('contract-documents/')).length > 0,
      60_000,
      'the signed document stored',
    );

    // Bots: a send in flight, a send waiting for its retry (429 retry_after), one just acknowledged.
    const [inFlight, waiting, acknowledged] = ['71001', '71002', '71003'];
    telegram.plan(inFlight, 'hold-first');
    telegram.plan(waiting, 'retry-first', 20);
    const a = await notifiable(first.url, inFlight);
    const b = await notifiable(first.url, waiting);
    const c = await notifiable(first.url, acknowledged);
    expect((await a.notify()).status).toBe(200);
    await eventually(async () => telegram.sendsTo(inFlight) === 1, 30_000, 'the held send received');
    expect((await b.notify()).status).toBe(200);
    await eventually(
      async () =>
        (await db.knex('messenger_outbox').where({ user_id: b.student }).first('attempts'))?.attempts === 1,
      30_000,
      'the 429 recorded',
    );

    // And a homework upload mid-body (the waiting saves keep their received files meanwhile).
    const waitingSaves = new Set(await uploadTemp());
    const big = path.join(samples, 'long.txt');
    await writeFile(big, 'a long essay line\n'.repeat(400_000));
    const killedAt = { at: 0 };
    const pendingAtKill: string[] = [];
    const cut = await postForm(
      teacher,
      `/api/studies/${studies.second}`,
      { _method: 'patch' },
      [{ field: 'study_task[]', name: 'long.txt', path: big, type: 'text/plain' }],
      {
        cutAfterBytes: 3 * 1024 * 1024,
        onCut: async () => {
          await eventually(
            async () => (await uploadTemp()).some((f) => !waitingSaves.has(f)),
            20_000,
            'the partial upload on disk',
          );
          expect((await c.notify()).status).toBe(200);
          pendingAtKill.push(
            ...((await db
              .knex('messenger_outbox')
              .where({ status: 'pending' })
              .pluck('chat_id')) as string[]),
          );
          first.proc.proc.kill('SIGKILL');
          await new Promise((r) => first.proc.proc.once('exit', r));
          killedAt.at = performance.now();
        },
      },
    );
    expect(cut.cut).toBe(true);
    await Promise.all([homework, recording, signed]);
    await lock.rollback();
    await contractLock.rollback();

    // What the killed process left: the partial temporary file, two stored objects no row names.
    const left = {
      temp_files: (await uploadTemp()).length,
      homework_objects: (await stored(`homework/${studies.own}/`)).length - homeworkBefore.length,
      recording_objects: (await stored(`recordings/${studies.own}/`)).length,
      document_objects: (await stored('contract-documents/')).length,
      pending_entries: await count(db.knex, 'recording_pending_objects', {}),
      messages_pending: pendingAtKill.length,
    };
    // Temporary files: the cut upload's part, the waiting homework and document saves' files (a
    // recording is moved into storage by rename, so its temporary file is gone once stored).
    expect(left).toMatchObject({
      temp_files: 3,
      homework_objects: 1,
      recording_objects: 1,
      document_objects: 1,
      pending_entries: 3,
    });
    // The held send and the one waiting for its retry were pending when the process died (the one
    // just acknowledged may already have gone: the queue polls every 2 s).
    expect(pendingAtKill).toEqual(expect.arrayContaining([inFlight, waiting]));

    const second = await start();
    const restartMs = Math.round(performance.now() - killedAt.at);
    const servingAt = Date.now();
    expect(await uploadTemp()).toEqual([]);
    expect(await stored(`homework/${studies.own}/`)).toEqual(homeworkBefore);
    expect(await stored(`recordings/${studies.own}/`)).toEqual([]);
    expect(await stored('contract-documents/')).toEqual([]);
    expect((await db.knex('contracts').where('id', contract.id).first('document_file')).document_file).toBe(
      contract.document_file,
    );
    expect(await filesUnder(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
    expect(await count(db.knex, 'recording_pending_objects', {})).toBe(0);
    expect(await count(db.knex, 'study_tasks', { study_id: studies.own })).toBe(tasksBefore);
    expect(await count(db.knex, 'recordings', { study_id: studies.own })).toBe(recordingsBefore);

    const chats = [inFlight, waiting, acknowledged];
    const sent = () =>
      db
        .knex('messenger_outbox')
        .whereIn('chat_id', chats)
        .where('status', 'sent')
        .select('chat_id', 'sent_at');
    await eventually(async () => (await sent()).length === 3, 60_000, 'every message sent after the restart');
    const sentAt = new Map(
      ((await sent()) as Array<{ chat_id: string; sent_at: Date }>).map((r) => [
        r.chat_id,
        r.sent_at.getTime(),
      ]),
    );
    // Jobs the killed process left (the held attempt's, the waiting retry's) find the rows sent.
    await new Promise((r) => setTimeout(r, 4000));
    for (const chat of chats) expect(telegram.delivered(chat), chat).toBe(1);
    expect(telegram.sendsTo(inFlight)).toBe(2);
    expect(telegram.sendsTo(waiting)).toBe(2);

    const sweep = /"tempDirs":(\d+),"objects":(\d+)/.exec(second.proc.output());
    figures.sigkill = {
      restart_ms: restartMs,
      left_by_the_kill: left,
      swept_at_start: sweep ? { temp_dirs: Number(sweep[1]), objects: Number(sweep[2]) } : null,
      after_restart: { temp_files: 0, orphan_objects: 0, partial_rows: 0 },
      messages: Object.fromEntries(
        [
          ['in_flight', inFlight],
          ['waiting_retry', waiting],
          ['acknowledged', acknowledged],
        ].map(([k, chat]) => [
          k,
          {
            requests: telegram.sendsTo(chat!),
            delivered: telegram.delivered(chat!),
            sent_ms_after_start: sentAt.get(chat!)! - servingAt,
          },
        ]),
      ),
      retry_after_seconds: 20,
    };
    await second.proc.stop();
  }, 300_000);
});
