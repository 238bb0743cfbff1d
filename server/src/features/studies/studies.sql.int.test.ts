import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_ACCOUNTS, useTestDatabase } from '../../../test/harness.test-kit.js';
import { authFor, hookedQuery, idsOf, visibleIds } from './hooked-query.test-kit.js';
import type { AuthState } from '../auth/auth-user.js';

const FLAGS = [
  'isPaid',
  'isLast',
  'isBonus',
  'studyReportCheck',
  'isNoReport',
  'isFullStudyReportNeeded',
] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

const { knex } = useTestDatabase();
let admin: AuthState;
let ids: { teacher: number; student: number; otherStudent: number; manager: number };

beforeAll(async () => {
  admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
  const id = async (email: string) => (await knex('users').where({ email }).first('id')).id as number;
  const other = await knex('users')
    .where({ role_id: ROLE.Student })
    .whereNot({ email: DEMO_ACCOUNTS.Student })
    .orderBy('id')
    .first('id');
  ids = {
    teacher: await id(DEMO_ACCOUNTS.Teacher),
    student: await id(DEMO_ACCOUNTS.Student),
    otherStudent: other.id,
    manager: await id(DEMO_ACCOUNTS.Manager),
  };
});

async function flagsOf(studyIds: number[]): Promise<Map<number, Flags>> {
  const rows = await hookedQuery(knex, 'studies', admin, { computed: FLAGS })!.whereIn('t0.id', studyIds);
  return new Map(rows.map((r: Flags & { id: number }) => [r.id, r]));
}

async function flag(name: keyof Flags, studyIds: number[]): Promise<boolean[]> {
  const map = await flagsOf(studyIds);
  return studyIds.map((sid) => map.get(sid)![name]);
}

/** A package for one student: a contract, a subscription, studies in weekly steps from `from`. */
async function makePackage(o: {
  studentId: number;
  price: number;
  from: string;
  count: number;
  group?: number[];
}) {
  const [contract] = await knex('contracts')
    .insert({ student_id: o.studentId, payer_id: o.studentId })
    .returning('id');
  const [sub] = await knex('subscriptions')
    .insert({ contract_id: contract.id, price_per_study: o.price })
    .returning('id');
  const studyIds: number[] = o.group ?? [];
  if (!o.group) {
    for (let i = 0; i < o.count; i++) {
      const start = new Date(Date.parse(o.from) + i * 7 * 86_400_000);
      const [s] = await knex('studies')
        .insert({ start, end: new Date(start.getTime() + 3_600_000) })
        .returning('id');
      await knex('study_user').insert({ study_id: s.id, user_id: ids.teacher, role_id: ROLE.Teacher });
      studyIds.push(s.id);
    }
  }
  for (const sid of studyIds)
    await knex('study_user').insert({ study_id: sid, user_id: o.studentId, subscription_id: sub.id });
  return { contractId: contract.id as number, subscriptionId: sub.id as number, studyIds };
}

const invoice = (subscriptionId: number, amount: number, paid: boolean) =>
  knex('invoices')
    .insert({ subscription_id: subscriptionId, amount, payed_at: paid ? new Date() : null })
    .returning('id');

describe('studies scope', () => {
  const studiesOf = (userIds: number[]) =>
    idsOf(knex, 'SELECT study_id AS id FROM study_user WHERE user_id = ANY(?)', [userIds]);

  it('a parent sees exactly the studies of their children', async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    expect(parent.childIds.length).toBe(2);
    const expected = await studiesOf(parent.childIds);
    expect(expected.length).toBeGreaterThan(10);
    expect(await visibleIds(knex, 'studies', parent)).toEqual(expected);
  });

  it('a student, a teacher and a methodologist see the studies they take part in', async () => {
    for (const email of [DEMO_ACCOUNTS.Student, DEMO_ACCOUNTS.Teacher, DEMO_ACCOUNTS.Methodologist]) {
      const auth = await authFor(knex, email);
      const expected = await studiesOf([auth.user.id]);
      expect(expected.length).toBeGreaterThan(0);
      expect(await visibleIds(knex, 'studies', auth)).toEqual(expected);
    }
  });

  it('Administrator and Manager see every study; Lead, Guest and a switched-to Responsible none', async () => {
    const total = Number((await knex('studies').count({ n: '*' }))[0].n);
    expect((await visibleIds(knex, 'studies', admin)).length).toBe(total);
    expect((await visibleIds(knex, 'studies', await authFor(knex, DEMO_ACCOUNTS.Manager))).length).toBe(
      total,
    );
    for (const role of [ROLE.Lead, ROLE.Guest, ROLE.Responsible]) {
      const switched = await authFor(knex, DEMO_ACCOUNTS.Administrator, role);
      expect(hookedQuery(knex, 'studies', switched)).toBeNull();
    }
  });

  it('works under any alias the engine picks (relation loads use other aliases)', async () => {
    const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
    const rows = await hookedQuery(knex, 'studies', parent, { alias: 'rel_2', computed: FLAGS })!;
    expect(rows.length).toBe((await visibleIds(knex, 'studies', parent)).length);
  });
});

