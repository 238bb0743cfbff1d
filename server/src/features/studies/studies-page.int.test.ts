import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { findResource } from '@school/shared/resources';
import { createTestDatabase, DEMO_ACCOUNTS, type TestDatabase } from '../../../test/harness.test-kit.js';
import { appHooks, authFor } from './hooked-query.test-kit.js';
import { BONUS_STUDY_TYPE_ID } from './studies.sql.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { listResourceJson, prepareQuery } from '../../resource-engine/resource-reader.js';
import { jsonPageQuery } from '../../resource-engine/json-page.js';

/**
 * The studies flags of a JSON page are computed for the whole page in one pass
 * (ComputedAttribute.page, issue 32); filters, sorts and single reads keep the per-row SQL. Both
 * must answer the same, for every caller's scope: here the answers of the app's hooks and of the
 * same hooks without their page forms are compared byte for byte.
 */

const studies = findResource('studies')!;
const FLAGS = [
  'id',
  'start',
  'type_id',
  'isPaid',
  'isLast',
  'studyReportCheck',
  'isBonus',
  'isNoReport',
  'hasUnreadMessages',
  'attendance',
];
const select = FLAGS.map((c) => `select[]=${c}`).join('&');

let db: TestDatabase;
let knex: Knex;
let hooks: HookRegistry;
let perRow: HookRegistry;
let group: { studyId: number; child: number; classmate: number; ids: number[]; others: number[] };

/** The app's hooks with every computed attribute's page form taken away: the per-row answer. */
function withoutPageForms(registry: HookRegistry): HookRegistry {
  return {
    of: (resource) => {
      const h = registry.of(resource);
      if (!h.computed) return h;
      return {
        ...h,
        computed: Object.fromEntries(
          Object.entries(h.computed).map(([k, c]) => [k, { sql: c.sql, sortSql: c.sortSql }]),
        ),
      };
    },
    writes: (resource) => registry.writes(resource),
  };
}

const userId = async (email: string) => (await knex('users').where({ email }).first('id')).id as number;

async function pkg(studentId: number, price: number, studyIds: number[], paid: number) {
  const [contract] = await knex('contracts')
    .insert({ student_id: studentId, payer_id: studentId })
    .returning('id');
  const [sub] = await knex('subscriptions')
    .insert({ contract_id: contract.id, price_per_study: price })
    .returning('id');
  for (const sid of studyIds)
    await knex('study_user').insert({ study_id: sid, user_id: studentId, subscription_id: sub.id });
  if (paid) await knex('invoices').insert({ subscription_id: sub.id, amount: paid, payed_at: new Date() });
}

beforeAll(async () => {
  db = await createTestDatabase('demo');
  knex = db.knex;
  hooks = appHooks(knex);
  perRow = withoutPageForms(hooks);
  const parent = await authFor(knex, DEMO_ACCOUNTS.Responsible);
  const child = parent.childIds[0];
  const classmate = (
    await knex('users')
      .where({ role_id: ROLE.Student })
      .whereNotIn('id', parent.childIds)
      .orderBy('id')
      .first('id')
  ).id as number;
  const teacher = await userId(DEMO_ACCOUNTS.Teacher);
  // Three past group lessons of the parent's child and a classmate of another family: the child on
  // a package paid for one study, the classmate on a free one; a report of the classmate only;
  // bot answers of both (one given for an earlier start); a chat with both sides and a read mark.
  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    // 03:00 Kyiv: outside any demo lesson, so the teacher and children are free whatever the clock says.
    const start = DateTime.now()
      .setZone(TIME_ZONE)
      .minus({ days: 10 - i })
      .set({ hour: 3, minute: 0, second: 0, millisecond: 0 })
      .toJSDate();
    const [s] = await knex('studies')
      .insert({
        start,
        end: new Date(start.getTime() + 3_600_000),
        type_id: i === 2 ? BONUS_STUDY_TYPE_ID : 3,
      })
      .returning('id');
    await knex('study_user').insert({ study_id: s.id, user_id: teacher, role_id: ROLE.Teacher });
    ids.push(s.id);
  }
  await pkg(child, 20000, ids, 30000);
  await pkg(classmate, 0, ids, 0);
  const [study] = await knex('studies').where({ id: ids[0] }).select('id', 'start');
  await knex('study_reports').insert({
    study_id: study.id,
    user_id: classmate,
    created_by: teacher,
    subject: 's',
    content: 'c',
  });
  await knex('study_attendance').insert([
    {
      study_id: study.id,
      student_id: child,
      answer: 'confirmed',
      study_start: study.start,
      answered_by: parent.user.id,
      messenger: 'viber',
    },
    {
      study_id: study.id,
      student_id: classmate,
      answer: 'declined',
      study_start: study.start,
      answered_by: null,
      messenger: 'telegram',
    },
    {
      study_id: ids[1],
      student_id: child,
      answer: 'declined',
      study_start: new Date(0),
      answered_by: null,
      messenger: 'viber',
    },
  ]);
  const [first] = await knex('study_messages')
    .insert({ study_id: study.id, user_id: parent.user.id, content: 'hello' })
    .returning('id');
  await knex('study_messages').insert({ study_id: study.id, user_id: teacher, content: 'hi' });
  await knex('study_messages').insert({ study_id: ids[1], user_id: parent.user.id, content: 'again' });
  await knex('study_message_reads').insert({
    study_id: study.id,
    user_id: teacher,
    last_read_message_id: first.id,
  });
  // A flags call naming more than 100 ids, as the staff calendar makes it.
  const others = (await knex('studies').whereNotIn('id', ids).orderBy('id').limit(120).select('id')).map(
    (r) => r.id as number,
  );
  group = { studyId: study.id, child, classmate, ids, others };
});
afterAll(() => db.drop());

