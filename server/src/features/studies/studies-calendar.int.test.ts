import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';

/**
 * The calendar's studies call (spec part 1 §7; desktop calendar-api.ts): one user's studies from a
 * date. The engine repeats the date condition on study_user.period inside the withFilter EXISTS
 * (studies.sql.ts pivotMirrors) so one index answers it; the rows must be exactly those of the
 * plain question.
 */

let srv: TestServer;
let admin: TestClient;
let teacher: number;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
  teacher = (await srv.knex('users').where('email', 'teacher@example.com').first('id')).id;
});
afterAll(() => srv?.close());

async function handIds(sql: string, bindings: unknown[]): Promise<number[]> {
  return (await srv.knex.raw(sql, bindings as never[])).rows
    .map((r: { id: number }) => r.id)
    .sort((a: number, b: number) => a - b);
}

describe('a user’s studies from a date', () => {
  it('answers exactly the user’s studies from that date, and the SQL bounds the participations by the date', async () => {
    const from = calendarWindows(Date.now()).studiesFrom;
    const sqls: string[] = [];
    const listener = (q: { sql: string }) => sqls.push(q.sql);
    srv.knex.on('query', listener);
    const res = await admin.get(
      `/api/studies?with[]=users&with[]=users.classes&with[]=reports&withFilter[users.id]=${teacher}&select[]=id&select[]=start&select[]=isPaid&withCount[]=recordings&filterDatesStart[start]=${encodeURIComponent(toKyivIso(from))}`,
    );
    srv.knex.off('query', listener);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b);
    const want = await handIds(
      'SELECT s.id FROM studies s WHERE s.start >= ? AND EXISTS (SELECT 1 FROM study_user su WHERE su.study_id = s.id AND su.user_id = ?)',
      [new Date(from), teacher],
    );
    expect(want.length).toBeGreaterThan(5);
    expect(ids).toEqual(want);
    expect(res.body.meta.total).toBe(want.length);
    const page = sqls.find((s) => /"w0_1_p"/.test(s));
    expect(page).toMatch(/lower\("?w0_1_p"?\.period\)/);
  });

  it('also for a day filter, an end filter and through the packages relation', async () => {
    const day = (
      await srv.knex.raw(
        `SELECT to_char(s.start AT TIME ZONE '${TIME_ZONE}', 'YYYY-MM-DD') AS d FROM studies s JOIN study_user su ON su.study_id = s.id WHERE su.user_id = ? ORDER BY s.start DESC LIMIT 1 OFFSET 3`,
        [teacher],
      )
    ).rows[0].d as string;
    const byDay = await admin.get(
      `/api/studies?withFilter[users.id]=${teacher}&filter[start]=${day}&select[]=id`,
    );
    const wantDay = await handIds(
      `SELECT s.id FROM studies s WHERE (s.start AT TIME ZONE '${TIME_ZONE}')::date = ?::date AND EXISTS (SELECT 1 FROM study_user su WHERE su.study_id = s.id AND su.user_id = ?)`,
      [day, teacher],
    );
    expect(wantDay.length).toBeGreaterThan(0);
    expect(byDay.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(
      wantDay,
    );

    const sub = (await srv.knex('study_user').whereNotNull('subscription_id').first('subscription_id'))
      .subscription_id;
    const since = '2000-01-01';
    const viaPackage = await admin.get(
      `/api/studies?withFilter[subscriptions.id]=${sub}&filterDatesStart[end]=${since}&select[]=id`,
    );
    const wantPackage = await handIds(
      'SELECT DISTINCT study_id AS id FROM study_user WHERE subscription_id = ?',
      [sub],
    );
    expect(
      viaPackage.body.data.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b),
    ).toEqual(wantPackage);
  });
});