describe('isPaid, isLast and the money behind them', () => {
  it('studies are paid in start order up to floor(paid / price), and flip when an invoice is paid', async () => {
    const p = await makePackage({
      studentId: ids.student,
      price: 30000,
      from: '2031-01-06T10:00:00Z',
      count: 4,
    });
    expect(await flag('isPaid', p.studyIds)).toEqual([false, false, false, false]);
    await invoice(p.subscriptionId, 45000, true); // 1.5 studies: only the first is covered
    const [unpaid] = await invoice(p.subscriptionId, 75000, false);
    expect(await flag('isPaid', p.studyIds)).toEqual([true, false, false, false]);
    await knex('invoices').where({ id: unpaid.id }).update({ payed_at: new Date() }); // 120000 = 4 studies
    expect(await flag('isPaid', p.studyIds)).toEqual([true, true, true, true]);
  });

  it('isLast marks exactly the last study of the package', async () => {
    const p = await makePackage({
      studentId: ids.student,
      price: 30000,
      from: '2031-03-03T10:00:00Z',
      count: 3,
    });
    expect(await flag('isLast', p.studyIds)).toEqual([false, false, true]);
  });

  it('isLast is true for exactly one study of every demo subscription', async () => {
    const rows = await hookedQuery(knex, 'studies', admin, { computed: ['isLast'] })!
      .join('study_user as su', 'su.study_id', 't0.id')
      .whereNotNull('su.subscription_id')
      .select('su.subscription_id');
    const lastPerSubscription = new Map<number, number>();
    for (const r of rows)
      lastPerSubscription.set(
        r.subscription_id,
        (lastPerSubscription.get(r.subscription_id) ?? 0) + (r.isLast ? 1 : 0),
      );
    const subscriptions = Number((await knex('subscriptions').count({ n: '*' }))[0].n);
    expect(lastPerSubscription.size).toBe(subscriptions);
    expect([...lastPerSubscription.values()].every((n) => n === 1)).toBe(true);
  });

  it('a group study is paid only when every student is covered', async () => {
    const a = await makePackage({
      studentId: ids.student,
      price: 20000,
      from: '2031-05-05T10:00:00Z',
      count: 1,
    });
    const b = await makePackage({
      studentId: ids.otherStudent,
      price: 20000,
      from: '',
      count: 0,
      group: a.studyIds,
    });
    await invoice(a.subscriptionId, 20000, true);
    expect(await flag('isPaid', a.studyIds)).toEqual([false]);
    await invoice(b.subscriptionId, 20000, true);
    expect(await flag('isPaid', a.studyIds)).toEqual([true]);
  });

  it('a study without students, or with a student on no package, is not paid', async () => {
    const start = new Date('2031-07-07T10:00:00Z');
    const end = new Date('2031-07-07T11:00:00Z');
    const [reserved] = await knex('studies').insert({ start, end }).returning('id');
    await knex('study_user').insert({ study_id: reserved.id, user_id: ids.manager });
    const [lone] = await knex('studies').insert({ start, end, trial: true }).returning('id');
    await knex('study_user').insert({ study_id: lone.id, user_id: ids.student });
    expect(await flag('isPaid', [reserved.id, lone.id])).toEqual([false, false]);
    expect(await flag('isLast', [reserved.id, lone.id])).toEqual([false, false]);
  });

  it('a free package (price 0) is paid and bonus; so is a study of the bonus type', async () => {
    const p = await makePackage({ studentId: ids.student, price: 0, from: '2031-09-01T10:00:00Z', count: 2 });
    const flags = await flagsOf(p.studyIds);
    expect(p.studyIds.map((s) => [flags.get(s)!.isPaid, flags.get(s)!.isBonus])).toEqual([
      [true, true],
      [true, true],
    ]);
    const [bonus] = await knex('studies')
      .insert({ start: '2031-10-01T10:00:00Z', end: '2031-10-01T11:00:00Z', type_id: 6 })
      .returning('id');
    expect(await flag('isBonus', [bonus.id])).toEqual([true]);
    const demo = await knex('studies').where({ type_id: 1 }).first('id');
    expect(await flag('isBonus', [demo.id])).toEqual([false]);
  });

  it('isPaid agrees with the subscription position for every demo study on a package', async () => {
    const res = await knex.raw(`
      SELECT su.study_id, bool_and(x.pos <= CASE WHEN sub.price_per_study = 0 THEN x.pos ELSE
        (SELECT coalesce(sum(amount), 0) FROM invoices i WHERE i.subscription_id = sub.id AND i.payed_at IS NOT NULL) / sub.price_per_study END) AS paid
      FROM study_user su
      JOIN subscriptions sub ON sub.id = su.subscription_id
      JOIN (SELECT su2.study_id, su2.subscription_id, row_number() OVER (PARTITION BY su2.subscription_id ORDER BY s.start, s.id) AS pos
            FROM study_user su2 JOIN studies s ON s.id = su2.study_id WHERE su2.subscription_id IS NOT NULL) x
        ON x.study_id = su.study_id AND x.subscription_id = su.subscription_id
      WHERE NOT EXISTS (SELECT 1 FROM study_user n WHERE n.study_id = su.study_id AND n.role_id = 4 AND n.subscription_id IS NULL)
      GROUP BY su.study_id`);
    const expected = new Map<number, boolean>(
      res.rows.map((r: { study_id: number; paid: boolean }) => [r.study_id, r.paid]),
    );
    const actual = await flagsOf([...expected.keys()]);
    const mismatches = [...expected].filter(([sid, paid]) => actual.get(sid)!.isPaid !== paid);
    expect(mismatches).toEqual([]);
    // The demo has both kinds, so the comparison means something.
    expect(new Set(expected.values())).toEqual(new Set([true, false]));
  });
});

