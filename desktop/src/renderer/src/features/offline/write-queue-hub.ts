import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ApiClient } from '@school/shared/api';
import {
  WriteQueue,
  type QueueAccount,
  type QueueFileStore,
  memoryLock,
  type QueueLock,
  type QueueStorage,
} from './write-queue';
import type { QueuedWrite } from './write-queue.rules';

/**
 * Queued homework files wait in IndexedDB, in Electron as in the browser: the renderer is sandboxed
 * (a picked file's path is not ours to keep, and the file may be moved or deleted before the server
 * is back), and IndexedDB keeps Blobs as they are, on disk in the app's user data folder, up to the
 * homework limit (8192 KB a file) without a copy through JSON or IPC.
 */
export const QUEUE_FILES_DATABASE = 'school-offline-queue-files';

function idbFiles(): QueueFileStore {
  let store: UseStore | undefined;
  const idb = () => (store ??= createStore(QUEUE_FILES_DATABASE, 'files'));
  return {
    put: (key, blob) => set(key, blob, idb()),
    get: (key) => get<Blob>(key, idb()),
    remove: (key) => del(key, idb()),
  };
}

/**
 * navigator.locks across windows and tabs of the same origin (Electron's calendar windows too);
 * where it is missing, one window's own lock.
 */
function webLock(): QueueLock {
  const local = memoryLock();
  return {
    async run(name, task) {
      if (typeof navigator === 'undefined' || !navigator.locks) return local.run(name, task);
      return navigator.locks.request(name, { ifAvailable: true }, async (lock): Promise<boolean> => {
        if (!lock) return false;
        await task();
        return true;
      });
    },
  };
}

export interface WriteQueueHubDeps {
  storage: () => QueueStorage;
  /** The plain API client the sender uses (the guard would queue its own sends). */
  client: () => ApiClient;
  /** Tells the other windows that the queue changed (BroadcastChannel). */
  channel?: BroadcastChannel | null;
}

export interface HubSnapshot {
  account: QueueAccount | null;
  writes: readonly QueuedWrite[];
  /** The session ended while writes waited: they go after the same account signs in again. */
  waitingForSignIn: boolean;
}

/**
 * The window's queue of the signed-in account and its sender: it sends at start, when a write is
 * queued, when the connection comes back, and after a backoff when the server did not answer.
 * Another account's sign-in binds another queue: nobody ever sends someone else's writes.
 */
export class WriteQueueHub {
  private queue: WriteQueue | null = null;
  private snapshot: HubSnapshot = { account: null, writes: [], waitingForSignIn: false };
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(write: QueuedWrite) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;
  private again = false;
  private readonly files = idbFiles();
  private readonly lock = webLock();

  constructor(private readonly deps: WriteQueueHubDeps) {
    deps.channel?.addEventListener('message', () => void this.refresh());
  }

  current(): WriteQueue | null {
    return this.queue;
  }

  getSnapshot = (): HubSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A queued write reached the server: screens reload what it changed. */
  onSent(listener: (write: QueuedWrite) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  /** The signed-in account (null: signed out): binds its queue and sends what waits. */
  bind(account: QueueAccount | null): void {
    const same =
      account &&
      this.queue &&
      this.queue.account.userId === account.userId &&
      this.queue.account.server === account.server;
    if (same) {
      // The same account again (a sign-in after the session ended): what waited goes now.
      this.flushSoon();
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = account
      ? new WriteQueue({
          storage: this.deps.storage(),
          files: this.files,
          lock: this.lock,
          account,
          client: this.deps.client(),
          onSent: (write) => this.sentListeners.forEach((listener) => listener(write)),
        })
      : null;
    this.queue?.subscribe(() => {
      this.deps.channel?.postMessage('changed');
      void this.refresh();
    });
    this.snapshot = { account, writes: [], waitingForSignIn: false };
    this.emit();
    void this.refresh().then(() => this.flushSoon());
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  async refresh(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    const writes = await queue.list();
    if (queue !== this.queue) return;
    this.snapshot = { ...this.snapshot, writes };
    this.emit();
  }

  /** Sends now (a write was queued, the connection came back); one run at a time per window. */
  flushSoon(): void {
    if (this.flushing) {
      this.again = true;
      return;
    }
    const queue = this.queue;
    if (!queue) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = (async () => {
      const result = await queue.flush().catch(() => null);
      if (queue !== this.queue || !result) return;
      if (result.signedOut !== this.snapshot.waitingForSignIn) {
        this.snapshot = { ...this.snapshot, waitingForSignIn: result.signedOut };
        this.emit();
      }
      if (result.retryInMs !== null) this.timer = setTimeout(() => this.flushSoon(), result.retryInMs);
    })().finally(() => {
      this.flushing = null;
      if (this.again) {
        this.again = false;
        this.flushSoon();
      }
    });
  }

  async discard(id: string): Promise<void> {
    await this.queue?.discard(id);
  }

  async resolve(id: string, version: string | null, fields: Record<string, string>): Promise<void> {
    await this.queue?.resolve(id, version, fields);
    this.flushSoon();
  }
}
