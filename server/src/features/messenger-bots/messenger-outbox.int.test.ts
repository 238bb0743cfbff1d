import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { createLogger } from '../../platform/logging/logger.js';
import { createModules } from '../../modules.js';
import { addSignedInUser, addStudy, addUser } from '../studies/scheduling.test-kit.js';
import { startBotsServer, waitFor, type BotsServer } from './fake-bot-servers.test-kit.js';
import type { MessengerOutbox } from './messenger-outbox.service.js';

const uk = resources.uk.translation.scheduling;
const ru = resources.ru.translation.scheduling;

let srv: BotsServer;
let outbox: MessengerOutbox;
let userId: number;
let seq = 0;

const outboxRow = (key: string) => srv.db.knex('messenger_outbox').where({ key }).first();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A message to the Telegram chat only; its key is new for every call. */
async function sendOne(text = 'scheduling.notify.messages.1') {
  const key = `test:${++seq}`;
  await outbox.enqueueMessages([{ userId, key, textKey: text, params: { time: '10:00' } }]);
  return `${key}:telegram`;
}

beforeAll(async () => {
  srv = await startBotsServer();
  // The outbox on the app's queue, as another feature (reminders) reaches it.
  const { services } = createModules({
    knex: srv.db.knex,
    config: srv.config,
    logger: createLogger('silent'),
  });
  expect(services.messengerOutbox).toBeUndefined();
  userId = await addUser(srv.db.knex, ROLE.Student, 'Отримувач');
});
afterAll(() => srv?.close());
beforeEach(async () => {
  await srv.db.knex('users').where({ id: userId }).update({ telegram_id: '9001', viber_id: null });
  srv.telegram.reset();
  srv.viber.reset();
  outbox = srv.outbox;
});

describe('POST /api/users/:id/notify through the bots', () => {
  it("delivers the reminder to the student and their responsibles in their chats' languages", async () => {
    const teacher = await addSignedInUser(srv.db.knex, srv.url, ROLE.Teacher, 'Вчитель');
    const student = await addUser(srv.db.knex, ROLE.Student, 'Учениця');
    const mom = await addUser(srv.db.knex, ROLE.Responsible, 'Мама');
    const dad = await addUser(srv.db.knex, ROLE.Responsible, 'Тато');
    await srv.db.knex('user_responsibles').insert([
      { child_id: student, responsible_id: mom },
      { child_id: student, responsible_id: dad },
    ]);
    const started = DateTime.now().setZone(TIME_ZONE).minus({ minutes: 5 }).startOf('minute');
    const study = await addStudy(srv.db.knex, started, [teacher.id, student]);

    const none = await teacher.client.post(`/api/users/${student}/notify`, { type_id: 1, study_id: study });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('messenger_not_connected');

    await srv.db.knex('users').where({ id: student }).update({ telegram_id: '3001' });
    await srv.db.knex('users').where({ id: mom }).update({ viber_id: 'vb-mom' });
    await srv.db
      .knex('bot_connections')
      .insert({ user_id: mom, messenger: 'viber', external_id: 'vb-mom', language: 'ru' });
    const res = await teacher.client.post(`/api/users/${student}/notify`, { type_id: 1, study_id: study });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: ['telegram', 'viber'], recipients: [student, mom] });

    const time = started.toFormat('HH:mm');
    await waitFor(() => srv.telegram.requests.length === 1 && srv.viber.requests.length === 1);
    expect(srv.telegram.requests[0].body).toEqual({
      chat_id: '3001',
      text: uk.notify.messages[1].replace('{{time}}', time),
    });
    expect(srv.viber.requests[0].body).toMatchObject({
      receiver: 'vb-mom',
      text: ru.notify.messages[1].replace('{{time}}', time),
    });
  });
});

describe('the messenger outbox', () => {
  it('retries a failed send with backoff (500, then 200) and sends once; the same key twice is queued once', async () => {
    srv.telegram.answer({
      status: 500,
      body: { ok: false, error_code: 500, description: 'Internal Server Error' },
    });
    const key = await sendOne();
    await outbox.enqueueMessages([
      {
        userId,
        key: key.replace(/:telegram$/, ''),
        textKey: 'scheduling.notify.messages.1',
        params: { time: '10:00' },
      },
    ]);
    await waitFor(async () => (await outboxRow(key))?.status === 'sent');
    await sleep(700);
    expect(srv.telegram.requests.map((r) => r.body)).toEqual([
      { chat_id: '9001', text: uk.notify.messages[1].replace('{{time}}', '10:00') },
      { chat_id: '9001', text: uk.notify.messages[1].replace('{{time}}', '10:00') },
    ]);
    expect(await outboxRow(key)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('waits as long as a 429 retry_after says', async () => {
    srv.telegram.answer({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      },
    });
    const key = await sendOne();
    await waitFor(async () => (await outboxRow(key))?.status === 'sent');
    const [first, second] = srv.telegram.requests;
    expect(srv.telegram.requests).toHaveLength(2);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
  });

  it('a slow answer counts as a failure and is retried; gives up after the configured attempts', async () => {
    srv.telegram.answer(() => {
      /* never answers: the client's timeout (BOT_SEND_TIMEOUT_MS, 1.5 s) ends the attempt */
    });
    const slow = await sendOne();
    await waitFor(async () => (await outboxRow(slow))?.status === 'sent');
    expect((await outboxRow(slow)).attempts).toBe(2);

    const down = { status: 502, body: { ok: false, description: 'Bad Gateway' } };
    srv.telegram.answer(down, down, down, down);
    const lost = await sendOne();
    await waitFor(async () => (await outboxRow(lost))?.status === 'failed');
    expect(await outboxRow(lost)).toMatchObject({ attempts: 4, last_error: 'Bad Gateway' });
  });

  it('a user who blocked the bot is disconnected (Telegram 403, Viber "not subscribed")', async () => {
    await srv.db.knex('users').where({ id: userId }).update({ viber_id: 'vb-9' });
    srv.telegram.answer({
      status: 403,
      body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    srv.viber.answer({ status: 200, body: { status: 6, status_message: 'notSubscribed' } });
    const key = await sendOne();
    await waitFor(
      async () => (await outboxRow(`${key.replace(/:telegram$/, '')}:viber`))?.status === 'blocked',
    );
    await waitFor(async () => (await outboxRow(key))?.status === 'blocked');
    expect(
      await srv.db.knex('users').select('telegram_id', 'viber_id').where({ id: userId }).first(),
    ).toEqual({ telegram_id: null, viber_id: null });
    expect(srv.telegram.requests).toHaveLength(1);
  });

  // Last: the app's HTTP side keeps the stopped queue afterwards (a real restart replaces both).
  it('a message pending when the queue worker stops is delivered once after the restart', async () => {
    // The next attempt is due in 1 s: the worker stops while it waits.
    srv.telegram.answer({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 1 } },
    });
    const key = await sendOne();
    await waitFor(async () => (await outboxRow(key))?.attempts === 1);
    await srv.restartQueue();
    expect(await outboxRow(key)).toMatchObject({ status: 'pending', attempts: 1 });
    outbox = srv.outbox;
    await waitFor(async () => (await outboxRow(key))?.status === 'sent');
    await sleep(1200);
    expect(srv.telegram.requests).toHaveLength(2);
    expect(await outboxRow(key)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
