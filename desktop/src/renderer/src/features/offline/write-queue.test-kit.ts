import { createApiClient, type ApiClient } from '@school/shared/api';
import {
  WriteQueue,
  type QueueAccount,
  type QueueFileStore,
  memoryLock,
  type QueueLock,
  type QueueStorage,
} from './write-queue';

/** A storage in memory with the OfflineStorage contract (one shared by the "windows" of a test). */
export function memoryStorage(): QueueStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(key: string) => Promise.resolve(structuredClone(data.get(key)) as T | undefined),
    set: (key, value) => Promise.resolve(void data.set(key, structuredClone(value))),
    remove: (key) => Promise.resolve(void data.delete(key)),
    keys: (prefix) => Promise.resolve([...data.keys()].filter((key) => key.startsWith(prefix))),
  };
}

export function memoryFiles(): QueueFileStore & { data: Map<string, Blob> } {
  const data = new Map<string, Blob>();
  return {
    data,
    put: (key, blob) => Promise.resolve(void data.set(key, blob)),
    get: (key) => Promise.resolve(data.get(key)),
    remove: (key) => Promise.resolve(void data.delete(key)),
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** A scripted server at the fetch boundary: `answer` gives each request's reply (or throws: no network). */
export function scriptedClient(answer: (request: SeenRequest) => Response): {
  client: ApiClient;
  seen: SeenRequest[];
} {
  const seen: SeenRequest[] = [];
  const client = createApiClient({
    baseUrl: 'http://school.test',
    getLanguage: () => 'uk',
    fetchImpl: (input, init) => {
      const request: SeenRequest = {
        method: init?.method ?? 'GET',
        url: String(input),
        headers: new Headers(init?.headers),
        body: init?.body,
      };
      seen.push(request);
      try {
        return Promise.resolve(answer(request));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
  return { client, seen };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function makeQueue(
  parts: { storage: QueueStorage; files?: QueueFileStore; lock?: QueueLock; client: ApiClient },
  account: QueueAccount = { userId: 7, server: 'http://school.test' },
): WriteQueue {
  let tick = Date.parse('2026-11-28T10:00:00Z');
  return new WriteQueue({
    storage: parts.storage,
    files: parts.files ?? memoryFiles(),
    lock: parts.lock ?? memoryLock(),
    account,
    client: parts.client,
    now: () => new Date((tick += 1000)),
  });
}
