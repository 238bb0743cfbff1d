import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MAX } from '@school/shared/validation';
import {
  PANEL_ROLES,
  startPanelsKit,
  type PanelRole,
  type PanelsKit,
} from '../study-tasks/study-panels.test-kit.js';

/**
 * Issue 14.2: a study's chat per role (spec part 2 §2 "Study messages panel", §6, §7): the list
 * with each author's name and role, sending (never empty, at most TEXT_MAX.note characters, the
 * author is always the caller), deleting, and the calendar's unread flag.
 */
let kit: PanelsKit;
beforeAll(async () => {
  kit = await startPanelsKit();
});
afterAll(() => kit.close());

const send = (role: PanelRole, studyId: number, content: string, userId?: number) => {
  const form = new FormData();
  form.set('study_id', String(studyId));
  form.set('user_id', String(userId ?? kit.ids.admin));
  form.set('content', content);
  return kit.as[role].post('/api/study_messages', form);
};
const list = (role: PanelRole, studyId: number) =>
  kit.as[role].get(`/api/study_messages?with[]=user&filter[study_id]=${studyId}`);

describe('the chat of a group lesson of two families', () => {
  it('each participant side writes; everyone who sees the lesson reads every message with its author', async () => {
    const teacher = await send('Teacher', kit.group, 'Доброго дня! Домашнє завдання в файлі.');
    const student = await send('Student', kit.group, '  Дякую!  ');
    const otherParent = await send('OtherResponsible', kit.group, 'Ми сьогодні запізнимося.');
    for (const res of [teacher, student, otherParent]) expect(res.status, res.text).toBe(201);
    // The author is the caller whatever user_id the form carries; the text is trimmed.
    expect(student.body.data).toMatchObject({
      study_id: kit.group,
      user_id: kit.ids.student,
      content: 'Дякую!',
      created_at: expect.any(String),
    });
    expect(student.body.data.author).toMatchObject({
      id: kit.ids.student,
      full_name: expect.any(String),
      role: { name: 'Student' },
    });

    const expected = [
      [kit.ids.teacher, 'Teacher'],
      [kit.ids.student, 'Student'],
      [kit.ids.otherParent, 'Responsible'],
    ];
    const readers: PanelRole[] = [
      'Administrator',
      'Manager',
      'Teacher',
      'Student',
      'Responsible',
      'OtherResponsible',
    ];
    for (const role of readers) {
      const res = await list(role, kit.group);
      expect([role, res.status]).toEqual([role, 200]);
      const rows = res.body.data as Array<{
        user_id: number;
        author: { id: number; full_name: string; role: { name: string } };
        created_at: string;
      }>;
      expect([role, rows.map((m) => [m.author.id, m.author.role.name])]).toEqual([role, expected]);
      for (const m of rows) expect(m.author.full_name.length).toBeGreaterThan(0);
    }
    // A teaching role outside the lesson reads nothing of it.
    expect((await list('Methodologist', kit.group)).body.data).toEqual([]);
    // `with[]=user` keeps the spec's shape for the users the reader may read (the teacher, themself).
    const asStudent = (await list('Student', kit.group)).body.data;
    expect(asStudent[0].user).toMatchObject({
      id: kit.ids.teacher,
      full_name: expect.any(String),
      role: { name: 'Teacher' },
    });
  });

  it("another family's Responsible cannot write to or read a lesson of not their child", async () => {
    const res = await send('OtherResponsible', kit.solo, 'Привіт');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['study_id']);
    expect((await list('OtherResponsible', kit.solo)).body.data).toEqual([]);
    expect(await kit.srv.knex('study_messages').where({ study_id: kit.solo }).pluck('id')).toEqual([]);
  });
});

describe('what a message may be', () => {
  it('never empty or only spaces, at most TEXT_MAX.note characters; 422 in the caller’s language', async () => {
    for (const [lang, message] of [
      ['uk', 'Поле «текст» обов’язкове для заповнення.'],
      ['ru', 'Поле «текст» обязательно для заполнения.'],
    ] as const) {
      kit.as.Student.lang = lang;
      for (const content of ['', '   ', '\n\t ']) {
        const res = await send('Student', kit.solo, content);
        expect([lang, content, res.status, res.body.errors?.content]).toEqual([
          lang,
          content,
          422,
          [message],
        ]);
      }
    }
    kit.as.Student.lang = 'uk';
    const tooLong = await send('Student', kit.solo, 'я'.repeat(TEXT_MAX.note + 1));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.content).toHaveLength(1);
    expect((await send('Student', kit.solo, 'я'.repeat(TEXT_MAX.note))).status).toBe(201);
  });

  it('every role that sees the lesson may write; nobody else', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.methodologist, kit.ids.student]);
    const status: Record<PanelRole, number> = {
      Administrator: 201,
      Manager: 201,
      Teacher: 201,
      Methodologist: 201,
      Student: 201,
      Responsible: 201,
      OtherResponsible: 422,
    };
    for (const role of PANEL_ROLES)
      expect([role, (await send(role, study, `від ${role}`)).status]).toEqual([role, status[role]]);
  });
});

