import { IMPORT_KINDS, type ImportKind } from './import.types';

/**
 * The import whose job the page last started: remembered in local storage so that closing the
 * window (or the app) and opening the Import page again shows its progress or its result. Kept
 * with its user: someone else signing in on the same computer starts afresh.
 */
const KEY = 'imports:last';
const ID = /^[A-Za-z0-9-]{1,64}$/;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LastImport {
  importId: string;
  kind: ImportKind;
  userId: number;
}

/** The signed-in user's last started import, or null. */
export function readLastImport(storage: KeyValueStorage, userId: number): LastImport | null {
  try {
    const raw = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<LastImport> | null;
    if (!raw || typeof raw.importId !== 'string' || !ID.test(raw.importId)) return null;
    if (!(IMPORT_KINDS as readonly unknown[]).includes(raw.kind)) return null;
    if (raw.userId !== userId) return null;
    return { importId: raw.importId, kind: raw.kind as ImportKind, userId };
  } catch {
    return null;
  }
}

export function writeLastImport(storage: KeyValueStorage, last: LastImport): void {
  try {
    storage.setItem(KEY, JSON.stringify(last));
  } catch {
    // Without storage the progress is still shown while the page stays open.
  }
}

export function forgetLastImport(storage: KeyValueStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing remembered then
  }
}
