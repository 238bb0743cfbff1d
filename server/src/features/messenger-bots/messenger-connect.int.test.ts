import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { DEMO_ACCOUNTS, type TestClient } from '../../../test/harness.test-kit.js';
import {
  startBotsServer,
  TELEGRAM_BOT,
  TELEGRAM_SECRET,
  TELEGRAM_TOKEN,
  VIBER_BOT,
  VIBER_TOKEN,
  viberSignature,
  waitFor,
  type BotsServer,
} from './fake-bot-servers.test-kit.js';

const ru = resources.ru.translation.bots;
const ru_limits = resources.ru.translation.limits;

let srv: BotsServer;
let student: TestClient;
let admin: TestClient;
let studentId: number;

const idOf = async (email: string) =>
  (await srv.db.knex('users').select('id').where({ email }).first()).id as number;
const connected = async (userId: number) =>
  (await admin.get(`/api/users/${userId}`)).body.data.bots_connected;

async function telegramWebhook(body: unknown, secret: string | null = TELEGRAM_SECRET) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) headers['X-Telegram-Bot-Api-Secret-Token'] = secret;
  const res = await fetch(`${srv.url}/api/bots/telegram/webhook`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return res.status;
}

async function viberWebhook(body: unknown, signature?: string | null) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const sig = signature === undefined ? viberSignature(raw) : signature;
  if (sig !== null) headers['X-Viber-Content-Signature'] = sig;
  return (await fetch(`${srv.url}/api/bots/viber/webhook`, { method: 'POST', headers, body: raw })).status;
}

async function token(client: TestClient, userId: number, type: 'telegram' | 'viber') {
  const res = await client.post(`/api/users/${userId}/generate_messenger_token`, { token_type: type });
  expect(res.status).toBe(200);
  return res.body.data as { uuid: string; link: string; token_type: string };
}

const startUpdate = (text: string, chatId = 777001, language_code = 'ru') => ({
  update_id: 1,
  message: {
    message_id: 5,
    chat: { id: chatId, type: 'private' },
    from: { id: chatId, username: 'kid', language_code },
    text,
  },
});

beforeAll(async () => {
  srv = await startBotsServer();
  student = await srv.signInAs('Student');
  admin = await srv.signInAs('Administrator');
  studentId = await idOf(DEMO_ACCOUNTS.Student);
});
afterAll(() => srv?.close());
beforeEach(async () => {
  // A greeting queued by the previous test may still be on its way: let it land before the record
  // is cleared, or it would count as this test's message.
  await waitFor(
    async () => (await srv.db.knex('messenger_outbox').where('status', 'pending').first()) === undefined,
  );
  srv.telegram.reset();
  srv.viber.reset();
  await srv.db.knex('users').update({ telegram_id: null, viber_id: null });
  await srv.db.knex('bot_connections').delete();
});

