import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createResourceApi, resourcePath } from './resource-api';

function recordingFetch(body: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('createResourceApi', () => {
  it('addresses the generic routes by registry name, with the query language', async () => {
    const fetchImpl = recordingFetch({
      data: [],
      meta: { current_page: 1, per_page: 15, total: 0, last_page: 1 },
    });
    const api = createResourceApi(createApiClient({ baseUrl: '', getLanguage: () => 'uk', fetchImpl }));
    await api.list('contracts', { page: 1, perpage: 15, sort: ['-created_at'], filter: { id: '%12%' } });
    expect(fetchImpl.mock.calls[0][0]).toBe(
      '/api/contracts?page=1&perpage=15&sort[]=-created_at&filter[id]=%2512%25',
    );
  });

  it('answers the row of { data } for read, create and update; PATCH and DELETE on /api/{resource}/{id}', async () => {
    const fetchImpl = recordingFetch({ data: { id: 3, firstname: 'A' } });
    const api = createResourceApi(createApiClient({ baseUrl: '', getLanguage: () => 'uk', fetchImpl }));
    expect(await api.update('users', 3, { firstname: 'A' })).toEqual({ id: 3, firstname: 'A' });
    expect(fetchImpl.mock.calls[0][0]).toBe('/api/users/3');
    expect(fetchImpl.mock.calls[0][1]?.method).toBe('PATCH');
    await api.remove('users', 3);
    expect(fetchImpl.mock.calls[1][1]?.method).toBe('DELETE');
  });

  it('refuses an id that is not a row id before calling', () => {
    expect(() => resourcePath('users', 0)).toThrow(RangeError);
    expect(() => resourcePath('users', 1.5)).toThrow(RangeError);
    expect(resourcePath('study_types')).toBe('/api/study_types');
  });
});
