import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openCalendarClient,
  sessionCookie,
  type CalendarClient,
  type ReceivedChange,
} from '../../platform/realtime/realtime.test-kit.js';
import {
  homeworkForm,
  PANEL_ROLES,
  startPanelsKit,
  type PanelRole,
  type PanelsKit,
} from '../study-tasks/study-panels.test-kit.js';

/**
 * Issue 14.2 and 14.6: an open study modal (`study:open`) hears of new and deleted chat
 * messages, homework, reports and recordings at once, with the REST reads' scoping: a parent never
 * hears of another family's lesson, nor of a classmate's homework or report in a shared one.
 * Absence is proven by order: a later event the socket must receive arrives first.
 */
let kit: PanelsKit;
const sockets: CalendarClient[] = [];

beforeAll(async () => {
  kit = await startPanelsKit({ realtime: true });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await kit.close();
});

async function socketOf(role: PanelRole): Promise<CalendarClient> {
  const client = await openCalendarClient(kit.srv.url, sessionCookie(kit.as[role]));
  sockets.push(client);
  return client;
}

const message = async (role: PanelRole, studyId: number, content: string) => {
  const form = new FormData();
  form.set('study_id', String(studyId));
  form.set('content', content);
  const res = await kit.as[role].post('/api/study_messages', form);
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
};
const is = (studyId: number, kind: string) => (c: ReceivedChange) => c.studyId === studyId && c.kind === kind;
const kindsFor = (client: CalendarClient, studyId: number) =>
  client.changes.filter((c) => c.studyId === studyId).map((c) => c.kind);

describe('study:open', () => {
  it('is granted to who may read the study, refused to others alike whether the study exists or not', async () => {
    const expected: Record<PanelRole, boolean> = {
      Administrator: true,
      Manager: true,
      Teacher: true,
      Methodologist: false,
      Student: true,
      Responsible: true,
      OtherResponsible: true,
    };
    for (const role of PANEL_ROLES) {
      const client = await socketOf(role);
      expect([role, await client.openStudy(kit.group)]).toEqual([
        role,
        expected[role] ? { ok: true } : { ok: false, code: 'forbidden' },
      ]);
      expect(await client.openStudy(999_999)).toEqual({ ok: false, code: 'forbidden' });
      expect(await client.openStudy('x')).toEqual({ ok: false, code: 'invalid' });
      client.close();
    }
    const other = await socketOf('OtherResponsible');
    expect(await other.openStudy(kit.solo)).toEqual({ ok: false, code: 'forbidden' });
  });
});

describe('chat messages in real time', () => {
  it('a new and a deleted message reach every open modal of the lesson; another family gets nothing of it', async () => {
    const teacher = await socketOf('Teacher');
    const parent = await socketOf('Responsible');
    const student = await socketOf('Student');
    const otherParent = await socketOf('OtherResponsible');
    for (const c of [teacher, parent, student]) expect(await c.openStudy(kit.solo)).toEqual({ ok: true });
    expect(await otherParent.openStudy(kit.group)).toEqual({ ok: true });
    // The other family follows its own child's calendar too: the solo lesson is not on it.
    expect(await otherParent.subscribe(kit.ids.otherChild)).toEqual({ ok: true });

    const id = await message('Teacher', kit.solo, 'Завтра контрольна');
    for (const c of [teacher, parent, student]) {
      const got = await c.waitFor(is(kit.solo, 'message'));
      // A socket that only has the modal open is told which of its calendars the study is on: none.
      expect(got.userIds).toEqual([]);
    }
    expect((await kit.as.Responsible.delete(`/api/study_messages/${id}`)).status).toBe(403);
    expect((await kit.as.Teacher.delete(`/api/study_messages/${id}`)).status).toBe(204);
    for (const c of [teacher, parent, student]) {
      await c.waitFor((ch) => is(kit.solo, 'message')(ch) && ch !== c.changes.find(is(kit.solo, 'message')));
    }

    // A message in the lesson they share arrives; nothing of the solo lesson came before it.
    await message('Student', kit.group, 'Привіт усім');
    await otherParent.waitFor(is(kit.group, 'message'));
    expect(kindsFor(otherParent, kit.solo)).toEqual([]);
  });

  it('after study:close the modal hears nothing more of that lesson', async () => {
    const parent = await socketOf('Responsible');
    expect(await parent.openStudy(kit.solo)).toEqual({ ok: true });
    expect(await parent.openStudy(kit.group)).toEqual({ ok: true });
    expect(await parent.closeStudy(kit.solo)).toEqual({ ok: true });
    await message('Teacher', kit.solo, 'Після закриття');
    await message('Teacher', kit.group, 'Для групи');
    await parent.waitFor(is(kit.group, 'message'));
    expect(kindsFor(parent, kit.solo)).toEqual([]);
  });

  it("the calendar of a participant hears of the chat (the unread flag), not a classmate's family calendar of another lesson", async () => {
    const parentCalendar = await socketOf('Responsible');
    expect(await parentCalendar.subscribe(kit.ids.student)).toEqual({ ok: true });
    await message('Teacher', kit.solo, 'Для календаря');
    const got = await parentCalendar.waitFor(is(kit.solo, 'message'));
    expect(got.userIds).toEqual([kit.ids.student]);
  });
});

