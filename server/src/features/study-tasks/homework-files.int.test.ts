import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  homeworkForm,
  PANEL_ROLES,
  startPanelsKit,
  storedFiles,
  type PanelRole,
  type PanelsKit,
} from './study-panels.test-kit.js';

/**
 * Issue 14.1: the homework list (`GET api/study_tasks?filter[study_id]`), download
 * (`GET /api/study_tasks/{id}/download`) and delete (`DELETE api/study_tasks/{id}`), per role,
 * on a group lesson of two families (spec part 2 §6: only to the student, their Responsible, staff).
 */
let kit: PanelsKit;
/** Homework in kit.group: uploaded by the teacher for student@ and for the other child, and by student@. */
let forChild: number;
let forOther: number;
let byChild: number;

const pdf = (text: string) => `%PDF-1.4\n${text}\n%%EOF\n`;

async function uploadAs(
  role: PanelRole,
  studyId: number,
  name: string,
  content: string,
  userId?: number,
): Promise<number> {
  const form = homeworkForm([{ name, bytes: pdf(content) }], userId ? { user_id: String(userId) } : {});
  const res = await kit.as[role].post(`/api/studies/${studyId}`, form);
  expect(res.status, res.text).toBe(200);
  const row = await kit.srv
    .knex('study_tasks')
    .where({ study_id: studyId, file_name: name })
    .orderBy('id', 'desc')
    .first('id');
  return row.id as number;
}

const listIds = async (role: PanelRole, studyId: number) => {
  const res = await kit.as[role].get(`/api/study_tasks?filter[study_id]=${studyId}`);
  return {
    status: res.status,
    ids: res.status === 200 ? (res.body.data as Array<{ id: number }>).map((t) => t.id) : [],
  };
};

beforeAll(async () => {
  kit = await startPanelsKit();
  forChild = await uploadAs('Teacher', kit.group, 'Завдання на тиждень.pdf', 'child', kit.ids.student);
  forOther = await uploadAs('Teacher', kit.group, 'other.pdf', 'other', kit.ids.otherChild);
  byChild = await uploadAs('Student', kit.group, 'моя відповідь.pdf', 'answer');
});
afterAll(() => kit.close());

describe('the homework list of a study', () => {
  it('shows each role what it may see: the student theirs, a parent their child’s, staff all', async () => {
    const all = [byChild, forOther, forChild];
    const expected: Record<PanelRole, number[]> = {
      Administrator: all,
      Manager: all,
      Teacher: all,
      // Not a participant of this lesson: a teaching role sees the homework of its own lessons only.
      Methodologist: [],
      Student: [byChild, forChild],
      Responsible: [byChild, forChild],
      OtherResponsible: [forOther],
    };
    for (const role of PANEL_ROLES) {
      const { status, ids } = await listIds(role, kit.group);
      expect([role, status, ids]).toEqual([role, 200, expected[role]]);
    }
  });

  it('answers the spec’s fields (id, user_id, creator_id, file_name, file_mime) and never the storage key', async () => {
    const res = await kit.as.Responsible.get(`/api/study_tasks?filter[study_id]=${kit.group}`);
    const row = res.body.data.find((t: { id: number }) => t.id === forChild);
    expect(row).toMatchObject({
      id: forChild,
      study_id: kit.group,
      user_id: kit.ids.student,
      creator_id: kit.ids.teacher,
      file_name: 'Завдання на тиждень.pdf',
      file_mime: 'application/pdf',
    });
    expect('storage_key' in row).toBe(false);
  });
});

