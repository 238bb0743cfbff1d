import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createResourceApi, type ApiClient } from '@school/shared/api';
import { findResource } from '@school/shared/resources';
import {
  changedValues,
  formValuesFromRow,
  normalizeListQuery,
  submitErrorState,
  toResourceQuery,
} from '@school/shared/ui';
import { startTestServer, type TestServer } from './harness.test-kit.js';
import { sharedApiClientOf } from './shared-api-client.test-kit.js';

/**
 * The headless client hooks' request builders and error mapping (shared/src/ui, issue 11 point 8)
 * against the real server: what a generic table and form would send, and what they would show.
 */
let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const session = await server.signInAs('Administrator');
  client = sharedApiClientOf(session);
});

afterAll(async () => {
  await server?.close();
});

const t = (key: string) => key;

describe('typed resource calls of the client hooks', () => {
  it('a generic table page: the list envelope with the requested paging, sorted, filtered by "contains"', async () => {
    const api = createResourceApi(client);
    const query = normalizeListQuery('users', {
      perPage: 5,
      sort: [{ field: 'id', desc: true }],
      filters: { full_name: 'а' },
    });
    const page = await api.list('users', toResourceQuery('users', query));
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 5 });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.length).toBeLessThanOrEqual(5);
    const ids = page.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const row of page.data) expect(row.full_name.toLowerCase()).toContain('а');
  });

  it('a form saves only what changed and reads the row back', async () => {
    const api = createResourceApi(client);
    const [first] = (await api.list('users', { perpage: 1, filter: { role_id: 4 } })).data;
    const stored = await api.read('users', first.id);
    const initial = formValuesFromRow(findResource('users')!, stored as never);
    const body = changedValues(initial, { ...initial, firstname: 'Оновлена' });
    expect(body).toEqual({ firstname: 'Оновлена' });
    const saved = await api.update('users', first.id, body);
    expect(saved.firstname).toBe('Оновлена');
    expect((await api.read('users', first.id)).surname).toBe(stored.surname);
  });

  it("the server's 422 field errors land under the form's fields, in the request's language", async () => {
    const api = createResourceApi(client);
    const [first] = (await api.list('users', { perpage: 1, filter: { role_id: 4 } })).data;
    const error = await api.update('users', first.id, { email: 'not an email' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    const state = submitErrorState(error, ['email', 'firstname'], t);
    expect(state.formError).toBeNull();
    expect(state.fieldErrors.email).toMatch(/[а-яіїє]/i);
  });
});
