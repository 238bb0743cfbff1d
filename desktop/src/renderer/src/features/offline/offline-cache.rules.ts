import type { Query } from '@tanstack/react-query';

/**
 * What the staff app keeps of its server data for offline use, and under which keys
 * (docs/domain-rules.md, "Offline staff app").
 */

/** How long a persisted cache (and each query in it) is good for: a long outage, a weekend. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Saves of a busy screen are gathered: at most one write per this many ms. */
export const OFFLINE_CACHE_THROTTLE_MS = 1_000;

/**
 * Query keys' first parts worth keeping: the calendars, the study modal's panels (cached through
 * their live loads as ['study-panel', …]), the admin lists' pages and the lookups the screens
 * need. Not kept: the session, forms' one-off lookups, analytics (big and quickly stale), files.
 */
export const PERSISTED_QUERY_ROOTS: readonly string[] = [
  'calendar',
  'study_types',
  'study-panel',
  'study-modal',
  'resources',
  'teacher-profile',
  'user-picker',
  'user-search',
];

/** One query's data at most (a big admin page is well under it; a file never is). */
export const PERSISTED_QUERY_MAX_CHARS = 2 * 1024 * 1024;

export function isPersistedQueryKey(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && PERSISTED_QUERY_ROOTS.includes(queryKey[0]);
}

function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}

/** Only successful answers of the kept kinds, each of a sensible size. */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success' || !isPersistedQueryKey(query.queryKey)) return false;
  return jsonSize(query.state.data) <= PERSISTED_QUERY_MAX_CHARS;
}

/** A server address as part of a key: as is when short, else a stable hash of it. */
export function addressPart(serverAddress: string): string {
  const clean = serverAddress
    .trim()
    .replace(/\/+$/, '')
    .replace(/[^\x21-\x7e]/g, '_');
  if (clean.length <= 100) return clean;
  // FNV-1a: the same address always gives the same key; collisions do not matter at this scale.
  let hash = 0x811c9dc5;
  for (let index = 0; index < clean.length; index += 1) {
    hash ^= clean.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `#${hash.toString(16)}`;
}

/** Every offline key of this app starts with one of these. */
export const OFFLINE_KEY_PREFIX = {
  cache: 'cache:',
  account: 'account:',
} as const;

/** The persisted query cache of one account on one server. */
export function cacheKeyOf(serverAddress: string, userId: number): string {
  return `${OFFLINE_KEY_PREFIX.cache}${addressPart(serverAddress)}|${userId}`;
}

/** Every account's cache on this server starts with this. */
export function cacheKeyPrefixOf(serverAddress: string): string {
  return `${OFFLINE_KEY_PREFIX.cache}${addressPart(serverAddress)}|`;
}

/** The last signed-in account's identity on this server (for a start without the server). */
export function accountKeyOf(serverAddress: string): string {
  return `${OFFLINE_KEY_PREFIX.account}${addressPart(serverAddress)}`;
}

/** The app version: a cache written by another version is dropped (its shapes may differ). */
export function cacheBuster(appVersion: string): string {
  return `staff-${appVersion}`;
}
