import { ApiError, WriteQueuedError, type ApiClient, type RequestOptions } from '@school/shared/api';
import { snapshotBody, type WriteQueue } from './write-queue';
import { isNetworkFailure, queueableWrite } from './write-queue.rules';

export interface WriteGuardDeps {
  /** The signed-in account's queue; null before sign-in. */
  queue(): WriteQueue | null;
  /** Whether the server is reachable as far as the app knows (the offline banner's state). */
  isOnline(): boolean;
  /** A write was queued: the sender may try at once (the server may be back already). */
  onQueued(): void;
  /** The refusal of a write that cannot wait, in the interface language. */
  refusal(): string;
  newId?(): string;
}

export const OFFLINE_REFUSED = 'offlineWrites.refused';

/**
 * The one guard every write of the staff app passes (issue 34 point 2). Reads go through untouched.
 * A lesson write (the allowlist in write-queue.rules.ts) carries an Idempotency-Key from its first
 * try; offline, on no answer, or while older writes still wait, it is queued and the caller gets a
 * WriteQueuedError (its screen shows it pending). Any other write offline is refused with a
 * translated message and never queued.
 */
export function guardOfflineWrites(inner: ApiClient, deps: WriteGuardDeps): ApiClient {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    if (method === 'GET') return inner.request<T>(path, options);
    const queue = deps.queue();
    const id = (deps.newId ?? (() => crypto.randomUUID()))();
    const lesson =
      queue !== null && queueableWrite(method, path, snapshotBody(options.body, id).body) !== null;
    if (!lesson || !queue) {
      if (!deps.isOnline()) throw new ApiError(0, { message: deps.refusal(), code: OFFLINE_REFUSED });
      return inner.request<T>(path, options);
    }
    const keep = async (): Promise<never> => {
      await queue.enqueue({
        id,
        method,
        path,
        query: options.query,
        body: options.body,
        baseVersion: options.baseVersion ?? options.headers?.['If-Match'] ?? null,
      });
      deps.onQueued();
      throw new WriteQueuedError(id);
    };
    if (!deps.isOnline() || (await queue.hasWaiting(path))) return keep();
    try {
      return await inner.request<T>(path, {
        ...options,
        headers: { ...options.headers, 'Idempotency-Key': id },
      });
    } catch (error) {
      if (isNetworkFailure(error)) return keep();
      throw error;
    }
  }

  return {
    baseUrl: inner.baseUrl,
    url: inner.url,
    request,
    get: (path, query, opts) => request(path, { ...opts, method: 'GET', query: query ?? opts?.query }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
  };
}
