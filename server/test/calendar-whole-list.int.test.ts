import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@school/shared/api';
import { FULL_LIST_CAP, ROLE } from '@school/shared/domain';
import { fetchCalendarStudies } from '@school/desktop/src/renderer/src/kit/calendar-data/calendar-api';
import { fetchFamilyStudies } from '@school/family-web/src/features/calendar/calendar-api';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from './harness.test-kit.js';
import { sharedApiClientOf } from './shared-api-client.test-kit.js';
import type { TestClient } from './test-client.test-kit.js';

/**
 * A busy teacher's calendar holds more studies than one full-list answer (FULL_LIST_CAP): 60 days
 * back plus every lesson already planned ahead. Both apps' calendar calls, against the real server,
 * must still show every study, with its flags, in both apps.
 */
const STUDIES = FULL_LIST_CAP + 150;

let server: TestServer;
let teacherId: number;
let childId: number;
let studyIds: number[];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const { knex } = server;
  [{ id: teacherId }] = await knex('users')
    .insert({ role_id: ROLE.Teacher, firstname: 'Олена', surname: 'Зайнята', active: true })
    .returning('id');
  [{ id: childId }] = await knex('users')
    .insert({ role_id: ROLE.Student, firstname: 'Андрій', surname: 'Учень', active: true })
    .returning('id');
  const parent = await knex('users').where({ email: DEMO_ACCOUNTS.Responsible }).first('id');
  await knex('user_responsibles').insert({ responsible_id: parent.id, child_id: childId });
  // One lesson every 90 minutes from 50 days ago: about 70 days, all inside the calendar's window.
  const rows = await knex.raw<{ rows: Array<{ id: number }> }>(
    `INSERT INTO studies (start, "end", type_id, created_by)
     SELECT date_trunc('hour', now()) - interval '50 days' + g * interval '90 minutes',
            date_trunc('hour', now()) - interval '50 days' + g * interval '90 minutes' + interval '60 minutes', 1, NULL
     FROM generate_series(0, ? - 1) AS g
     RETURNING id`,
    [STUDIES],
  );
  studyIds = rows.rows.map((r) => r.id);
  await knex.raw(
    `INSERT INTO study_user (study_id, user_id, role_id)
     SELECT id, ?::int, ?::int FROM unnest(?::int[]) AS id UNION ALL SELECT id, ?::int, ?::int FROM unnest(?::int[]) AS id`,
    [teacherId, ROLE.Teacher, studyIds, childId, ROLE.Student, studyIds],
  );
  // The oldest lesson (in the second run of ids) gets a report: its flag and its relation must come.
  await knex('study_reports').insert({
    study_id: studyIds[0],
    user_id: childId,
    subject: 'Тема',
    content: 'Звіт',
  });
});

afterAll(async () => {
  await server?.close();
});

describe('a calendar with more studies than one answer holds', () => {
  it('one full-list call is cut at the cap: the server says how many match', async () => {
    const admin = await server.signInAs('Administrator');
    const res = await admin.get(`/api/studies?withFilter[users.id]=${teacherId}&select[]=id`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(FULL_LIST_CAP);
    expect(res.body.meta.total).toBe(STUDIES);
  });

  it('the staff calendar shows every study of the teacher once, newest first, each with its flags and report', async () => {
    const client = sharedApiClientOf(await server.signInAs('Administrator'));
    const studies = await fetchCalendarStudies(client, teacherId, Date.now());
    expect(studies.map((s) => s.id).sort((a, b) => a - b)).toEqual([...studyIds].sort((a, b) => a - b));
    const starts = studies.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    // Flags came for the oldest ones too (the second run of ids): none is left without them.
    expect(
      studies.every((s) => typeof s.isPaid === 'boolean' && typeof s.recordings_count === 'number'),
    ).toBe(true);
    const oldest = studies.find((s) => s.id === studyIds[0])!;
    expect(oldest.reports?.map((r) => r.subject)).toEqual(['Тема']);
    expect(oldest.studyReportCheck).toBe(true);
  });

  it("the family calendar shows the child's every study too", async () => {
    const client = sharedApiClientOf(await server.signInAs('Responsible'));
    const studies = await fetchFamilyStudies(client, childId, Date.now());
    expect(studies).toHaveLength(STUDIES);
    expect(new Set(studies.map((s) => s.id))).toEqual(new Set(studyIds));
  });
});

/** The apps' client on a session, recording each answer's status (what went over the wire). */
function recordingClient(session: TestClient, statuses: number[]) {
  const cookie = () => [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return createApiClient({
    baseUrl: session.baseUrl,
    getLanguage: () => 'uk',
    fetchImpl: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Cookie', cookie());
      const res = await fetch(input, { ...init, headers });
      statuses.push(res.status);
      return res;
    },
  });
}

describe('conditional lists and calendars patched by id (issue 32)', () => {
  it('a calendar read again unchanged costs 304s with the same studies; a change gets its 200', async () => {
    const statuses: number[] = [];
    const client = recordingClient(await server.signInAs('Administrator'), statuses);
    const first = await fetchCalendarStudies(client, teacherId, Date.now());
    expect(statuses.every((s) => s === 200)).toBe(true);
    statuses.length = 0;
    const again = await fetchCalendarStudies(client, teacherId, Date.now());
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((s) => s === 304)).toBe(true);
    expect(again).toEqual(first);

    const changed = studyIds[studyIds.length - 1];
    await server.knex('studies').where({ id: changed }).update({ comment: 'Змінено' });
    statuses.length = 0;
    const after = await fetchCalendarStudies(client, teacherId, Date.now());
    expect(statuses).toContain(200);
    expect(after.find((s) => s.id === changed)?.comment).toBe('Змінено');
  });

  it('a request naming another tag gets the whole answer, and so does a caller who may see other rows', async () => {
    const admin = await server.signInAs('Administrator');
    const url = `/api/studies?withFilter[users.id]=${teacherId}&select[]=id&select[]=comment`;
    const res = await admin.get(url);
    const etag = res.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await admin.get(url, { 'If-None-Match': etag })).status).toBe(304);
    expect((await admin.get(url, { 'If-None-Match': 'W/"other"' })).status).toBe(200);
    // Another teacher sees none of these studies: another body, so the tag is no use to them.
    const other = await server.signInAs('Teacher');
    const theirs = await other.get(url, { 'If-None-Match': etag });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
  });

  it('one study fetched by id, as a change asks for it, equals its row of the whole calendar; one gone is missing', async () => {
    const client = sharedApiClientOf(await server.signInAs('Administrator'));
    const whole = await fetchCalendarStudies(client, teacherId, Date.now());
    const [one] = await fetchCalendarStudies(client, teacherId, Date.now(), [studyIds[0]]);
    expect(one).toEqual(whole.find((s) => s.id === studyIds[0]));
    const [fam] = await fetchFamilyStudies(
      sharedApiClientOf(await server.signInAs('Responsible')),
      childId,
      Date.now(),
      undefined,
      [studyIds[1]],
    );
    expect(fam.id).toBe(studyIds[1]);
    // Moved out of the 60-day window: the calendar's call no longer answers it (the client removes it).
    await server
      .knex('studies')
      .where({ id: studyIds[2] })
      .update({
        start: new Date(Date.now() - 90 * 86_400_000),
        end: new Date(Date.now() - 90 * 86_400_000 + 3_600_000),
      });
    expect(await fetchCalendarStudies(client, teacherId, Date.now(), [studyIds[2]])).toEqual([]);
  });
});
