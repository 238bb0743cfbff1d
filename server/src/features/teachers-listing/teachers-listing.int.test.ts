import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { availableWorkperiods } from './available-workperiods.js';

/**
 * The teachers listing (spec part 2 §2): `GET api/teachers with withFilter[user.active]=1` and its
 * filters, each checked against the same question asked in plain SQL on the demo school; and the
 * week calendars (`available_workperiods`) as a selectable attribute of the list.
 */

let srv: TestServer;
let admin: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
});
afterAll(() => srv?.close());

const enc = encodeURIComponent;

async function listed(query: string): Promise<number[]> {
  const res = await admin.get(
    `/api/teachers?withFilter[user.active]=1&select[]=id&perpage=100&page=1&${query}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((t: { id: number }) => t.id).sort((a: number, b: number) => a - b);
}

async function expected(where: string, bindings: unknown[] = []): Promise<number[]> {
  const res = await srv.knex.raw(
    `SELECT t.id FROM teachers t JOIN users u ON u.id = t.user_id WHERE u.active AND (${where}) ORDER BY t.id`,
    bindings as never[],
  );
  return res.rows.map((r: { id: number }) => r.id);
}

/** A value some active teachers have and some do not: a filter that really filters. */
async function discriminating(sql: string): Promise<number> {
  const res = await srv.knex.raw(
    `SELECT v FROM (${sql}) x GROUP BY v
      HAVING count(DISTINCT tid) > 0 AND count(DISTINCT tid) < (SELECT count(*) FROM teachers t JOIN users u ON u.id = t.user_id WHERE u.active)
      ORDER BY count(DISTINCT tid) DESC, v LIMIT 1`,
  );
  expect(res.rows.length, sql).toBe(1);
  return res.rows[0].v;
}

describe('GET api/teachers filters (spec part 2 §2)', () => {
  it('priority 1, 2, 3 (the default checkboxes) and 99', async () => {
    const def = await listed('filter[priority]=1|2|3');
    expect(def).toEqual(await expected('t.priority IN (1, 2, 3)'));
    expect(def.length).toBeGreaterThan(0);
    expect(await listed('filter[priority]=99')).toEqual(await expected('t.priority = 99'));
  });

  it('name (user.full_name), sex', async () => {
    const { full_name: name } = (
      await srv.knex.raw(
        `SELECT u.full_name FROM teachers t JOIN users u ON u.id = t.user_id WHERE u.active ORDER BY t.id LIMIT 1`,
      )
    ).rows[0];
    const part = name.split(' ')[0].slice(1, 4);
    expect(await listed(`withFilter[user.full_name]=${enc(`%${part}%`)}`)).toEqual(
      await expected('u.full_name ILIKE ?', [`%${part}%`]),
    );
    for (const sex of [1, 2])
      expect(await listed(`filter[sex]=${sex}`)).toEqual(await expected('t.sex = ?', [sex]));
  });

  const pivots: Array<[label: string, param: string, sql: string]> = [
    [
      'classes',
      'classes.id',
      'SELECT t.id AS tid, x.classification_id AS v FROM teachers t JOIN classification_user x ON x.user_id = t.user_id',
    ],
    [
      'formats',
      'teaching_formats.id',
      'SELECT teacher_id AS tid, teaching_format_id AS v FROM teacher_teaching_format',
    ],
    [
      'programs',
      'teaching_programs.id',
      'SELECT teacher_id AS tid, teaching_program_id AS v FROM teacher_teaching_program',
    ],
    [
      'styles',
      'teaching_styles.id',
      'SELECT teacher_id AS tid, teaching_style_id AS v FROM teacher_teaching_style',
    ],
    [
      'study types',
      'teaching_study_types.id',
      'SELECT teacher_id AS tid, study_type_id AS v FROM teacher_study_type',
    ],
    [
      'durations',
      'study_durations.id',
      'SELECT teacher_id AS tid, study_duration_id AS v FROM teacher_study_duration',
    ],
  ];

  it.each(pivots)('%s', async (_label, param, sql) => {
    const value = await discriminating(sql);
    const want = await expected(`t.id IN (SELECT tid FROM (${sql}) x WHERE v = ?)`, [value]);
    expect(await listed(`withFilter[${param}]=${value}`)).toEqual(want);
  });

  it('languages by code, several filters together', async () => {
    const code = (
      await srv.knex.raw(
        `SELECT l.code FROM language_user lu JOIN languages l ON l.id = lu.language_id JOIN teachers t ON t.user_id = lu.user_id GROUP BY l.code ORDER BY count(*) DESC, l.code LIMIT 1`,
      )
    ).rows[0].code;
    const byCode = `t.user_id IN (SELECT lu.user_id FROM language_user lu JOIN languages l ON l.id = lu.language_id WHERE l.code = ?)`;
    expect(await listed(`withFilter[languages.code]=${code}`)).toEqual(await expected(byCode, [code]));
    expect(await listed(`withFilter[languages.code]=${code}&filter[priority]=1|2|3&filter[sex]=2`)).toEqual(
      await expected(`${byCode} AND t.priority IN (1, 2, 3) AND t.sex = 2`, [code]),
    );
  });
});

describe('available_workperiods on the list', () => {
  it('select[]=available_workperiods answers each teacher’s week, as the dedicated endpoint does', async () => {
    const res = await admin.get(
      '/api/teachers?withFilter[user.active]=1&select[]=id&select[]=user_id&select[]=available_workperiods&with[]=user&perpage=100&page=1',
    );
    expect(res.status, res.text).toBe(200);
    const rows: Array<{ user_id: number; available_workperiods: unknown[] }> = res.body.data;
    const direct = await availableWorkperiods(
      srv.knex,
      rows.map((r) => r.user_id),
    );
    for (const row of rows) expect(row.available_workperiods).toEqual(direct[row.user_id]);
    // The demo teachers work every week: most have periods, each with start, end and the count.
    expect(rows.filter((r) => r.available_workperiods.length > 0).length).toBeGreaterThan(rows.length / 2);
    for (const p of rows.flatMap((r) => r.available_workperiods)) {
      expect(p).toEqual({
        start: expect.stringMatching(/\+0[23]:00$/),
        end: expect.any(String),
        futureStudiesCount: expect.any(Number),
      });
    }
    expect(
      rows.some((r) =>
        r.available_workperiods.some((p) => (p as { futureStudiesCount: number }).futureStudiesCount > 0),
      ),
    ).toBe(true);
  });
});
