import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { createLogger } from '../../platform/logging/logger.js';
import { authFor } from '../studies/hooked-query.test-kit.js';
import { addSignedInUser, addStudy, addUser, kyivDay } from '../studies/scheduling.test-kit.js';
import { createSchedulingCoreModule } from '../scheduling-core/scheduling-core.module.js';
import { createStudyNotifyModule } from './study-notify.module.js';
import type { NotifyOutbox } from './study-notify.sender.js';

const uk = resources.uk.translation.scheduling;
const ru = resources.ru.translation.scheduling;

let srv: TestServer;
let teacher: { id: number; client: TestClient };
let studentId: number;
let otherStudentId: number;
/** Started 10 minutes ago, ends in 50: the notify button is shown. */
let liveStudy: number;
let futureStudy: number;
let admin: TestClient;

beforeAll(async () => {
  srv = await startTestServer();
  teacher = await addSignedInUser(srv.knex, srv.url, ROLE.Teacher, 'Нагадувач');
  studentId = await addUser(srv.knex, ROLE.Student, 'Учень');
  otherStudentId = await addUser(srv.knex, ROLE.Student, 'Інший');
  const started = DateTime.now().setZone(TIME_ZONE).minus({ minutes: 10 }).startOf('minute');
  liveStudy = await addStudy(srv.knex, started, [teacher.id, studentId]);
  futureStudy = await addStudy(srv.knex, kyivDay(3, 10), [teacher.id, studentId]);
  admin = await srv.signInAs('Administrator');
});
afterAll(() => srv?.close());

const notify = (client: TestClient, userId: number, body: unknown) =>
  client.post(`/api/users/${userId}/notify`, body);

describe('POST /api/users/:id/notify', () => {
  it('is for Administrator, Manager, Teacher and Methodologist only', async () => {
    for (const role of ['Student', 'Responsible'] as const) {
      const res = await notify(await srv.signInAs(role), studentId, { type_id: 1, study_id: liveStudy });
      expect(res.status, role).toBe(403);
    }
    const anonymous = await srv
      .client()
      .post(`/api/users/${studentId}/notify`, { type_id: 1, study_id: liveStudy });
    expect(anonymous.status).toBe(401);
  });

  it('validates type_id and study_id (422 with field messages)', async () => {
    const missing = await notify(teacher.client, studentId, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['study_id', 'type_id']);
    const unknownType = await notify(teacher.client, studentId, { type_id: 9, study_id: liveStudy });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors).toHaveProperty('type_id');
  });

  it('refuses a study the caller does not see, a user who is not its student, an unknown user', async () => {
    const stranger = await addSignedInUser(srv.knex, srv.url, ROLE.Teacher, 'Сторонній');
    const hidden = await notify(stranger.client, studentId, { type_id: 1, study_id: liveStudy });
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors).toHaveProperty('study_id');
    expect((await notify(teacher.client, studentId, { type_id: 1, study_id: 99_999_999 })).status).toBe(422);

    for (const userId of [teacher.id, otherStudentId]) {
      const res = await notify(teacher.client, userId, { type_id: 1, study_id: liveStudy });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'not_a_student', message: uk.notify.not_a_student });
    }
    expect((await notify(admin, 99_999_999, { type_id: 1, study_id: liveStudy })).status).toBe(404);
  });

  it('only while the study is in progress, in uk and ru', async () => {
    const res = await notify(teacher.client, studentId, { type_id: 1, study_id: futureStudy });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'not_in_progress',
      message: uk.notify.not_in_progress,
      errors: { study_id: [uk.notify.not_in_progress] },
    });
    const teacherRu = await addSignedInUser(srv.knex, srv.url, ROLE.Teacher, 'Другий', 'ru');
    await srv
      .knex('study_user')
      .insert({ study_id: futureStudy, user_id: teacherRu.id, role_id: ROLE.Manager });
    const resRu = await notify(teacherRu.client, studentId, { type_id: 1, study_id: futureStudy });
    expect(resRu.body).toMatchObject({ code: 'not_in_progress', message: ru.notify.not_in_progress });
  });

  it('409 messenger_not_connected when the student has no bot; 409 messenger_unavailable until bots exist', async () => {
    const none = await notify(teacher.client, studentId, { type_id: 1, study_id: liveStudy });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ code: 'messenger_not_connected', message: uk.notify.no_messenger });

    await srv.knex('users').where({ id: studentId }).update({ telegram_id: '5550001' });
    const connected = await notify(admin, studentId, { type_id: 1, study_id: liveStudy });
    expect(connected.status).toBe(409);
    expect(connected.body).toEqual({ code: 'messenger_unavailable', message: uk.notify.unavailable });
    // The desktop sends JSON; a form post (the spec's other clients) is read the same way.
    const form = await admin.post(
      `/api/users/${studentId}/notify`,
      new URLSearchParams({ type_id: '1', study_id: String(liveStudy) }),
    );
    expect(form.body.code).toBe('messenger_unavailable');
  });
});

describe("the notify service with the messenger outbox (the bots' outgoing side)", () => {
  type Queued = Parameters<NotifyOutbox['enqueueMessages']>[0][number];
  /** Built from a knex alone, as a bot or a worker does: no HTTP. */
  async function serviceWith(outbox: NotifyOutbox) {
    const { email } = await srv.knex('users').select('email').where({ id: teacher.id }).first();
    const auth = await authFor(srv.knex, email);
    const core = createSchedulingCoreModule({ knex: srv.knex });
    const module = createStudyNotifyModule({
      knex: srv.knex,
      logger: createLogger('silent'),
      studies: core.services.studies,
      outbox,
    });
    return { auth, service: module.services.notify };
  }

  it('queues the reminder with the study time for the student and their connected responsibles', async () => {
    await srv.knex('users').where({ id: studentId }).update({ telegram_id: '5550001', viber_id: 'vb-42' });
    const parent = await addUser(srv.knex, ROLE.Responsible, 'Батько');
    const silentParent = await addUser(srv.knex, ROLE.Responsible, 'Мама');
    await srv.knex('users').where({ id: parent }).update({ viber_id: 'vb-parent' });
    await srv.knex('user_responsibles').insert([
      { child_id: studentId, responsible_id: parent },
      { child_id: studentId, responsible_id: silentParent },
    ]);
    const queued: Queued[] = [];
    const { auth, service } = await serviceWith({
      async enqueueMessages(messages) {
        queued.push(...messages);
        return messages.flatMap((m) =>
          (m.userId === studentId ? (['telegram', 'viber'] as const) : (['viber'] as const)).map(
            (messenger) => ({ userId: m.userId, messenger }),
          ),
        );
      },
    });
    const result = await service.notify(auth, studentId, { type_id: 1, study_id: liveStudy });
    expect(result).toEqual({ sent: ['telegram', 'viber'], recipients: [studentId, parent] });
    const start = await srv.knex('studies').select('start').where({ id: liveStudy }).first();
    const time = DateTime.fromJSDate(start.start).setZone(TIME_ZONE).toFormat('HH:mm');
    expect(queued.map((q) => ({ userId: q.userId, textKey: q.textKey, params: q.params }))).toEqual([
      { userId: studentId, textKey: 'scheduling.notify.messages.1', params: { time } },
      { userId: parent, textKey: 'scheduling.notify.messages.1', params: { time } },
    ]);
    // Every click is its own reminder: distinct keys.
    expect(new Set(queued.map((q) => q.key)).size).toBe(2);
  });
});