describe('GET /api/study_tasks/{id}/download', () => {
  it('sends the file with its UTF-8 name and stored type to who may read it, 404 to others', async () => {
    const allowed: PanelRole[] = ['Administrator', 'Manager', 'Teacher', 'Student', 'Responsible'];
    for (const role of allowed) {
      const res = await kit.as[role].get(`/api/study_tasks/${forChild}/download`);
      expect([role, res.status]).toEqual([role, 200]);
      expect(res.text).toBe(pdf('child'));
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="________ __ _______.pdf"; filename*=UTF-8''${encodeURIComponent('Завдання на тиждень.pdf')}`,
      );
    }
    for (const role of ['Methodologist', 'OtherResponsible'] as const) {
      expect([role, (await kit.as[role].get(`/api/study_tasks/${forChild}/download`)).status]).toEqual([
        role,
        404,
      ]);
    }
    // A classmate's homework in the same lesson stays the classmate's.
    expect((await kit.as.Student.get(`/api/study_tasks/${forOther}/download`)).status).toBe(404);
    expect((await kit.as.OtherResponsible.get(`/api/study_tasks/${forOther}/download`)).status).toBe(200);
    expect((await kit.as.Teacher.get('/api/study_tasks/999999/download')).status).toBe(404);
  });

  it('a row whose file is gone is a 404 with its own message', async () => {
    const id = await uploadAs('Teacher', kit.solo, 'lost.pdf', 'lost');
    const key = (await kit.srv.knex('study_tasks').where({ id }).first('storage_key')).storage_key as string;
    await kit.srv
      .knex('study_tasks')
      .where({ id })
      .update({ storage_key: `${key}-missing` });
    const res = await kit.as.Teacher.get(`/api/study_tasks/${id}/download`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Файл домашнього завдання більше не зберігається.');
  });
});

describe('DELETE api/study_tasks/{id}', () => {
  it('the uploader removes their own file; a student or parent not the uploader may not; the file leaves storage', async () => {
    const own = await uploadAs('Student', kit.group, 'чернетка.pdf', 'draft');
    const keyOf = async (id: number) =>
      (await kit.srv.knex('study_tasks').where({ id }).first('storage_key'))?.storage_key as
        string | undefined;
    const key = (await keyOf(own))!;
    expect(await storedFiles(kit)).toContain(key.replace('homework/', ''));
    // The parent did not upload it and may not delete homework.
    expect((await kit.as.Responsible.delete(`/api/study_tasks/${own}`)).status).toBe(403);
    expect((await kit.as.OtherResponsible.delete(`/api/study_tasks/${own}`)).status).toBe(404);
    expect((await kit.as.Student.delete(`/api/study_tasks/${forChild}`)).status).toBe(403);
    expect((await kit.as.Student.delete(`/api/study_tasks/${own}`)).status).toBe(204);
    expect(await keyOf(own)).toBeUndefined();
    expect(await storedFiles(kit)).not.toContain(key.replace('homework/', ''));

    const parents = await uploadAs('Responsible', kit.group, 'від батьків.pdf', 'parent');
    expect((await kit.as.Student.delete(`/api/study_tasks/${parents}`)).status).toBe(403);
    expect((await kit.as.Responsible.delete(`/api/study_tasks/${parents}`)).status).toBe(204);
  });

  it('who may delete study_task removes any homework they can see; a methodologist not in the lesson 404', async () => {
    const ids = await Promise.all(['a', 'b', 'c'].map((n) => uploadAs('Student', kit.group, `${n}.pdf`, n)));
    expect((await kit.as.Methodologist.delete(`/api/study_tasks/${ids[0]}`)).status).toBe(404);
    expect((await kit.as.Teacher.delete(`/api/study_tasks/${ids[0]}`)).status).toBe(204);
    expect((await kit.as.Manager.delete(`/api/study_tasks/${ids[1]}`)).status).toBe(204);
    // A form client sends DELETE as POST with _method=delete.
    const form = new URLSearchParams({ _method: 'delete' });
    expect((await kit.as.Administrator.post(`/api/study_tasks/${ids[2]}`, form)).status).toBe(204);
    expect(await kit.srv.knex('study_tasks').whereIn('id', ids).pluck('id')).toEqual([]);
    // In a lesson of their own, the methodologist may.
    const mine = await uploadAs('Student', kit.solo, 'm.pdf', 'm');
    expect((await kit.as.Methodologist.delete(`/api/study_tasks/${mine}`)).status).toBe(204);
  });
});