describe('homework, reports and recordings in real time', () => {
  it("a parent hears of their own child's homework in a group lesson, never of the classmate's", async () => {
    const parent = await socketOf('Responsible');
    const otherParent = await socketOf('OtherResponsible');
    const teacher = await socketOf('Teacher');
    for (const c of [parent, otherParent, teacher])
      expect(await c.openStudy(kit.group)).toEqual({ ok: true });

    const forChild = await kit.as.Teacher.post(
      `/api/studies/${kit.group}`,
      homeworkForm([{ name: 'a.pdf', bytes: '%PDF-1.4\n' }], { user_id: String(kit.ids.student) }),
    );
    expect(forChild.status, forChild.text).toBe(200);
    await parent.waitFor(is(kit.group, 'task'));
    await teacher.waitFor(is(kit.group, 'task'));

    const forOther = await kit.as.Teacher.post(
      `/api/studies/${kit.group}`,
      homeworkForm([{ name: 'b.pdf', bytes: '%PDF-1.4\n' }], { user_id: String(kit.ids.otherChild) }),
    );
    expect(forOther.status).toBe(200);
    await otherParent.waitFor(is(kit.group, 'task'));
    // The other family's first 'task' event is their own child's: the first upload never reached them.
    expect(otherParent.changes.filter(is(kit.group, 'task'))).toHaveLength(1);
    await teacher.waitFor(
      (c) => is(kit.group, 'task')(c) && teacher.changes.filter(is(kit.group, 'task')).length === 2,
    );

    // Deleting the child's homework is told to the child's family again.
    const row = await kit.srv
      .knex('study_tasks')
      .where({ study_id: kit.group, user_id: kit.ids.student })
      .first('id');
    expect((await kit.as.Teacher.delete(`/api/study_tasks/${row.id}`)).status).toBe(204);
    await parent.waitFor(
      (c) => is(kit.group, 'task')(c) && parent.changes.filter(is(kit.group, 'task')).length === 2,
    );
    await message('Teacher', kit.group, 'Перевірте файли');
    await otherParent.waitFor(is(kit.group, 'message'));
    expect(otherParent.changes.filter(is(kit.group, 'task'))).toHaveLength(1);
  });

  it("a report reaches the teacher and the child's parent; not the student (who reads no reports) nor the other family", async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student, kit.ids.otherChild]);
    const clients = Object.fromEntries(
      await Promise.all(
        (['Teacher', 'Student', 'Responsible', 'OtherResponsible'] as const).map(
          async (r) => [r, await socketOf(r)] as const,
        ),
      ),
    ) as Record<'Teacher' | 'Student' | 'Responsible' | 'OtherResponsible', CalendarClient>;
    for (const c of Object.values(clients)) expect(await c.openStudy(study)).toEqual({ ok: true });
    const res = await kit.as.Teacher.post('/api/study_reports', {
      study_id: study,
      user_id: kit.ids.student,
      subject: 'Дроби',
      content: 'Учень добре працював на уроці і виконав усі завдання. '.repeat(4),
    });
    expect(res.status, res.text).toBe(201);
    await clients.Teacher.waitFor(is(study, 'report'));
    await clients.Responsible.waitFor(is(study, 'report'));
    await message('Teacher', study, 'Звіт готовий');
    for (const r of ['Student', 'OtherResponsible'] as const) {
      await clients[r].waitFor(is(study, 'message'));
      // The study's own 'created' may still arrive after the socket subscribed (LISTEN/NOTIFY is
      // asynchronous; a participant is told of it rightly): what must not arrive is the report.
      expect([r, kindsFor(clients[r], study).filter((kind) => kind !== 'created')]).toEqual([r, ['message']]);
    }
  });

  it('a report and a recording of one lesson written together are two events (the recording is not lost)', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const teacher = await socketOf('Teacher');
    expect(await teacher.openStudy(study)).toEqual({ ok: true });
    await kit.srv.knex.transaction(async (trx) => {
      await trx('study_reports').insert({
        study_id: study,
        user_id: kit.ids.student,
        created_by: kit.ids.teacher,
        subject: 'Тема уроку',
        content: 'з'.repeat(170),
      });
      await trx('recordings').insert({
        study_id: study,
        part: 1,
        file_name: 'lesson.mp4',
        storage_key: 'recordings/x/lesson.mp4',
      });
    });
    await teacher.waitFor(is(study, 'report'));
    await teacher.waitFor(is(study, 'recording'));
    // The study's own 'created' may arrive late (the change batcher's window can close after the
    // socket joined); what matters is that the two writes are two kinds, not one.
    expect(
      kindsFor(teacher, study)
        .filter((kind) => kind !== 'created')
        .sort(),
    ).toEqual(['recording', 'report']);
  });
});