describe('studies flags for a whole page in one pass', () => {
  it('answer byte for byte what the per-row flags answer, for every demo account and page', async () => {
    const queries = [
      `${select}&withCount[]=recordings`,
      `${select}&filter[isPaid]=0&sort[]=isLast&sort[]=-start`,
      `${select}&withCount[]=recordings&filter[id]=${group.studyId}`,
      `${select}&filter[isNoReport]=1&sort[]=-start&filter[id]=${[...group.ids, ...group.others].join('|')}`,
      `${select}&filter[id]=${[...group.ids, ...group.others].join('|')}`,
    ];
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const auth = await authFor(knex, email);
      for (const raw of queries) {
        const onePass = await listResourceJson({ knex, auth, hooks }, studies, raw);
        const perRowAnswer = await listResourceJson({ knex, auth, hooks: perRow }, studies, raw);
        expect(onePass, `${email}: ${raw}`).toBe(perRowAnswer);
      }
      // Every demo account sees studies: the comparison is over real rows.
      expect(
        JSON.parse(await listResourceJson({ knex, auth, hooks }, studies, queries[0])).data.length,
        email,
      ).toBeGreaterThan(0);
    }
    // The page forms are what the app's statement runs (not the per-row SQL under another name).
    const admin = await authFor(knex, DEMO_ACCOUNTS.Administrator);
    const q = prepareQuery({ knex, auth: admin, hooks }, studies, select);
    expect(jsonPageQuery({ knex, auth: admin, hooks }, q, 0, q.perPage).toSQL().sql).toContain(
      'jsonb_object_agg',
    );
  });

  it("keep each caller's scope: a parent's flags combine only their own children", async () => {
    const flagsAs = async (email: string) => {
      const auth = await authFor(knex, email);
      // The whole list: a page that may be large, so the one-pass form answers it.
      const answer = JSON.parse(await listResourceJson({ knex, auth, hooks }, studies, select));
      const row = answer.data.find((s: { id: number }) => s.id === group.studyId);
      return row as Record<string, unknown> & { attendance: Array<{ student_id: number }> | null };
    };
    const admin = await flagsAs(DEMO_ACCOUNTS.Administrator);
    const parent = await flagsAs(DEMO_ACCOUNTS.Responsible);
    const teacher = await flagsAs(DEMO_ACCOUNTS.Teacher);
    // The classmate's free package, report and answer count for the school, not for the parent.
    expect([admin.isBonus, admin.studyReportCheck, admin.isPaid, admin.isNoReport]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([parent.isBonus, parent.studyReportCheck, parent.isPaid, parent.isNoReport]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(admin.attendance!.map((a) => a.student_id)).toEqual(
      [group.child, group.classmate].sort((x, y) => x - y),
    );
    expect(parent.attendance!.map((a) => a.student_id)).toEqual([group.child]);
    // The teacher read up to the parent's message and has not read since; the school's reply is
    // new to the parent; the administrator takes no part in the lesson.
    expect([teacher.hasUnreadMessages, parent.hasUnreadMessages, admin.hasUnreadMessages]).toEqual([
      false,
      true,
      false,
    ]);
  });
});
