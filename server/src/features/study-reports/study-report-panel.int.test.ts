import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PANEL_ROLES,
  startPanelsKit,
  type PanelRole,
  type PanelsKit,
} from '../study-tasks/study-panels.test-kit.js';

/**
 * Issue 14.3: the study report form (spec part 2 §2, §5: subject 5-255, content at least 170
 * characters), per role; no report while the study has a miss status (part 1 §4); a Responsible
 * reads their own children's reports with subject and content (part 1 §6); Previous Report; and
 * the calendar's report notices following the data.
 */
let kit: PanelsKit;
beforeAll(async () => {
  kit = await startPanelsKit();
});
afterAll(() => kit.close());

const CONTENT =
  'Учень уважно працював на занятті, виконав усі вправи з підручника та пояснив хід розв’язання. '.repeat(2);
const report = (studyId: number, userId: number, over: Record<string, unknown> = {}) => ({
  study_id: studyId,
  user_id: userId,
  subject: 'Дроби та відсотки',
  content: CONTENT,
  ...over,
});
const reportsOf = (studyId: number) =>
  kit.srv
    .knex('study_reports')
    .where({ study_id: studyId })
    .orderBy('id')
    .select('user_id', 'subject', 'created_by');

describe('writing a report', () => {
  it('Administrator, Manager, Teacher and Methodologist may (create study_report); Student and Responsible may not', async () => {
    const expected: Record<PanelRole, number> = {
      Administrator: 201,
      Manager: 201,
      Teacher: 201,
      Methodologist: 201,
      Student: 403,
      Responsible: 403,
      OtherResponsible: 403,
    };
    for (const role of PANEL_ROLES) {
      // One report per student and lesson: each role writes on a lesson of its own.
      const study = await kit.newStudy([kit.ids.teacher, kit.ids.methodologist, kit.ids.student]);
      const res = await kit.as[role].post('/api/study_reports', report(study, kit.ids.student));
      expect([role, res.status]).toEqual([role, expected[role]]);
      expect((await reportsOf(study)).length).toBe(expected[role] === 201 ? 1 : 0);
    }
  });

  it('subject 5 to 255 characters, content at least 170: 422 field errors in the user’s language', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['short subject', { subject: 'Дроб' }, ['subject']],
      ['long subject', { subject: 'т'.repeat(256) }, ['subject']],
      ['short content', { content: 'к'.repeat(169) }, ['content']],
      ['blank', { subject: '     ', content: ' '.repeat(200) }, ['content', 'subject']],
    ];
    for (const lang of ['uk', 'ru', 'en']) {
      kit.as.Teacher.lang = lang;
      for (const [label, over, fields] of cases) {
        const res = await kit.as.Teacher.post('/api/study_reports', report(study, kit.ids.student, over));
        expect([lang, label, res.status, Object.keys(res.body.errors ?? {}).sort()]).toEqual([
          lang,
          label,
          422,
          fields,
        ]);
      }
    }
    kit.as.Teacher.lang = 'ru';
    const ru = await kit.as.Teacher.post(
      '/api/study_reports',
      report(study, kit.ids.student, { content: 'к'.repeat(169) }),
    );
    expect(ru.body.errors.content[0]).toMatch(/170/);
    expect(ru.body.errors.content[0]).toMatch(/[а-я]/);
    kit.as.Teacher.lang = 'uk';
    expect(await reportsOf(study)).toEqual([]);
    // The limits themselves pass.
    const edge = await kit.as.Teacher.post(
      '/api/study_reports',
      report(study, kit.ids.student, { subject: 'т'.repeat(5), content: 'к'.repeat(170) }),
    );
    expect(edge.status, edge.text).toBe(201);
    const max = await kit.as.Teacher.patch(`/api/study_reports/${edge.body.data.id}`, {
      subject: 'т'.repeat(255),
    });
    expect(max.status).toBe(200);
  });

  it('is refused while the study has a miss status, with the spec’s message; writing resumes once it is cleared', async () => {
    for (const missStatus of [1, 2]) {
      const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
      await kit.srv.knex('studies').where({ id: study }).update({ miss_status: missStatus });
      for (const [lang, message] of [
        ['en', 'Cannot write report when miss status is set'],
        ['uk', expect.stringMatching(/звіт/i)],
        ['ru', expect.stringMatching(/отч[её]т/i)],
      ] as const) {
        kit.as.Teacher.lang = lang;
        const res = await kit.as.Teacher.post('/api/study_reports', report(study, kit.ids.student));
        expect([missStatus, lang, res.status, res.body.message, res.body.errors?.study_id]).toEqual([
          missStatus,
          lang,
          422,
          message,
          [message],
        ]);
      }
      kit.as.Teacher.lang = 'uk';
      for (const role of ['Administrator', 'Manager'] as const) {
        expect((await kit.as[role].post('/api/study_reports', report(study, kit.ids.student))).status).toBe(
          422,
        );
      }
      expect(await reportsOf(study)).toEqual([]);
      await kit.srv.knex('studies').where({ id: study }).update({ miss_status: 0 });
      expect((await kit.as.Teacher.post('/api/study_reports', report(study, kit.ids.student))).status).toBe(
        201,
      );
    }
  });

  it('an existing report cannot be edited once a miss status is set', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const made = await kit.as.Teacher.post('/api/study_reports', report(study, kit.ids.student));
    expect(made.status).toBe(201);
    const set = await kit.as.Teacher.post(
      `/api/studies/${study}`,
      new URLSearchParams({ _method: 'patch', miss_status: '1' }),
    );
    expect(set.status, set.text).toBe(200);
    const edit = await kit.as.Teacher.patch(`/api/study_reports/${made.body.data.id}`, {
      subject: 'Нова тема уроку',
    });
    expect(edit.status).toBe(422);
    expect((await reportsOf(study))[0].subject).toBe('Дроби та відсотки');
  });
});