describe('deleting a message', () => {
  it('the author may, and who may delete study messages (Administrator, Manager); nobody else', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.methodologist, kit.ids.student]);
    const idOf = async (role: PanelRole) =>
      (await send(role, study, `повідомлення ${role}`)).body.data.id as number;
    const byStudent = await idOf('Student');
    for (const role of ['Teacher', 'Methodologist', 'Responsible'] as const) {
      expect([role, (await kit.as[role].delete(`/api/study_messages/${byStudent}`)).status]).toEqual([
        role,
        403,
      ]);
    }
    expect((await kit.as.OtherResponsible.delete(`/api/study_messages/${byStudent}`)).status).toBe(404);
    expect((await kit.as.Student.delete(`/api/study_messages/${byStudent}`)).status).toBe(204);
    for (const role of ['Teacher', 'Methodologist', 'Responsible'] as const) {
      const id = await idOf(role);
      expect([role, (await kit.as[role].delete(`/api/study_messages/${id}`)).status]).toEqual([role, 204]);
    }
    const byTeacher = await idOf('Teacher');
    expect((await kit.as.Manager.delete(`/api/study_messages/${byTeacher}`)).status).toBe(204);
    const again = await idOf('Teacher');
    expect((await kit.as.Administrator.delete(`/api/study_messages/${again}`)).status).toBe(204);
    expect(await kit.srv.knex('study_messages').where({ study_id: study }).pluck('id')).toEqual([]);
  });
});

describe('unread messages on the calendar (studies.hasUnreadMessages)', () => {
  const unread = async (role: PanelRole, studyId: number) => {
    const res = await kit.as[role].get(
      `/api/studies?select[]=id&select[]=hasUnreadMessages&filter[id]=${studyId}`,
    );
    expect(res.status, res.text).toBe(200);
    return (res.body.data as Array<{ hasUnreadMessages: boolean }>)[0]?.hasUnreadMessages;
  };
  const markRead = (role: PanelRole, studyId: number, body: Record<string, string> = {}) =>
    kit.as[role].post(`/api/studies/${studyId}/messages/read`, new URLSearchParams(body));

  it('marks the other side’s new messages until each reader marks the chat read', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    for (const role of ['Teacher', 'Student', 'Responsible', 'Administrator'] as const)
      expect([role, await unread(role, study)]).toEqual([role, false]);

    const first = (await send('Teacher', study, 'Не забудь зошит')).body.data.id as number;
    // The family side sees it; the author does not; staff outside the lesson are not a side.
    expect([await unread('Student', study), await unread('Responsible', study)]).toEqual([true, true]);
    expect([await unread('Teacher', study), await unread('Administrator', study)]).toEqual([false, false]);

    const read = await markRead('Student', study);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({
      study_id: study,
      user_id: kit.ids.student,
      last_read_message_id: first,
    });
    expect([await unread('Student', study), await unread('Responsible', study)]).toEqual([false, true]);

    // The family answers: now the teacher has something unread; the parent's own child's line is not "the other side".
    const answer = (await send('Student', study, 'Добре')).body.data.id as number;
    expect(await unread('Teacher', study)).toBe(true);
    expect(await unread('Student', study)).toBe(false);
    const second = (await send('Teacher', study, 'Чекаю')).body.data.id as number;
    // Read up to the answer only: the teacher's later line stays unread for the student.
    expect(
      (await markRead('Student', study, { last_message_id: String(answer) })).body.data.last_read_message_id,
    ).toBe(answer);
    expect(await unread('Student', study)).toBe(true);
    expect(
      (await markRead('Student', study, { last_message_id: String(second) })).body.data.last_read_message_id,
    ).toBe(second);
    expect(await unread('Student', study)).toBe(false);
    // Never backwards.
    expect(
      (await markRead('Student', study, { last_message_id: String(first) })).body.data.last_read_message_id,
    ).toBe(second);
    expect((await markRead('Teacher', study)).status).toBe(200);
    expect(await unread('Teacher', study)).toBe(false);
  });

  it('marking read needs a study the caller sees: 404 for another family; 422 for a bad id', async () => {
    expect((await markRead('OtherResponsible', kit.solo)).status).toBe(404);
    expect((await markRead('Methodologist', kit.group)).status).toBe(404);
    expect((await markRead('Student', kit.solo, { last_message_id: 'abc' })).status).toBe(422);
    expect((await kit.as.Student.post('/api/studies/999999/messages/read')).status).toBe(404);
  });
});
