import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { isApiError, type AuthApi, type AuthUser } from '@school/shared/api';
import type { Connectivity } from './connectivity';
import {
  OFFLINE_CACHE_MAX_AGE_MS,
  OFFLINE_CACHE_THROTTLE_MS,
  accountKeyOf,
  cacheKeyOf,
  cacheKeyPrefixOf,
  shouldPersistQuery,
} from './offline-cache.rules';
import type { OfflineStorage } from './offline-storage';

/**
 * The staff app's server data kept per account for offline use (issue 34 point 1; the rules are in
 * docs/domain-rules.md, "Offline staff app"):
 * - signed in (a sign-in, or a session check the server answered): that account's persisted cache
 *   is read, and every change is saved back (throttled) beside what was read and not loaded again;
 * - the persisted answers reach the screens only without the server (at the start, or once the
 *   connection is lost), and never replace a newer answer: online, the screens load afresh, so a
 *   form never opens on an answer older than the server's (a reload right after a save);
 * - an account switch (another account signs in on this server) deletes the other accounts' caches;
 * - an explicit sign-out deletes the account's cache and its remembered identity;
 * - starting without the server: the last signed-in account (not signed out since) is taken as
 *   signed in, so the app opens on its cached data instead of the sign-in page.
 */
export interface OfflineCache {
  /** The signed-in user: restores their cache (switching accounts if needed), then keeps it saved. */
  start(user: AuthUser): Promise<void>;
  /** Stops saving (the session ended without a sign-out: the cache stays for the same account). */
  stop(): void;
  /** An explicit sign-out: nothing of the account stays on the machine. */
  signOut(): Promise<void>;
  /** The account the app may open offline, if any. */
  lastAccount(): Promise<AuthUser | null>;
  /** The auth calls with the offline rules around them (for the AuthProvider). */
  wrapAuthApi(inner: AuthApi): AuthApi;
}

export interface OfflineCacheOptions {
  storage: OfflineStorage;
  queryClient: QueryClient;
  /** Where the API is (the page's origin, or the desktop's server address). */
  serverAddress: string;
  /** A cache written by another build is dropped. */
  buster: string;
  connectivity: Connectivity;
  throttleMs?: number;
}

interface RememberedAccount {
  user: AuthUser;
  savedAt: number;
}

interface Session {
  userId: number;
  /** Set once stopped: a throttled save still pending writes nothing any more. */
  closed: boolean;
  unsubscribe: () => void;
  /** What the last session kept: shown once offline, saved again while not reloaded. */
  earlier: QueryClient;
}

/** The session check could not reach the server (not: the server said "signed out"). */
export function isUnreachableError(error: unknown): boolean {
  if (!isApiError(error)) return error instanceof TypeError;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** The newest answer among the restored queries: how old the data shown offline is. */
function newestData(queryClient: QueryClient): Date | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success') newest = Math.max(newest, query.state.dataUpdatedAt);
  }
  return newest > 0 ? new Date(newest) : null;
}

/**
 * The persist packages (5.104) bring their own query-core while the app has 5.108: the same
 * public API (hydrate, dehydrate, the cache's subscribe), but TypeScript sees two QueryClient
 * classes. One cast here; the e2e test proves the round trip.
 */
type PersistedQueryClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];

type PersistedClientState = Parameters<Persister['persistClient']>[0];

/** The answers being saved, plus those of the last session this one has not loaded again. */
function withEarlier(client: PersistedClientState, earlier: QueryClient): PersistedClientState {
  const saved = new Set(client.clientState.queries.map((query) => query.queryHash));
  const kept = dehydrate(earlier, { shouldDehydrateQuery: shouldPersistQuery }).queries.filter(
    (query) => !saved.has(query.queryHash),
  );
  if (kept.length === 0) return client;
  const queries = [...client.clientState.queries, ...kept] as typeof client.clientState.queries;
  return { ...client, clientState: { ...client.clientState, queries } };
}

