import type { AuthState } from '../../platform/security/auth-state.js';
import type { SessionChange } from '../../platform/realtime/session-change.payload.js';
import type { SessionRow } from './session.repository.js';

/**
 * The signed-in state of recent sessions (session row, user, children, abilities), kept per
 * process so a request needs no session and user look-ups (2 statements of every request before).
 *
 * Exact because the database announces every change that could alter it on `session_changes`
 * (migrations 019 and 029): a session ended or its role switched, a user's role, active flag,
 * names, e-mail or password changed, a child linked, unlinked or renamed. The cache is only used
 * while this process LISTENs: until LISTEN is in place and from the moment the connection is lost
 * (re-opened: everything is dropped) every request reads the database, as without the cache.
 * A change is seen by every request this process reads after its NOTIFY, which PostgreSQL sends
 * at commit (session-cache.int.test.ts: the very next request sees a role change, a
 * deactivation, a password change, a sign-out). Expiry needs no NOTIFY: an entry is used only
 * before its session's expires_at, and never longer than MAX_AGE_MS after it was read.
 */
export interface CachedSession {
  session: SessionRow;
  auth: AuthState;
  readAt: number;
}

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface SessionCache {
  get(id: string): CachedSession | undefined;
  /** A read started at `generation` (stamp()): dropped when a change arrived meanwhile. */
  put(id: string, entry: CachedSession, generation: number): void;
  stamp(): number;
  apply(change: SessionChange): void;
  /** Whether this process hears session_changes (false: the cache holds and answers nothing). */
  setListening(listening: boolean): void;
}

export function createSessionCache(now: () => number = Date.now): SessionCache {
  const entries = new Map<string, CachedSession>();
  let listening = false;
  // Bumped by every change: a read that began before a change must not be stored after it.
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  return {
    get(id) {
      if (!listening) return undefined;
      const e = entries.get(id);
      if (!e) return undefined;
      const t = now();
      if (t - e.readAt > MAX_AGE_MS || new Date(e.session.expires_at).getTime() <= t) {
        entries.delete(id);
        return undefined;
      }
      return e;
    },
    put(id, entry, started) {
      if (!listening || started !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(id, entry);
    },
    stamp: () => generation,
    apply(change) {
      generation++;
      for (const id of change.sessionIds) entries.delete(id);
      if (!change.userIds.length) return;
      const users = new Set(change.userIds);
      for (const [id, e] of entries) if (users.has(e.auth.user.id)) entries.delete(id);
    },
    setListening(value) {
      clear();
      listening = value;
    },
  };
}
