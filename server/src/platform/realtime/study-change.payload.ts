import { isPositiveId, parseNotifyObject } from './notify-payload.js';

/**
 * The message on the `study_changes` channel, written by publishStudyChange and by the database
 * triggers of migration 015, and forwarded to sockets as `study:changed`.
 */

export const STUDY_CHANGES_CHANNEL = 'study_changes';

export const STUDY_CHANGE_KINDS = [
  'created',
  'updated',
  'deleted',
  'transferred',
  'report',
  'recording',
] as const;
export type StudyChangeKind = (typeof STUDY_CHANGE_KINDS)[number];

export interface StudyChange {
  /** null: a bulk write touched many studies; the client reloads the calendars of userIds. */
  studyId: number | null;
  kind: StudyChangeKind;
  userIds: number[];
}

/** NOTIFY payloads are limited to 8000 bytes. */
export const USER_IDS_PER_MESSAGE = 500;


/** Anything malformed (a hand-written NOTIFY, an older server) is dropped rather than forwarded. */
export function parseStudyChange(payload: string | undefined): StudyChange | null {
  const raw = parseNotifyObject(payload);
  if (!raw) return null;
  const { studyId, kind, userIds } = raw;
  if (studyId !== null && !isPositiveId(studyId)) return null;
  if (!STUDY_CHANGE_KINDS.includes(kind as StudyChangeKind)) return null;
  if (!Array.isArray(userIds) || !userIds.every(isPositiveId)) return null;
  return { studyId, kind: kind as StudyChangeKind, userIds: [...new Set(userIds)] };
}

/** Payloads for one change, split so that each stays under the NOTIFY size limit. */
export function studyChangePayloads(change: StudyChange): string[] {
  const ids = [...new Set(change.userIds)].filter(isPositiveId);
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += USER_IDS_PER_MESSAGE) {
    out.push(
      JSON.stringify({
        studyId: change.studyId,
        kind: change.kind,
        userIds: ids.slice(i, i + USER_IDS_PER_MESSAGE),
      }),
    );
  }
  return out;
}

// When one burst reports the same study several ways (a transfer command publishes
// 'transferred' while the trigger says 'updated'), the most telling kind wins.
const PRECEDENCE: Record<StudyChangeKind, number> = {
  deleted: 6,
  created: 5,
  transferred: 4,
  updated: 3,
  report: 2,
  recording: 1,
};

/**
 * Merges a burst: one change per study (user ids united, strongest kind), bulk changes
 * (studyId null) united per kind. Order of first appearance is kept.
 */
export function coalesceStudyChanges(changes: readonly StudyChange[]): StudyChange[] {
  const byKey = new Map<string, StudyChange>();
  for (const c of changes) {
    const key = c.studyId === null ? `bulk:${c.kind}` : `study:${c.studyId}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...c, userIds: [...c.userIds] });
      continue;
    }
    seen.userIds = [...new Set([...seen.userIds, ...c.userIds])];
    if (PRECEDENCE[c.kind] > PRECEDENCE[seen.kind]) seen.kind = c.kind;
  }
  return [...byKey.values()];
}
