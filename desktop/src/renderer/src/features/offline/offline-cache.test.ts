import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type AuthApi, type AuthUser } from '@school/shared/api';
import { createConnectivity } from './connectivity';
import { createOfflineCache } from './offline-cache';
import {
  accountKeyOf,
  addressPart,
  cacheKeyOf,
  shouldPersistQuery,
  PERSISTED_QUERY_MAX_CHARS,
} from './offline-cache.rules';
import { createMemoryOfflineStorage, isOfflineKey, type OfflineStorage } from './offline-storage';

const SERVER = 'https://school.example.com';

function userOf(id: number): AuthUser {
  return { id, full_name: `Teacher ${id}` } as AuthUser;
}

function setup(storage: OfflineStorage = createMemoryOfflineStorage(), buster = 'staff-1') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const connectivity = createConnectivity({ setTimer: () => null, clearTimer: () => undefined });
  const cache = createOfflineCache({
    storage,
    queryClient,
    connectivity,
    serverAddress: SERVER,
    buster,
    throttleMs: 1,
  });
  return { storage, queryClient, cache, connectivity };
}

const saved = (storage: OfflineStorage, userId: number) =>
  vi.waitFor(async () => {
    const json = await storage.get<string>(cacheKeyOf(SERVER, userId));
    expect(json).toBeDefined();
    return JSON.parse(json as string) as { clientState: { queries: { queryKey: unknown[] }[] } };
  });

describe('persist keys', () => {
  it('are per server and account, usable as store keys even for a long address', () => {
    expect(cacheKeyOf(SERVER, 7)).toBe('cache:https://school.example.com|7');
    expect(cacheKeyOf(`${SERVER}/`, 7)).toBe(cacheKeyOf(SERVER, 7));
    expect(cacheKeyOf('http://other:8080', 7)).not.toBe(cacheKeyOf(SERVER, 7));
    const long = `https://${'a'.repeat(300)}.example.com`;
    expect(isOfflineKey(cacheKeyOf(long, 123456))).toBe(true);
    expect(addressPart(long)).toBe(addressPart(long));
    expect(isOfflineKey(accountKeyOf(SERVER))).toBe(true);
  });

  it('keep only successful answers of the kinds worth it, of sensible size', () => {
    const success = (queryKey: unknown[], data: unknown = [1]) => ({
      queryKey,
      state: { status: 'success', data } as never,
    });
    expect(shouldPersistQuery(success(['calendar', 'studies', 4]))).toBe(true);
    expect(shouldPersistQuery(success(['resources', 'users', 'list', {}]))).toBe(true);
    expect(shouldPersistQuery(success(['study-panel', 'messages:5']))).toBe(true);
    expect(shouldPersistQuery(success(['feature-flags']))).toBe(false);
    expect(shouldPersistQuery(success(['analytics', 'x']))).toBe(false);
    expect(shouldPersistQuery({ queryKey: ['calendar'], state: { status: 'error' } as never })).toBe(false);
    const huge = 'x'.repeat(PERSISTED_QUERY_MAX_CHARS + 1);
    expect(shouldPersistQuery(success(['calendar', 'studies', 4], huge))).toBe(false);
  });
});

