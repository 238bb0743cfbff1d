import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { startKit, type Kit } from '../resources/resource.test-kit.js';

/** Issue 10.7: a report is about a Student participant of its study, on create and on update. */
let kit: Kit;
/** A child of the demo parent the demo teacher teaches, and a study of that teacher without them. */
let child: number;
let foreignStudy: number;
/** A study of the teacher with its student participant. */
let ownStudy: { id: number; student: number };

const content = 'Учень добре працював на занятті. '.repeat(6);
const report = (studyId: number, userId: number) => ({
  study_id: studyId,
  user_id: userId,
  subject: 'Тема заняття',
  content,
});
const asForm = (body: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));

beforeAll(async () => {
  kit = await startKit();
  const k = kit.srv.knex;
  const teacherStudies = k('study_user').where('user_id', kit.ids.teacher).select('study_id');
  const taught = await k('study_user')
    .whereIn('study_id', teacherStudies)
    .whereIn('user_id', kit.ids.children)
    .where('role_id', ROLE.Student)
    .first('user_id');
  child = taught.user_id;
  const without = await k('study_user as t')
    .where('t.user_id', kit.ids.teacher)
    .whereNotExists(k('study_user as c').whereRaw('c.study_id = t.study_id').where('c.user_id', child))
    .join('study_user as s', (j) => j.on('s.study_id', 't.study_id').andOnVal('s.role_id', ROLE.Student))
    // A miss status blocks reports before the student check (spec part 1 §4): take a study without one.
    .join('studies as st', (j) => j.on('st.id', 't.study_id').andOnVal('st.miss_status', 0))
    // One report per student and study: take a student not reported on yet.
    .whereNotExists(k('study_reports as r').whereRaw('r.study_id = s.study_id AND r.user_id = s.user_id'))
    .first('t.study_id', 's.user_id');
  foreignStudy = without.study_id;
  ownStudy = { id: without.study_id, student: without.user_id };
});
afterAll(() => kit.srv.close());

const reportsAbout = (studyId: number, userId: number) =>
  kit.srv
    .knex('study_reports')
    .where({ study_id: studyId, user_id: userId })
    .count<{ count: string }[]>('* as n');

describe('a report about someone who is not a student of the study', () => {
  it("is refused (422 on user_id), nothing is written, and the child's parent reads nothing", async () => {
    const [before] = await reportsAbout(foreignStudy, child);
    kit.as.Teacher.lang = 'en';
    const res = await kit.as.Teacher.post('/api/study_reports', report(foreignStudy, child));
    kit.as.Teacher.lang = 'uk';
    expect(res.status).toBe(422);
    expect(res.body.errors.user_id).toEqual(['This user is not a student of this study.']);
    expect(await reportsAbout(foreignStudy, child)).toEqual([before]);
    const parentView = await kit.as.Responsible.get(
      `/api/study_reports?filter[study_id]=${foreignStudy}&select[]=id&select[]=user_id`,
    );
    expect(parentView.body.data.data ?? parentView.body.data).toEqual([]);
  });

  it('is refused for the teacher of the study (a participant, not a student), also from a Manager and a form body', async () => {
    const teacher = await kit.as.Teacher.post(
      '/api/study_reports',
      asForm(report(ownStudy.id, kit.ids.teacher)),
    );
    expect(teacher.status).toBe(422);
    expect(teacher.body.errors.user_id).toHaveLength(1);
    const manager = await kit.as.Manager.post('/api/study_reports', report(foreignStudy, child));
    expect(manager.status).toBe(422);
  });

  it('an existing report cannot be moved to another student or another study', async () => {
    const made = await kit.as.Teacher.post('/api/study_reports', report(ownStudy.id, ownStudy.student));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as number;
    const toChild = await kit.as.Teacher.patch(`/api/study_reports/${id}`, { user_id: child });
    expect(toChild.status).toBe(422);
    expect(toChild.body.errors.user_id).toHaveLength(1);
    const otherStudy = await kit.srv
      .knex('study_user as t')
      .where('t.user_id', kit.ids.teacher)
      .whereNotExists(
        kit.srv
          .knex('study_user as c')
          .whereRaw('c.study_id = t.study_id')
          .where('c.user_id', ownStudy.student),
      )
      .first('t.study_id');
    const toStudy = await kit.as.Manager.post(
      `/api/study_reports/${id}`,
      asForm({ _method: 'patch', study_id: otherStudy.study_id }),
    );
    expect(toStudy.status).toBe(422);
    expect(await kit.srv.knex('study_reports').where({ id }).first('study_id', 'user_id')).toEqual({
      study_id: ownStudy.id,
      user_id: ownStudy.student,
    });
    // Editing the text of a valid report is unaffected.
    expect(
      (await kit.as.Teacher.patch(`/api/study_reports/${id}`, { subject: 'Нова тема заняття' })).status,
    ).toBe(200);
  });
});
