import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as studyPanels from '../../db/migrations/023_study_panels.js';
import { connectPgClient } from '../db/pg-client.js';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { sleep } from './realtime.test-kit.js';
import { parseStudyChange, type StudyChange } from './study-change.payload.js';

/** The triggers of migration 023: homework, chat and report writes, with the students they are about. */

const db = useTestDatabase();
let listener: pg.Client;
const received: StudyChange[] = [];

async function collect(write: () => Promise<unknown>): Promise<StudyChange[]> {
  received.length = 0;
  await write();
  await sleep(150);
  return [...received];
}

beforeAll(async () => {
  listener = await connectPgClient(db.url);
  await listener.query('LISTEN study_changes');
  listener.on('notification', (n) => received.push(parseStudyChange(n.payload)!));
});

afterAll(async () => {
  await listener?.end();
});

/** A lesson with two students (a group), and its participants in id order. */
async function groupLesson(): Promise<{ id: number; people: number[]; students: number[] }> {
  const k = db.knex;
  const row = await k('study_user')
    .where('role_id', 4)
    .groupBy('study_id')
    .havingRaw('count(*) > 1')
    .orderBy('study_id')
    .first('study_id');
  const people = (await k('study_user')
    .where('study_id', row.study_id)
    .orderBy('user_id')
    .pluck('user_id')) as number[];
  const students = (await k('study_user')
    .where({ study_id: row.study_id, role_id: 4 })
    .orderBy('user_id')
    .pluck('user_id')) as number[];
  return { id: row.study_id, people, students };
}

describe('migration 023', () => {
  it('a homework file names its study, everyone in it, and the one student it is about', async () => {
    const lesson = await groupLesson();
    const student = lesson.students[0]!;
    const added = await collect(() =>
      db.knex('study_tasks').insert({
        study_id: lesson.id,
        user_id: student,
        file_name: 'a.pdf',
        file_mime: 'application/pdf',
        storage_key: 'homework/x/a',
      }),
    );
    expect(added).toEqual([
      { studyId: lesson.id, kind: 'task', userIds: lesson.people, studentIds: [student] },
    ]);
    const removed = await collect(() =>
      db.knex('study_tasks').where({ study_id: lesson.id, file_name: 'a.pdf' }).del(),
    );
    expect(removed).toEqual([
      { studyId: lesson.id, kind: 'task', userIds: lesson.people, studentIds: [student] },
    ]);
  });

  it('a chat message names no student; a report names its student; an edit moving a report names both', async () => {
    const lesson = await groupLesson();
    const [a, b] = lesson.students as [number, number];
    const message = await collect(() =>
      db.knex('study_messages').insert({ study_id: lesson.id, user_id: a, content: 'Привіт' }),
    );
    expect(message).toEqual([{ studyId: lesson.id, kind: 'message', userIds: lesson.people }]);
    await collect(() => db.knex('study_reports').where({ study_id: lesson.id }).del());
    const report = await collect(() =>
      db
        .knex('study_reports')
        .insert({ study_id: lesson.id, user_id: a, subject: 'Тема', content: 'з'.repeat(170) }),
    );
    expect(report).toEqual([{ studyId: lesson.id, kind: 'report', userIds: lesson.people, studentIds: [a] }]);
    const moved = await collect(() =>
      db.knex('study_reports').where({ study_id: lesson.id, user_id: a }).update({ user_id: b }),
    );
    expect(moved).toEqual([
      { studyId: lesson.id, kind: 'report', userIds: lesson.people, studentIds: [a, b] },
    ]);
  });

  it('a write touching more than 50 studies sends a refresh per batch of users instead', async () => {
    const studies = (await db.knex('study_reports').distinct('study_id').pluck('study_id')) as number[];
    expect(studies.length).toBeGreaterThan(50);
    const changes = await collect(() => db.knex('study_reports').update({ content: db.knex.raw('content') }));
    expect(changes.length).toBeGreaterThan(0);
    expect(
      changes.every((c) => c.studyId === null && c.kind === 'report' && c.studentIds === undefined),
    ).toBe(true);
  });

  it('rolls back (the report triggers of migration 015 again) and re-applies', async () => {
    const lesson = await groupLesson();
    await studyPanels.down(db.knex);
    expect(await db.knex.schema.hasTable('study_message_reads')).toBe(false);
    const quiet = await collect(() =>
      db.knex('study_messages').insert({ study_id: lesson.id, user_id: lesson.people[0]!, content: 'тихо' }),
    );
    expect(quiet).toEqual([]);
    const report = await collect(() =>
      db.knex('study_reports').where({ study_id: lesson.id }).update({ subject: 'Тема уроку' }),
    );
    expect(report).toEqual([{ studyId: lesson.id, kind: 'report', userIds: lesson.people }]);
    await studyPanels.up(db.knex);
    const again = await collect(() =>
      db.knex('study_reports').where({ study_id: lesson.id }).update({ subject: 'Тема' }),
    );
    expect(again.map((c) => [c.kind, c.studentIds?.length])).toEqual([['report', 1]]);
  });
});