describe("a family's flags of a group lesson (issue 27, point 2)", () => {
  const FLAGS = ['isPaid', 'isLast', 'isBonus', 'studyReportCheck', 'isNoReport', 'isFullStudyReportNeeded'];
  let parent: TestClient;
  let child: number;
  let classmate: number;
  let lessons: { childFree: number; classmateFree: number; ended: number };

  beforeAll(async () => {
    const k = srv.knex;
    parent = await srv.signInAs('Responsible');
    const parentId = (await k('users').where('email', 'parent@example.com').first('id')).id;
    child = (await k('users').where('email', 'student@example.com').first('id')).id;
    const family = (await k('user_responsibles').where('responsible_id', parentId).select('child_id')).map(
      (r) => r.child_id,
    );
    classmate = (await k('users').where('role_id', 4).whereNotIn('id', family).orderBy('id').first('id')).id;
    const pkg = async (student: number, price: number) => {
      const [c] = await k('contracts').insert({ student_id: student, payer_id: student }).returning('id');
      return (
        await k('subscriptions').insert({ contract_id: c.id, price_per_study: price }).returning('id')
      )[0].id as number;
    };
    const lesson = async (start: string, on: Array<[number, number]>) => {
      const [s] = await k('studies')
        .insert({ start, end: new Date(Date.parse(start) + 3_600_000) })
        .returning('id');
      await k('study_user').insert({ study_id: s.id, user_id: teacher });
      for (const [user, sub] of on)
        await k('study_user').insert({ study_id: s.id, user_id: user, subscription_id: sub });
      return s.id as number;
    };
    // The child on a free package, the classmate on an unpaid one, and only the classmate has a report.
    const childFree = await lesson('2033-03-07T10:00:00Z', [
      [child, await pkg(child, 0)],
      [classmate, await pkg(classmate, 20000)],
    ]);
    await k('study_reports').insert({
      study_id: childFree,
      user_id: classmate,
      created_by: teacher,
      subject: 'Тема',
      content: 'x'.repeat(170),
    });
    // The child's unpaid package goes on after it; the classmate's free one ends with it.
    const childUnpaid = await pkg(child, 20000);
    const classmateFree = await lesson('2033-03-14T10:00:00Z', [
      [child, childUnpaid],
      [classmate, await pkg(classmate, 0)],
    ]);
    await lesson('2033-03-21T10:00:00Z', [[child, childUnpaid]]);
    // An ended lesson: the child's report is written, the classmate's is not.
    const ended = await lesson('2001-03-05T10:00:00Z', [
      [child, await pkg(child, 0)],
      [classmate, await pkg(classmate, 0)],
    ]);
    await k('study_reports').insert({
      study_id: ended,
      user_id: child,
      created_by: teacher,
      subject: 'Тема',
      content: 'x'.repeat(170),
    });
    lessons = { childFree, classmateFree, ended };
  });

  const flagsAs = async (client: TestClient) => {
    const ids = Object.values(lessons).join('|');
    const res = await client.get(
      `/api/studies?select[]=id&${FLAGS.map((f) => `select[]=${f}`).join('&')}&filter[id]=${ids}`,
    );
    expect(res.status).toBe(200);
    const by = new Map(res.body.data.map((r: { id: number }) => [r.id, r]));
    return Object.fromEntries(Object.entries(lessons).map(([name, id]) => [name, by.get(id)])) as Record<
      keyof typeof lessons,
      Record<string, boolean>
    >;
  };

  it('are computed over the lesson’s students the family may read, not the classmate’s', async () => {
    const family = await flagsAs(parent);
    expect(family.childFree).toMatchObject({ isPaid: true, studyReportCheck: false });
    expect(family.classmateFree).toMatchObject({
      isBonus: false,
      isLast: false,
      isFullStudyReportNeeded: false,
      isPaid: false,
    });
    expect(family.ended).toMatchObject({ isNoReport: false, studyReportCheck: true });
    // Staff see the lesson as a whole.
    const staff = await flagsAs(admin);
    expect(staff.childFree).toMatchObject({ isPaid: false, studyReportCheck: true });
    expect(staff.classmateFree).toMatchObject({ isBonus: true, isLast: true, isFullStudyReportNeeded: true });
    expect(staff.ended).toMatchObject({ isNoReport: true });
  });

  it("answer no probe of a classmate's report, and no students count or template fit to a family", async () => {
    const probe = (client: TestClient) =>
      client.get(`/api/studies?select[]=id&filter[studyReportCheck]=1&filter[id]=${lessons.childFree}`);
    expect((await probe(parent)).body.data).toEqual([]);
    expect((await probe(admin)).body.data.map((r: { id: number }) => r.id)).toEqual([lessons.childFree]);
    for (const name of ['students_count', 'is_off_template']) {
      expect(
        (await parent.get(`/api/studies?select[]=id&select[]=${name}&filter[id]=${lessons.childFree}`))
          .status,
      ).toBe(403);
      expect(
        (await parent.get(`/api/studies?select[]=id&filter[${name}]=1&filter[id]=${lessons.childFree}`))
          .status,
      ).toBe(403);
      expect(
        (await admin.get(`/api/studies?select[]=id&select[]=${name}&filter[id]=${lessons.childFree}`)).status,
      ).toBe(200);
    }
  });
});
