import { ApiError, type ApiClient, type HttpMethod, type QueryObject } from '@school/shared/api';
import {
  bodyFields,
  classifySend,
  conflictFields,
  ifMatch,
  queueableWrite,
  retryDelay,
  type QueuedBody,
  type QueuedWrite,
} from './write-queue.rules';

/** The durable key-value store the queue lives in (the offline feature's OfflineStorage). */
export interface QueueStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  keys(prefix: string): Promise<string[]>;
}

/** Where queued homework files wait: Blobs, beside the queue. */
export interface QueueFileStore {
  put(key: string, blob: Blob): Promise<void>;
  get(key: string): Promise<Blob | undefined>;
  remove(key: string): Promise<void>;
}

/** One sender per account across windows: `run` gives up (false) while another holds the lock. */
export interface QueueLock {
  run(name: string, task: () => Promise<void>): Promise<boolean>;
}

/** One process's lock with navigator.locks' `ifAvailable` semantics (a busy name is not waited for). */
export function memoryLock(): QueueLock {
  const held = new Set<string>();
  return {
    async run(name, task) {
      if (held.has(name)) return false;
      held.add(name);
      try {
        await task();
      } finally {
        held.delete(name);
      }
      return true;
    },
  };
}

/** Whose queue: a queue is never read, let alone sent, under another account or server. */
export interface QueueAccount {
  userId: number;
  server: string;
}

export interface WriteQueueDeps {
  storage: QueueStorage;
  files: QueueFileStore;
  lock: QueueLock;
  account: QueueAccount;
  /** The plain API client (no offline guard): the queue's sends must reach the network. */
  client: ApiClient;
  /** A write reached the server: its screens reload what it changed. */
  onSent?(write: QueuedWrite): void;
  newId?(): string;
  now?(): Date;
}

/** A request the guard hands over, exactly as the screen made it. */
export interface NewWrite {
  id?: string;
  method: HttpMethod;
  path: string;
  query?: QueryObject;
  body: unknown;
  baseVersion?: string | null;
}

export interface FlushResult {
  sent: number;
  /** Try again after this delay (no answer from the server), or null. */
  retryInMs: number | null;
  /** The session ended: the queue waits for the same account's next sign-in. */
  signedOut: boolean;
  /** Another window holds the sender lock. */
  busy: boolean;
}

export const QUEUE_KEY_ROOT = 'write-queue:';

/** The queue's storage prefix for one account on one server. */
export function queuePrefix(account: QueueAccount): string {
  return `${QUEUE_KEY_ROOT}${encodeURIComponent(account.server)}:${account.userId}:`;
}

/**
 * A request body as the queue keeps it, and the files to store beside it (keys from the write's
 * id). Synchronous, so the guard can ask whether a body is queueable before anything is stored.
 */
export function snapshotBody(body: unknown, writeId: string): { body: QueuedBody; blobs: [string, Blob][] } {
  if (body === undefined || body === null) return { body: { type: 'none' }, blobs: [] };
  if (body instanceof URLSearchParams)
    return { body: { type: 'form', fields: [...body.entries()] }, blobs: [] };
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const fields: [string, string][] = [];
    const files: Extract<QueuedBody, { type: 'multipart' }>['files'] = [];
    const blobs: [string, Blob][] = [];
    for (const [field, value] of body.entries()) {
      if (typeof value === 'string') {
        fields.push([field, value]);
        continue;
      }
      const blobKey = `${writeId}:${files.length}`;
      blobs.push([blobKey, value]);
      files.push({ field, blobKey, name: value.name, type: value.type, size: value.size });
    }
    return {
      body: files.length > 0 ? { type: 'multipart', fields, files } : { type: 'form', fields },
      blobs,
    };
  }
  if (typeof body === 'object' && !(body instanceof Blob))
    return { body: { type: 'json', value: { ...(body as Record<string, unknown>) } }, blobs: [] };
  return { body: { type: 'none' }, blobs: [] };
}

/** Builds the body again for a send, the same encoding the screen used (the server reads all alike). */
async function decodeBody(body: QueuedBody, files: QueueFileStore): Promise<unknown> {
  if (body.type === 'none') return undefined;
  if (body.type === 'json') return body.value;
  if (body.type === 'form') return new URLSearchParams(body.fields);
  const form = new FormData();
  for (const [field, value] of body.fields) form.append(field, value);
  for (const file of body.files) {
    const blob = await files.get(file.blobKey);
    if (!blob) throw new ApiError(422, { message: 'homework.file_missing', code: 'homework.file_missing' });
    form.append(file.field, new File([blob], file.name, { type: file.type }), file.name);
  }
  return form;
}

function alreadyThere(write: QueuedWrite, current: Record<string, unknown>): boolean {
  const fields = bodyFields(write.body);
  const names = conflictFields(write);
  return names.length > 0 && names.every((name) => String(current[name] ?? '') === fields[name]);
}

function blobKeys(write: QueuedWrite): string[] {
  return write.body.type === 'multipart' ? write.body.files.map((file) => file.blobKey) : [];
}

/**
 * The durable FIFO queue of one account's lesson writes (issue 34 points 2, 4, 5). Each entry is
 * its own storage key (prefix + creation order), so windows adding and the sender removing never
 * overwrite each other's changes; every change is on disk before the screen hears of it.
 */
export class WriteQueue {
  readonly prefix: string;
  private readonly listeners = new Set<() => void>();
  private counter = 0;

  constructor(private readonly deps: WriteQueueDeps) {
    this.prefix = queuePrefix(deps.account);
  }

  get account(): QueueAccount {
    return this.deps.account;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells this window's screens the queue changed (another window's change included). */
  notify(): void {
    for (const listener of this.listeners) listener();
  }