describe('reading reports', () => {
  let groupReports: { mine: number; theirs: number };
  beforeAll(async () => {
    const mine = await kit.as.Teacher.post('/api/study_reports', report(kit.group, kit.ids.student));
    const theirs = await kit.as.Teacher.post(
      '/api/study_reports',
      report(kit.group, kit.ids.otherChild, { subject: 'Інша тема' }),
    );
    groupReports = { mine: mine.body.data.id, theirs: theirs.body.data.id };
  });

  it("the modal's call (select[]=user_id, id, and subject, content for a Responsible) answers each role its share", async () => {
    const url = `/api/study_reports?filter[study_id]=${kit.group}&select[]=user_id&select[]=id&select[]=subject&select[]=content`;
    const expected: Record<PanelRole, number[] | 403> = {
      Administrator: [groupReports.theirs, groupReports.mine],
      Manager: [groupReports.theirs, groupReports.mine],
      Teacher: [groupReports.theirs, groupReports.mine],
      Methodologist: [],
      // Part 2 §6: a Student has no read on study_report.
      Student: 403,
      Responsible: [groupReports.mine],
      OtherResponsible: [groupReports.theirs],
    };
    for (const role of PANEL_ROLES) {
      const res = await kit.as[role].get(url);
      if (expected[role] === 403) {
        expect([role, res.status]).toEqual([role, 403]);
        continue;
      }
      expect([role, res.status, (res.body.data as Array<{ id: number }>).map((r) => r.id)]).toEqual([
        role,
        200,
        expected[role],
      ]);
    }
    const parent = (await kit.as.Responsible.get(url)).body.data[0];
    expect(parent).toEqual({
      user_id: kit.ids.student,
      id: groupReports.mine,
      subject: 'Дроби та відсотки',
      content: CONTENT.trim(),
    });
  });

  it('Previous Report: the latest earlier report about the student, for who may write reports', async () => {
    const earlier = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    await kit.srv
      .knex('studies')
      .where({ id: earlier })
      .update({ start: new Date('2003-05-01T10:00:00Z'), end: new Date('2003-05-01T11:00:00Z') });
    await kit.as.Teacher.post(
      '/api/study_reports',
      report(earlier, kit.ids.student, { subject: 'Попередня тема' }),
    );
    const later = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const url = `/api/studies/${later}/users/${kit.ids.student}/previous-report`;
    for (const role of ['Administrator', 'Manager', 'Teacher'] as const) {
      const res = await kit.as[role].get(url);
      expect([role, res.status]).toEqual([role, 200]);
      expect(res.body.data).toMatchObject({
        subject: expect.any(String),
        content: expect.any(String),
        user_id: kit.ids.student,
      });
    }
    expect((await kit.as.Teacher.get(url)).body.data.subject).not.toBe('Інша тема');
    for (const role of ['Student', 'Responsible', 'OtherResponsible'] as const) {
      expect([role, (await kit.as[role].get(url)).status]).toEqual([role, 403]);
    }
    // Not in that lesson: the methodologist does not see it.
    expect((await kit.as.Methodologist.get(url)).status).toBe(404);
  });
});

describe("the calendar's report notices follow the data", () => {
  const calendarOf = async (studyId: number) => {
    const list = await kit.as.Teacher.get(
      `/api/studies?with[]=users&with[]=users.classes&with[]=reports&withFilter[users.id]=${kit.ids.teacher}&filter[id]=${studyId}`,
    );
    const flags = await kit.as.Teacher.get(
      `/api/studies?select[]=id&select[]=start&select[]=type_id&select[]=isPaid&select[]=isLast&select[]=studyReportCheck&select[]=isBonus&select[]=isNoReport&withCount[]=recordings&filter[id]=${studyId}`,
    );
    expect([list.status, flags.status]).toEqual([200, 200]);
    return { study: list.body.data[0], flags: flags.body.data[0] };
  };

  it('no report: isNoReport until every student has one; studyReportCheck once any has; the report subject (topic) is answered', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student, kit.ids.otherChild]);
    let seen = await calendarOf(study);
    expect(seen.flags).toMatchObject({ studyReportCheck: false, isNoReport: true });
    await kit.as.Teacher.post('/api/study_reports', report(study, kit.ids.student));
    seen = await calendarOf(study);
    expect(seen.flags).toMatchObject({ studyReportCheck: true, isNoReport: true });
    expect(
      seen.study.reports.map((r: { user_id: number; subject: string }) => [r.user_id, r.subject]),
    ).toEqual([[kit.ids.student, 'Дроби та відсотки']]);
    await kit.as.Teacher.post('/api/study_reports', report(study, kit.ids.otherChild));
    seen = await calendarOf(study);
    expect(seen.flags).toMatchObject({ studyReportCheck: true, isNoReport: false });
  });

  it('a miss status takes the missing-report notice away (no report can be written then)', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    expect((await calendarOf(study)).flags.isNoReport).toBe(true);
    await kit.as.Teacher.post(
      `/api/studies/${study}`,
      new URLSearchParams({ _method: 'patch', miss_status: '1' }),
    );
    expect((await calendarOf(study)).flags).toMatchObject({ isNoReport: false, studyReportCheck: false });
  });
});
