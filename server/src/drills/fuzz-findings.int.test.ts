import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '@school/shared/i18n';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness.js';

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
    const res = await admin.post('/api/contracts', `{"template_id":${deep(5000)}}`, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: t('errors.json_too_deep'), code: 'bad_request' });
    expect(await srv.knex('contracts').count({ n: '*' }).first()).toEqual(before);
  });

  it('an ordinary nested body is still read', async () => {
    const res = await admin.post('/api/contracts', { template_id: [[[1]]] });
    expect(res.status).toBe(422);
  });
});