  async list(): Promise<QueuedWrite[]> {
    const keys = (await this.deps.storage.keys(this.prefix)).sort();
    const writes = await Promise.all(keys.map((key) => this.deps.storage.get<QueuedWrite>(key)));
    return writes.filter((write): write is QueuedWrite => write !== undefined);
  }

  private key(write: QueuedWrite): string {
    return `${this.prefix}${write.seq}`;
  }

  private async save(write: QueuedWrite): Promise<void> {
    await this.deps.storage.set(this.key(write), write);
    this.notify();
  }

  private async drop(write: QueuedWrite): Promise<void> {
    await this.deps.storage.remove(this.key(write));
    for (const key of blobKeys(write)) await this.deps.files.remove(key);
    this.notify();
  }

  /** Keeps a lesson write; anything outside the allowlist is refused with a TypeError. */
  async enqueue(request: NewWrite): Promise<QueuedWrite> {
    const id = request.id ?? (this.deps.newId ?? (() => crypto.randomUUID()))();
    const { body, blobs } = snapshotBody(request.body, id);
    const allowed = queueableWrite(request.method, request.path, body);
    if (!allowed) throw new TypeError(`Not a queueable write: ${request.method} ${request.path}`);
    for (const [key, blob] of blobs) await this.deps.files.put(key, blob);
    const now = (this.deps.now ?? (() => new Date()))();
    this.counter += 1;
    const seq = `${String(now.getTime()).padStart(15, '0')}-${String(this.counter).padStart(6, '0')}-${id}`;
    const write: QueuedWrite = {
      id,
      seq,
      method: request.method,
      path: request.path,
      ...(request.query ? { query: request.query } : {}),
      body,
      baseVersion: request.baseVersion ?? null,
      createdAt: now.toISOString(),
      kind: allowed.kind,
      studyId: allowed.studyId,
      state: 'pending',
      attempts: 0,
    };
    await this.save(write);
    return write;
  }

  /** Whether writes wait: a new lesson write then queues behind them, never overtakes them. */
  async hasWaiting(path: string): Promise<boolean> {
    return (await this.list()).some((write) => write.state === 'pending' || write.path === path);
  }

  async discard(id: string): Promise<void> {
    const write = (await this.list()).find((entry) => entry.id === id);
    if (write) await this.drop(write);
  }

  /**
   * Sends the conflicting write again over the server's current version, with `fields` replacing
   * its texts (the teacher's own, or their merge). A new key: the refused try wrote nothing.
   */
  async resolve(id: string, version: string | null, fields: Record<string, string>): Promise<void> {
    const write = (await this.list()).find((entry) => entry.id === id);
    if (!write) return;
    const body: QueuedBody =
      write.body.type === 'json'
        ? { type: 'json', value: { ...write.body.value, ...fields } }
        : write.body.type === 'form'
          ? { type: 'form', fields: write.body.fields.map(([name, value]) => [name, fields[name] ?? value]) }
          : write.body;
    const { current: _current, error: _error, ...rest } = write;
    await this.save({
      ...rest,
      id: (this.deps.newId ?? (() => crypto.randomUUID()))(),
      body,
      baseVersion: version,
      state: 'pending',
      attempts: 0,
    });
  }

  private async send(write: QueuedWrite): Promise<unknown> {
    const headers: Record<string, string> = { 'Idempotency-Key': write.id };
    if (write.baseVersion) headers['If-Match'] = ifMatch(write.baseVersion);
    try {
      await this.deps.client.request(write.path, {
        method: write.method,
        query: write.query,
        body: await decodeBody(write.body, this.deps.files),
        headers,
        ignoreUnauthenticated: true,
      });
      return null;
    } catch (error) {
      return error;
    }
  }

  /**
   * Sends the pending writes oldest first, one at a time, under the account's sender lock. A write
   * waiting behind an unsettled one of the same row (failed, in conflict) stays: order per row holds.
   */
  async flush(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retryInMs: null, signedOut: false, busy: false };
    const ran = await this.deps.lock.run(`${this.prefix}sender`, async () => {
      const blocked = new Set<string>();
      for (const listed of await this.list()) {
        // Read again: another window may have settled or discarded it meanwhile.
        const write = await this.deps.storage.get<QueuedWrite>(this.key(listed));
        if (!write) continue;
        if (write.state !== 'pending' || blocked.has(write.path)) {
          blocked.add(write.path);
          continue;
        }
        const error = await this.send(write);
        const outcome = classifySend(error);
        if (outcome === 'sent') {
          await this.drop(write);
          result.sent += 1;
          this.deps.onSent?.(write);
          continue;
        }
        if (outcome === 'retry') {
          const attempts = write.attempts + 1;
          await this.save({ ...write, attempts });
          result.retryInMs = retryDelay(attempts);
          return;
        }
        if (outcome === 'signedOut') {
          result.signedOut = true;
          return;
        }
        const body = error instanceof ApiError ? error.body : undefined;
        blocked.add(write.path);
        const current = (body as { current?: Record<string, unknown> } | undefined)?.current;
        if (outcome === 'conflict' && current && alreadyThere(write, current)) {
          // The row already holds the teacher's text (our own earlier try landed): nothing to choose.
          await this.drop(write);
          result.sent += 1;
          this.deps.onSent?.(write);
          blocked.delete(write.path);
          continue;
        }
        if (outcome === 'conflict') {
          await this.save({ ...write, state: 'conflict', ...(current ? { current } : {}) });
        } else {
          const message = body?.errors ? Object.values(body.errors).flat().join('\n') : body?.message;
          await this.save({ ...write, state: 'failed', error: message ?? '' });
        }
      }
    });
    result.busy = !ran;
    return result;
  }
}
