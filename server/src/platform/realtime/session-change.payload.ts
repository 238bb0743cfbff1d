import { isPositiveId, parseNotifyObject } from './notify-payload.js';

/**
 * The message on the `session_changes` channel, written by the database triggers of migration
 * 019: sessions that ended, or sessions (or every session of users) whose rights may have changed.
 */

export const SESSION_CHANGES_CHANNEL = 'session_changes';

export interface SessionChange {
  kind: 'ended' | 'changed';
  sessionIds: string[];
  userIds: number[];
}

const isSessionId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);

/** Anything malformed is dropped: a hand-written NOTIFY must not disconnect anyone by accident. */
export function parseSessionChange(payload: string | undefined): SessionChange | null {
  const raw = parseNotifyObject(payload);
  if (!raw) return null;
  const { kind, sessionIds, userIds } = raw;
  if (kind !== 'ended' && kind !== 'changed') return null;
  if (!Array.isArray(sessionIds) || !sessionIds.every(isSessionId)) return null;
  if (!Array.isArray(userIds) || !userIds.every(isPositiveId)) return null;
  return { kind, sessionIds, userIds };
}
