import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createAuthApi } from './auth-api';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('createApiClient', () => {
  it('sends credentials, X-Requested-With, Accept-Language and JSON bodies', async () => {
    const fetchImpl = fakeFetch(200, { data: { ok: true } });
    const client = createApiClient({ baseUrl: 'http://x/', getLanguage: () => 'ru', fetchImpl });
    await client.post('/api/things', { a: 1 }, { query: { with: ['b'] } });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('http://x/api/things?with[]=b');
    expect(init?.credentials).toBe('include');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept-Language')).toBe('ru');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends FormData as is', async () => {
    const fetchImpl = fakeFetch(200, {});
    const client = createApiClient({ baseUrl: '', getLanguage: () => 'uk', fetchImpl });
    const form = new FormData();
    form.set('_method', 'patch');
    await client.post('/api/studies/1', form);
    const init = fetchImpl.mock.calls[0][1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('throws ApiError with the envelope and signals 401 unless told not to', async () => {
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      baseUrl: '',
      getLanguage: () => 'uk',
      onUnauthenticated,
      fetchImpl: fakeFetch(401, { message: 'Unauthenticated.' }),
    });
    await expect(client.get('/api/studies')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    await expect(client.get('/api/user', undefined, { ignoreUnauthenticated: true })).rejects.toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('signals only a 401 whose message is "Unauthenticated."; other 401s are plain refusals', async () => {
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      baseUrl: '',
      getLanguage: () => 'uk',
      onUnauthenticated,
      fetchImpl: fakeFetch(401, { message: 'Посилання для входу застаріло.' }),
    });
    await expect(client.get('/api/studies')).rejects.toMatchObject({
      status: 401,
      body: { message: 'Посилання для входу застаріло.' },
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('reports network failures as status 0', async () => {
    const client = createApiClient({
      baseUrl: '',
      getLanguage: () => 'uk',
      fetchImpl: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(client.get('/api/user')).rejects.toMatchObject({ status: 0 });
  });
});

describe('createAuthApi', () => {
  it('me() answers null when signed out', async () => {
    const client = createApiClient({
      baseUrl: '',
      getLanguage: () => 'uk',
      fetchImpl: fakeFetch(401, { message: 'Unauthenticated.' }),
    });
    await expect(createAuthApi(client).me()).resolves.toBeNull();
  });

  it('login() returns data and keeps 422 field errors', async () => {
    const client = createApiClient({
      baseUrl: '',
      getLanguage: () => 'uk',
      fetchImpl: fakeFetch(422, { message: 'Invalid', errors: { email: ['Невірні дані'] } }),
    });
    const error = await createAuthApi(client)
      .login({ email: 'a@b.c', password: 'x', remember: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).firstFieldErrors()).toEqual({ email: 'Невірні дані' });
  });
});
