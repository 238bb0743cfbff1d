import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as studyNotify from '../../db/migrations/015_study_notify.js';
import * as studyPanels from '../../db/migrations/023_study_panels.js';
import { connectPgClient } from '../db/pg-client.js';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { ensureStudyNotifyTriggers, sleep } from './realtime.test-kit.js';
import { parseStudyChange, type StudyChange } from './study-change.payload.js';

/** The triggers of migration 015 on their own: what each kind of write announces. */

const db = useTestDatabase();
let listener: pg.Client;
const received: StudyChange[] = [];

async function triggersCount(): Promise<number> {
  const r = await db.knex.raw(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE '%_notify_%'`);
  return r.rows[0].n;
}

async function collect(write: () => Promise<unknown>): Promise<StudyChange[]> {
  received.length = 0;
  await write();
  await sleep(150);
  return [...received];
}

beforeAll(async () => {
  await ensureStudyNotifyTriggers(db.knex);
  listener = await connectPgClient(db.url);
  await listener.query('LISTEN study_changes');
  listener.on('notification', (n) => received.push(parseStudyChange(n.payload)!));
});

afterAll(async () => {
  await listener?.end();
});

describe('migration 015', () => {
  it('rolls back and re-applies (after 023, which replaces its report triggers)', async () => {
    expect(await triggersCount()).toBe(16);
    await studyPanels.down(db.knex);
    expect(await triggersCount()).toBe(10);
    await studyNotify.down(db.knex);
    expect(await triggersCount()).toBe(0);
    const fns = await db.knex.raw(
      `SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'study%changes%'`,
    );
    expect(fns.rows[0].n).toBe(0);
    expect(await collect(() => db.knex('studies').where({ id: 1 }).update({ comment: 'quiet' }))).toEqual([]);
    await studyNotify.up(db.knex);
    expect(await triggersCount()).toBe(10);
    await studyPanels.up(db.knex);
    expect(await triggersCount()).toBe(16);
  });

  it('a move announces the study once, to all its participants', async () => {
    const people = (await db
      .knex('study_user')
      .where({ study_id: 1 })
      .orderBy('user_id')
      .pluck('user_id')) as number[];
    const changes = await collect(() =>
      db
        .knex('studies')
        .where({ id: 1 })
        .update({
          start: db.knex.raw(`start + interval '1 minute'`),
          end: db.knex.raw(`"end" + interval '1 minute'`),
        }),
    );
    expect(changes).toEqual([{ studyId: 1, kind: 'updated', userIds: people }]);
  });

  it('reports and recordings announce their own kinds; a rolled-back write nothing', async () => {
    const sid = (await db.knex('study_reports').first('study_id')).study_id as number;
    const report = await collect(() =>
      db.knex('study_reports').where({ study_id: sid }).update({ content: 'edited' }),
    );
    expect(report.map((c) => [c.studyId, c.kind])).toEqual([[sid, 'report']]);
    const recording = await collect(() =>
      db.knex('recordings').insert({ study_id: sid, part: 99, file_name: 'a.mp4', storage_key: 'k' }),
    );
    expect(recording.map((c) => [c.studyId, c.kind])).toEqual([[sid, 'recording']]);
    const none = await collect(() =>
      db.knex
        .transaction(async (trx) => {
          await trx('studies').where({ id: sid }).update({ comment: 'never' });
          throw new Error('roll back');
        })
        .catch(() => undefined),
    );
    expect(none).toEqual([]);
  });

  it('a bulk write sends one refresh per batch of users instead of one message per study', async () => {
    const everyone = (await db
      .knex('study_user')
      .distinct('user_id')
      .orderBy('user_id')
      .pluck('user_id')) as number[];
    const changes = await collect(() => db.knex('studies').update({ comment: db.knex.raw('comment') }));
    expect(changes.every((c) => c.studyId === null && c.kind === 'updated')).toBe(true);
    expect(changes.length).toBe(Math.ceil(everyone.length / 500));
    expect(changes.flatMap((c) => c.userIds).sort((a, b) => a - b)).toEqual(everyone);
  });
});
