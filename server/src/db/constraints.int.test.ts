import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/harness.test-kit.js';

const db = useTestDatabase();

/** A study of the demo teacher, as hand-written SQL would add one. */
async function teacherStudy() {
  const teacher = await db.knex('users').where({ email: 'teacher@example.com' }).first('id');
  const study = await db
    .knex('studies as s')
    .join('study_user as su', 'su.study_id', 's.id')
    .where('su.user_id', teacher.id)
    .orderBy('s.start', 'desc')
    .first('s.id', 's.start', 's.end', 's.type_id');
  return { teacherId: teacher.id as number, study };
}

describe('database guarantees', () => {
  it('refuses a second study of one teacher at an overlapping time, even from raw SQL', async () => {
    const { teacherId, study } = await teacherStudy();
    const err = await db.knex
      .transaction(async (trx) => {
        const [{ id }] = await trx('studies')
          .insert({
            start: new Date(new Date(study.start).getTime() + 15 * 60_000),
            end: new Date(new Date(study.end).getTime() + 15 * 60_000),
            type_id: study.type_id,
          })
          .returning('id');
        await trx('study_user').insert({ study_id: id, user_id: teacherId, role_id: 3 });
      })
      .catch((e) => e);
    expect(err.code).toBe('23P01');
  });

  it('refuses moving a study onto another study of the same teacher', async () => {
    const teacher = await db.knex('users').where({ email: 'teacher@example.com' }).first('id');
    const [a, b] = await db
      .knex('studies as s')
      .join('study_user as su', 'su.study_id', 's.id')
      .where('su.user_id', teacher.id)
      .orderBy('s.start')
      .limit(2)
      .select('s.id', 's.start', 's.end');
    const err = await db
      .knex('studies')
      .where({ id: b.id })
      .update({ start: a.start, end: a.end })
      .catch((e) => e);
    expect(err.code).toBe('23P01');
  });

  it('refuses an impossible miss status and a study that ends before it starts', async () => {
    const { study } = await teacherStudy();
    expect(
      (
        await db
          .knex('studies')
          .where({ id: study.id })
          .update({ miss_status: 3 })
          .catch((e) => e)
      ).code,
    ).toBe('23514');
    expect(
      (
        await db
          .knex('studies')
          .where({ id: study.id })
          .update({ end: study.start })
          .catch((e) => e)
      ).code,
    ).toBe('23514');
  });

  it('refuses deleting a contract that has invoices', async () => {
    const inv = await db.knex('invoices').first('contract_id');
    expect(inv).toBeDefined();
    const err = await db
      .knex('contracts')
      .where({ id: inv.contract_id })
      .delete()
      .catch((e) => e);
    expect(err.code).toBe('23503');
  });
});