describe('POST /api/users/:id/generate_messenger_token', () => {
  it('returns a uuid and the bot link (Telegram deep link, Viber public account with the token as text)', async () => {
    const tg = await token(student, studentId, 'telegram');
    expect(tg.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(tg.link).toBe(`https://t.me/${TELEGRAM_BOT}?start=${tg.uuid}`);
    const vb = await token(student, studentId, 'viber');
    expect(vb.link).toBe(`viber://pa?chatURI=${VIBER_BOT}&context=${vb.uuid}&text=${vb.uuid}`);
    expect(
      await srv.db
        .knex('messenger_tokens')
        .where({ uuid: tg.uuid, user_id: studentId, token_type: 'telegram' })
        .first(),
    ).toBeTruthy();
  });

  it("refuses another user's token (403), an unknown type (422); staff may create one for anybody", async () => {
    const other = await idOf(DEMO_ACCOUNTS.Teacher);
    expect(
      (await student.post(`/api/users/${other}/generate_messenger_token`, { token_type: 'telegram' })).status,
    ).toBe(403);
    const bad = await student.post(`/api/users/${studentId}/generate_messenger_token`, {
      token_type: 'whatsapp',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('token_type');
    expect(
      (await admin.post(`/api/users/${other}/generate_messenger_token`, { token_type: 'viber' })).status,
    ).toBe(200);
    expect(
      (await admin.post(`/api/users/99999999/generate_messenger_token`, { token_type: 'viber' })).status,
    ).toBe(404);
  });
});

describe('who may issue and read connect tokens (issue 27.5)', () => {
  it('a Manager issues tokens for the accounts they may manage, never for an Administrator; the answer keeps its shape', async () => {
    const manager = await srv.signInAs('Manager');
    const teacherId = await idOf(DEMO_ACCOUNTS.Teacher);
    const refused = await manager.post('/api/users/1/generate_messenger_token', { token_type: 'telegram' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_not_manageable');
    expect(await srv.db.knex('messenger_tokens').where({ user_id: 1 }).first()).toBeUndefined();
    const forTeacher = await manager.post(`/api/users/${teacherId}/generate_messenger_token`, {
      token_type: 'telegram',
    });
    expect(forTeacher.status).toBe(200);
    expect(Object.keys(forTeacher.body.data).sort()).toEqual(['link', 'token_type', 'uuid']);
    // The Administrator still issues their own, and one for a Manager.
    expect((await admin.post('/api/users/1/generate_messenger_token', { token_type: 'viber' })).status).toBe(
      200,
    );
    const managerId = await idOf(DEMO_ACCOUNTS.Manager);
    expect(
      (await admin.post(`/api/users/${managerId}/generate_messenger_token`, { token_type: 'viber' })).status,
    ).toBe(200);
  });

  it("pending tokens are read by their owner only: staff reading a user's telegram_tokens see none of theirs", async () => {
    const { uuid } = await token(student, studentId, 'telegram');
    const { uuid: adminUuid } = await token(admin, 1, 'telegram');
    const manager = await srv.signInAs('Manager');
    const uuidsOf = (body: { data: { telegram_tokens?: Array<{ uuid: string }> } }) =>
      (body.data.telegram_tokens ?? []).map((t) => t.uuid);
    const asManager = await manager.get(`/api/users/${studentId}?with[]=telegram_tokens`);
    expect(asManager.status).toBe(200);
    expect(uuidsOf(asManager.body)).not.toContain(uuid);
    const adminAsManager = await manager.get('/api/users/1?with[]=telegram_tokens');
    expect(uuidsOf(adminAsManager.body)).toEqual([]);
    const listed = await manager.get('/api/users?with[]=telegram_tokens&with[]=viber_tokens');
    expect(JSON.stringify(listed.body)).not.toContain(uuid);
    expect(JSON.stringify(listed.body)).not.toContain(adminUuid);
    const own = await admin.get('/api/users/1?with[]=telegram_tokens');
    expect(uuidsOf(own.body)).toEqual([adminUuid]);
  });

  it("a new token revokes the user's earlier unused one of that messenger", async () => {
    const first = await token(student, studentId, 'telegram');
    const viber = await token(student, studentId, 'viber');
    const second = await token(student, studentId, 'telegram');
    expect(await telegramWebhook(startUpdate(`/start ${first.uuid}`))).toBe(200);
    expect(await connected(studentId)).toEqual({ telegram: false, viber: false });
    expect(await telegramWebhook(startUpdate(`/start ${second.uuid}`))).toBe(200);
    expect(await connected(studentId)).toEqual({ telegram: true, viber: false });
    expect(
      await srv.db.knex('messenger_tokens').where({ uuid: viber.uuid }).whereNull('used_at').first(),
    ).toBeTruthy();
  });

  it('limits how many tokens one user issues per window: 429 in the envelope, in the asked language', async () => {
    await srv.db.knex('rate_limits').delete();
    const max = srv.config.BOT_TOKEN_ISSUE_MAX;
    for (let i = 0; i < max; i++)
      expect(
        (await student.post(`/api/users/${studentId}/generate_messenger_token`, { token_type: 'viber' }))
          .status,
      ).toBe(200);
    student.lang = 'ru';
    const refused = await student.post(`/api/users/${studentId}/generate_messenger_token`, {
      token_type: 'telegram',
    });
    student.lang = 'uk';
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('throttled');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toBe(
      ru_limits.botTokens.replace(
        '{{seconds}}',
        String(refused.body.params?.seconds ?? refused.headers.get('retry-after')),
      ),
    );
    // Another user's own limit is untouched.
    expect(
      (await admin.post('/api/users/1/generate_messenger_token', { token_type: 'telegram' })).status,
    ).toBe(200);
    await srv.db.knex('rate_limits').delete();
  });
});

describe('Telegram webhook', () => {
  it("binds the chat when the token arrives, once; the bot greets in the chat's language", async () => {
    const { uuid } = await token(student, studentId, 'telegram');
    expect(await telegramWebhook(startUpdate(`/start ${uuid}`))).toBe(200);
    expect(await connected(studentId)).toEqual({ telegram: true, viber: false });
    await waitFor(() => srv.telegram.requests.length > 0);
    expect(srv.telegram.requests).toHaveLength(1);
    expect(srv.telegram.requests[0]).toMatchObject({
      path: `/bot${TELEGRAM_TOKEN}/sendMessage`,
      body: { chat_id: '777001', text: ru.messages.connected },
    });

    // The same token from another chat: single use, nothing changes.
    expect(await telegramWebhook(startUpdate(`/start ${uuid}`, 777002))).toBe(200);
    expect(
      (await srv.db.knex('users').select('telegram_id').where({ id: studentId }).first()).telegram_id,
    ).toBe('777001');
  });

  it('refuses a call without the secret (401) or with a wrong one (403): nothing linked', async () => {
    const { uuid } = await token(student, studentId, 'telegram');
    expect(await telegramWebhook(startUpdate(`/start ${uuid}`), null)).toBe(401);
    expect(await telegramWebhook(startUpdate(`/start ${uuid}`), 'wrong-secret-0123456789')).toBe(403);
    expect(await connected(studentId)).toEqual({ telegram: false, viber: false });
  });

  it('answers bad payloads without a 5xx and links nothing (not JSON, wrong shapes, a foreign, expired or Viber token)', async () => {
    const { uuid: viberUuid } = await token(student, studentId, 'viber');
    const { uuid: old } = await token(student, studentId, 'telegram');
    await srv.db
      .knex('messenger_tokens')
      .where({ uuid: old })
      .update({ created_at: srv.db.knex.raw(`now() - interval '2 days'`) });
    const payloads: unknown[] = [
      '{not json',
      '[]',
      'null',
      { message: 'hi' },
      { message: { chat: {}, text: `/start ${viberUuid}` } },
      { message: { chat: { id: { x: 1 } }, text: '/start' } },
      startUpdate('/start 00000000-0000-4000-8000-000000000000'),
      startUpdate(`/start ${viberUuid}`),
      startUpdate(`/start ${old}`),
      startUpdate('x'.repeat(5000)),
    ];
    for (const p of payloads)
      expect(await telegramWebhook(p), JSON.stringify(p).slice(0, 60)).toBeLessThan(500);
    expect(Number((await srv.db.knex('bot_connections').count('* as n').first())?.n)).toBe(0);
  });
});

describe('Viber webhook', () => {
  it('binds the chat from the token as text; refuses missing (401) or wrong (403) signatures; unsubscribed disconnects', async () => {
    const { uuid } = await token(student, studentId, 'viber');
    const event = {
      event: 'message',
      sender: { id: 'vb-user-1', name: 'Kid', language: 'uk' },
      message: { type: 'text', text: uuid },
    };
    expect(await viberWebhook(event, null)).toBe(401);
    expect(await viberWebhook(event, viberSignature('something else'))).toBe(403);
    expect(await connected(studentId)).toEqual({ telegram: false, viber: false });
    expect(await viberWebhook('{broken')).toBeLessThan(500);
    expect(await viberWebhook({ event: 'message', sender: {} })).toBeLessThan(500);

    expect(await viberWebhook(event)).toBe(200);
    expect(await connected(studentId)).toEqual({ telegram: false, viber: true });
    await waitFor(() => srv.viber.requests.length === 1);
    expect(srv.viber.requests[0].headers['x-viber-auth-token']).toBe(VIBER_TOKEN);
    expect(srv.viber.requests[0].body).toMatchObject({
      receiver: 'vb-user-1',
      type: 'text',
      sender: { name: VIBER_BOT },
    });

    expect(await viberWebhook({ event: 'unsubscribed', user_id: 'vb-user-1' })).toBe(200);
    expect(await connected(studentId)).toEqual({ telegram: false, viber: false });
  });
});

describe('GET /telegram/disconnect, /viber/disconnect', () => {
  it("disconnects the signed-in user's bot", async () => {
    await srv.db.knex('users').where({ id: studentId }).update({ telegram_id: '1', viber_id: 'v1' });
    const res = await student.get('/telegram/disconnect');
    expect(res.status).toBe(200);
    expect(res.body.data.bots_connected).toEqual({ telegram: false, viber: true });
    expect((await student.get('/viber/disconnect')).body.data.bots_connected).toEqual({
      telegram: false,
      viber: false,
    });
    expect((await student.get('/api/bots/status')).body).toEqual({
      data: { bots_connected: { telegram: false, viber: false } },
    });
    expect((await srv.client().get('/viber/disconnect')).status).toBe(401);
  });
});
