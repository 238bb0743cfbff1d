import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '@school/shared/i18n';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness.test-kit.js';

/**
 * The defects the fuzz drill (fuzz.int.test.ts) found, each pinned by the request that showed it,
 * so that they stay fixed whatever seed the drill runs with.
 */

let srv: TestServer;
let admin: TestClient;
const t = i18nFor('uk').t;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator');
});
afterAll(() => srv?.close());

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('deeply nested JSON (was a stack overflow: 500)', () => {
  it('a create with 5000 nested arrays in a field: 400 json_too_deep, nothing written', async () => {
    const before = await srv.knex('contracts').count({ n: '*' }).first();
    const res = await admin.post('/api/contracts', `{"template_id":${deep(5000)}}`, {
      'Content-Type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: t('errors.json_too_deep'), code: 'bad_request' });
    expect(await srv.knex('contracts').count({ n: '*' }).first()).toEqual(before);
  });

  it('an ordinary nested body is still read', async () => {
    const res = await admin.post('/api/contracts', { template_id: [[[1]]] });
    expect(res.status).toBe(422);
  });
});

describe('a write whose answer query is refused (was: 400 after the row was written)', () => {
  const badQuery = `withSort${'[b]'.repeat(20)}=1`;

  it('PATCH with a query the answer cannot use: 400 bad_query, the user row as it was', async () => {
    const state = async () => ({
      user: await srv.knex('users').where({ id: 9 }).first('firstname', 'updated_at'),
      notes: await srv.knex('notes').where({ user_id: 9 }).count({ n: '*' }).first(),
    });
    const before = await state();
    // The fuzz drill's request: a relation (staff notes) in the body, the query refused.
    const res = await admin.patch(`/api/users/9?${badQuery}`, { firstname: 'Змінена', notes: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_query');
    expect(await state()).toEqual(before);
  });

  it('POST with such a query: 400, no row created', async () => {
    const study = await srv.knex('studies').first('id');
    const before = await srv.knex('study_messages').count({ n: '*' }).first();
    const form = { study_id: study.id, content: 'written by a refused request' };
    expect((await admin.post(`/api/study_messages?${badQuery}`, form)).status).toBe(400);
    expect(await srv.knex('study_messages').count({ n: '*' }).first()).toEqual(before);
    // The same form without the query is written: the refusal above was the query's.
    expect((await admin.post('/api/study_messages', form)).status).toBe(201);
  });
});