describe('report flags', () => {
  async function pastStudy(o: { start: string; students: number[]; missStatus?: number; trial?: boolean }) {
    const start = new Date(o.start);
    const [s] = await knex('studies')
      .insert({
        start,
        end: new Date(start.getTime() + 3_600_000),
        miss_status: o.missStatus ?? 0,
        trial: o.trial ?? false,
      })
      .returning('id');
    await knex('study_user').insert({ study_id: s.id, user_id: ids.teacher });
    for (const u of o.students) await knex('study_user').insert({ study_id: s.id, user_id: u });
    return s.id as number;
  }
  const report = (studyId: number, userId: number) =>
    knex('study_reports').insert({
      study_id: studyId,
      user_id: userId,
      created_by: ids.teacher,
      subject: 'Тема',
      content: 'x'.repeat(170),
    });

  it('an ended study without a report is flagged until the report is written', async () => {
    const sid = await pastStudy({ start: '2001-02-05T10:00:00Z', students: [ids.student] });
    expect([await flag('studyReportCheck', [sid]), await flag('isNoReport', [sid])]).toEqual([
      [false],
      [true],
    ]);
    await report(sid, ids.student);
    expect([await flag('studyReportCheck', [sid]), await flag('isNoReport', [sid])]).toEqual([
      [true],
      [false],
    ]);
  });

  it('a group study still misses a report while one student has none', async () => {
    const sid = await pastStudy({ start: '2001-02-12T10:00:00Z', students: [ids.student, ids.otherStudent] });
    await report(sid, ids.student);
    expect([await flag('studyReportCheck', [sid]), await flag('isNoReport', [sid])]).toEqual([
      [true],
      [true],
    ]);
  });

  it('a miss, a future study and a study without students need no report', async () => {
    const miss = await pastStudy({ start: '2001-02-19T10:00:00Z', students: [ids.student], missStatus: 1 });
    const future = await pastStudy({ start: '2032-02-19T10:00:00Z', students: [ids.student] });
    const empty = await pastStudy({ start: '2001-02-26T10:00:00Z', students: [] });
    expect(await flag('isNoReport', [miss, future, empty])).toEqual([false, false, false]);
  });

  it('a full report is needed after a trial and after the last study of a package, never for a miss', async () => {
    const trial = await pastStudy({ start: '2001-03-05T10:00:00Z', students: [ids.student], trial: true });
    const p = await makePackage({
      studentId: ids.student,
      price: 30000,
      from: '2031-11-03T10:00:00Z',
      count: 3,
    });
    expect(await flag('isFullStudyReportNeeded', [trial, ...p.studyIds])).toEqual([true, false, false, true]);
    await knex('studies').where({ id: p.studyIds[2] }).update({ miss_status: 1 });
    expect(await flag('isFullStudyReportNeeded', [p.studyIds[2]!])).toEqual([false]);
  });
});