describe('offline cache per account', () => {
  it('saves the account’s kept queries and restores them in the next app start', async () => {
    const first = setup();
    await first.cache.start(userOf(4));
    first.queryClient.setQueryData(['calendar', 'studies', 4], [{ id: 1, title: 'Урок' }]);
    first.queryClient.setQueryData(['feature-flags'], { on: true });
    const persisted = await saved(first.storage, 4);
    expect(persisted.clientState.queries.map((query) => query.queryKey)).toEqual([
      ['calendar', 'studies', 4],
    ]);
    first.cache.stop();

    // The next start without the server: the kept answers are shown, with their age.
    const next = setup(first.storage);
    expect(await next.cache.lastAccount()).toMatchObject({ id: 4 });
    next.connectivity.report({ kind: 'unreachable' });
    await next.cache.start(userOf(4));
    expect(next.queryClient.getQueryData(['calendar', 'studies', 4])).toEqual([{ id: 1, title: 'Урок' }]);
    expect(next.connectivity.getState().dataAsOf).not.toBeNull();
  });

  it('online, the screens load afresh: the kept answers come in once the connection is lost, never over newer ones, and stay saved meanwhile', async () => {
    const first = setup();
    await first.cache.start(userOf(4));
    first.queryClient.setQueryData(['calendar', 'studies', 4], ['kept week']);
    first.queryClient.setQueryData(['study-panel', 'messages:5'], ['kept chat']);
    await saved(first.storage, 4);
    first.cache.stop();

    const next = setup(first.storage);
    await next.cache.start(userOf(4));
    // A reload right after a save: no form opens on the older answer.
    expect(next.queryClient.getQueryData(['calendar', 'studies', 4])).toBeUndefined();
    next.queryClient.setQueryData(['calendar', 'studies', 4], ['fresh week']);
    // Saving this session's answers keeps the chat it has not opened again.
    await vi.waitFor(async () => {
      const persisted = await saved(next.storage, 4);
      expect(persisted.clientState.queries.map((query) => query.queryKey)).toEqual([
        ['calendar', 'studies', 4],
        ['study-panel', 'messages:5'],
      ]);
    });

    next.connectivity.report({ kind: 'unreachable' });
    expect(next.queryClient.getQueryData(['calendar', 'studies', 4])).toEqual(['fresh week']);
    expect(next.queryClient.getQueryData(['study-panel', 'messages:5'])).toEqual(['kept chat']);
  });

  it('drops a cache written by another build', async () => {
    const first = setup();
    await first.cache.start(userOf(4));
    first.queryClient.setQueryData(['calendar', 'studies', 4], [1]);
    await saved(first.storage, 4);
    first.cache.stop();
    const next = setup(first.storage, 'staff-2');
    await next.cache.start(userOf(4));
    expect(next.queryClient.getQueryData(['calendar', 'studies', 4])).toBeUndefined();
  });

  it('an account switch clears the other account, in memory and on disk', async () => {
    const { storage, queryClient, cache } = setup();
    await cache.start(userOf(4));
    queryClient.setQueryData(['calendar', 'studies', 4], [1]);
    await saved(storage, 4);

    await cache.start(userOf(9));
    expect(queryClient.getQueryData(['calendar', 'studies', 4])).toBeUndefined();
    expect(await storage.get(cacheKeyOf(SERVER, 4))).toBeUndefined();
    expect(await cache.lastAccount()).toMatchObject({ id: 9 });
  });

  it('signing out deletes the cache and the identity, and a late save writes nothing back', async () => {
    const { storage, queryClient, cache } = setup();
    await cache.start(userOf(4));
    queryClient.setQueryData(['calendar', 'studies', 4], [1]);
    await saved(storage, 4);
    queryClient.setQueryData(['calendar', 'studies', 4], [2]);
    await cache.signOut();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storage.keys('')).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});

describe('session check with the offline rules', () => {
  function authApi(me: AuthApi['me']): AuthApi {
    return { me, logout: async () => undefined } as unknown as AuthApi;
  }

  it('answers with the last account when the server cannot be reached, until a sign-out', async () => {
    const { cache } = setup();
    const unreachable = cache.wrapAuthApi(
      authApi(async () => {
        throw new ApiError(0, { message: 'Failed to fetch' });
      }),
    );
    await expect(unreachable.me()).rejects.toThrow('Failed to fetch');
    await cache.start(userOf(4));
    expect(await unreachable.me()).toMatchObject({ id: 4 });
    await unreachable.logout();
    await expect(unreachable.me()).rejects.toThrow('Failed to fetch');
  });

  it('believes the server when it answers: signed out (401) or refused stays so', async () => {
    const { cache } = setup();
    await cache.start(userOf(4));
    expect(await cache.wrapAuthApi(authApi(async () => null)).me()).toBeNull();
    const refused = cache.wrapAuthApi(
      authApi(async () => {
        throw new ApiError(500, { message: 'Server Error' });
      }),
    );
    await expect(refused.me()).rejects.toThrow('Server Error');
    // The session ended without a sign-out: the same account may still open offline.
    expect(await cache.lastAccount()).toMatchObject({ id: 4 });
  });
});
