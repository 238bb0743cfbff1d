import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { getNativeBridge, type NativeOfflineStore } from '../../platform/native-bridge';

/**
 * The staff app's durable key-value store for offline use (issue 34): the persisted query cache
 * of each account, the last signed-in identity, the write queue. Values are JSON data (a few MB
 * at most). Durable: it survives closing the app and restarting the machine.
 *
 * - desktop: main keeps one file per key in the user data folder, written atomically (IPC
 *   channels offline:get/set/remove/keys, desktop/src/main/offline-store.service.ts);
 * - browser build (/staff/): IndexedDB through idb-keyval, database OFFLINE_IDB_DATABASE.
 */
export interface OfflineStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  /** Every stored key that starts with prefix ('' lists them all), sorted. */
  keys(prefix: string): Promise<string[]>;
}

/** The IndexedDB database and object store of the browser build (tests look into it). */
export const OFFLINE_IDB_DATABASE = 'school-offline';
export const OFFLINE_IDB_STORE = 'keyval';

/** Keys are printable ASCII without spaces, at most this long (main names a file after each). */
export const OFFLINE_KEY_MAX_LENGTH = 180;

export function isOfflineKey(key: string): boolean {
  return key.length > 0 && key.length <= OFFLINE_KEY_MAX_LENGTH && /^[\x21-\x7e]+$/.test(key);
}

function checkedKey(key: string): string {
  if (!isOfflineKey(key)) throw new RangeError(`invalid offline storage key: ${key.slice(0, 40)}`);
  return key;
}

/** The desktop adapter over the preload bridge. */
export function createNativeOfflineStorage(store: NativeOfflineStore): OfflineStorage {
  return {
    async get<T>(key: string) {
      const answer = await store.get(checkedKey(key));
      return answer.found ? (answer.value as T) : undefined;
    },
    set: (key, value) => store.set(checkedKey(key), value),
    remove: (key) => store.remove(checkedKey(key)),
    keys: (prefix) => store.keys(prefix),
  };
}

/** The browser adapter: IndexedDB (values are stored as structured clones of their JSON). */
export function createIdbOfflineStorage(database = OFFLINE_IDB_DATABASE): OfflineStorage & {
  /** Everything gone (tests). */
  clearAll(): Promise<void>;
} {
  let store: UseStore | undefined;
  const idb = () => (store ??= createStore(database, OFFLINE_IDB_STORE));
  return {
    get: <T>(key: string) => get<T>(checkedKey(key), idb()),
    // Through JSON: the same values the desktop store keeps (no Dates or Maps surviving here only).
    set: (key, value) => set(checkedKey(key), JSON.parse(JSON.stringify(value)) as unknown, idb()),
    remove: (key) => del(checkedKey(key), idb()),
    keys: async (prefix) =>
      (await keys(idb()))
        .filter((key): key is string => typeof key === 'string' && key.startsWith(prefix))
        .sort(),
    clearAll: () => clear(idb()),
  };
}

/** In memory, for unit tests of the logic above the store and for hosts with no storage at all. */
export function createMemoryOfflineStorage(): OfflineStorage {
  const values = new Map<string, string>();
  return {
    get: async <T>(key: string) => {
      const json = values.get(checkedKey(key));
      return json === undefined ? undefined : (JSON.parse(json) as T);
    },
    set: async (key, value) => void values.set(checkedKey(key), JSON.stringify(value)),
    remove: async (key) => void values.delete(checkedKey(key)),
    keys: async (prefix) => [...values.keys()].filter((key) => key.startsWith(prefix)).sort(),
  };
}

let instance: OfflineStorage | undefined;

/** The app's one offline store: the desktop's files through main, or IndexedDB in a browser. */
export function offlineStorage(): OfflineStorage {
  if (instance) return instance;
  const native = getNativeBridge().offlineStore;
  instance = native ? createNativeOfflineStorage(native) : createIdbOfflineStorage();
  return instance;
}