export function createOfflineCache(options: OfflineCacheOptions): OfflineCache {
  const { storage, queryClient, serverAddress, buster, connectivity } = options;
  const persistedClient = queryClient as unknown as PersistedQueryClient;
  const accountKey = accountKeyOf(serverAddress);
  let session: Session | null = null;
  let starting: Promise<void> | null = null;
  let startingFor: number | null = null;

  function persisterFor(userId: number, current: { closed: boolean }) {
    return createAsyncStoragePersister({
      key: cacheKeyOf(serverAddress, userId),
      throttleTime: options.throttleMs ?? OFFLINE_CACHE_THROTTLE_MS,
      storage: {
        getItem: async (key) => (await storage.get<string>(key)) ?? null,
        setItem: async (key, value) => {
          if (!current.closed) await storage.set(key, value);
        },
        removeItem: (key) => storage.remove(key),
      },
    });
  }

  async function forgetOtherAccounts(userId: number): Promise<void> {
    const own = cacheKeyOf(serverAddress, userId);
    const others = (await storage.keys(cacheKeyPrefixOf(serverAddress))).filter((key) => key !== own);
    await Promise.all(others.map((key) => storage.remove(key)));
  }

  function stop(): void {
    if (!session) return;
    session.closed = true;
    session.unsubscribe();
    session = null;
  }

  async function begin(user: AuthUser): Promise<void> {
    const remembered = await storage.get<RememberedAccount>(accountKey).catch(() => undefined);
    const switched = session !== null || (remembered !== undefined && remembered.user.id !== user.id);
    stop();
    if (switched) {
      // Another account's data never shows under this one, in memory or on disk.
      queryClient.clear();
      await forgetOtherAccounts(user.id);
    }
    await storage.set(accountKey, { user, savedAt: Date.now() } satisfies RememberedAccount);
    const earlier = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    const current: Session = { userId: user.id, closed: false, unsubscribe: () => undefined, earlier };
    const persister = persisterFor(user.id, current);
    try {
      await persistQueryClientRestore({
        queryClient: earlier as unknown as PersistedQueryClient,
        persister,
        buster,
        maxAge: OFFLINE_CACHE_MAX_AGE_MS,
      });
    } catch {
      // An unreadable cache is dropped (the restore removed it): the screens load afresh.
    }
    const showEarlier = () => {
      if (current.closed) return;
      // hydrate keeps a query the screens loaded since: only older or missing answers come in.
      hydrate(queryClient, dehydrate(earlier));
      const restoredAsOf = newestData(earlier);
      if (restoredAsOf) connectivity.restoredDataAsOf(restoredAsOf);
    };
    if (!connectivity.getState().online) showEarlier();
    const stopWatching = connectivity.subscribe((state) => {
      if (!state.online) showEarlier();
    });
    const stopSaving = persistQueryClientSubscribe({
      queryClient: persistedClient,
      persister: {
        ...persister,
        persistClient: (client) => persister.persistClient(withEarlier(client, earlier)),
      },
      buster,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
    });
    current.unsubscribe = () => {
      stopWatching();
      stopSaving();
      earlier.clear();
    };
    session = current;
  }

  const cache: OfflineCache = {
    start(user) {
      if (session?.userId === user.id) return Promise.resolve();
      if (starting && startingFor === user.id) return starting;
      startingFor = user.id;
      starting = begin(user).finally(() => {
        starting = null;
        startingFor = null;
      });
      return starting;
    },
    stop,
    async signOut() {
      const remembered = await storage.get<RememberedAccount>(accountKey).catch(() => undefined);
      const userId = session?.userId ?? remembered?.user.id;
      stop();
      queryClient.clear();
      await storage.remove(accountKey);
      if (userId !== undefined) await storage.remove(cacheKeyOf(serverAddress, userId));
    },
    async lastAccount() {
      const remembered = await storage.get<RememberedAccount>(accountKey).catch(() => undefined);
      return remembered?.user ?? null;
    },
    wrapAuthApi(inner) {
      return {
        ...inner,
        async me() {
          try {
            return await inner.me();
          } catch (error) {
            if (!isUnreachableError(error)) throw error;
            const last = await cache.lastAccount();
            if (!last) throw error;
            return last;
          }
        },
        async logout() {
          try {
            await inner.logout();
          } finally {
            // Offline too: the user asked for nothing of theirs to stay here.
            await cache.signOut();
          }
        },
      };
    },
  };
  return cache;
}
