import { isPositiveId, parseNotifyObject } from './notify-payload.js';

/**
 * The message on the `study_changes` channel, written by publishStudyChange and by the database
 * triggers of migration 015, and forwarded to sockets as `study:changed`.
 */

export const STUDY_CHANGES_CHANNEL = 'study_changes';

/** What happened to the study itself. */
export const STUDY_LEVEL_KINDS = ['created', 'updated', 'deleted', 'transferred'] as const;
/**
 * What changed among the things hanging off a study (its reports, recordings, chat messages,
 * homework files): each is its own event, never merged with another kind of the same study.
 */
export const STUDY_ITEM_KINDS = ['report', 'recording', 'message', 'task'] as const;
export const STUDY_CHANGE_KINDS = [...STUDY_LEVEL_KINDS, ...STUDY_ITEM_KINDS] as const;
export type StudyChangeKind = (typeof STUDY_CHANGE_KINDS)[number];
export type StudyItemKind = (typeof STUDY_ITEM_KINDS)[number];

export const isItemKind = (kind: StudyChangeKind): kind is StudyItemKind =>
  (STUDY_ITEM_KINDS as readonly string[]).includes(kind);

export interface StudyChange {
  /** null: a bulk write touched many studies; the client reloads the calendars of userIds. */
  studyId: number | null;
  kind: StudyChangeKind;
  /** The study's participants (and anyone a participants change added or removed). */
  userIds: number[];
  /**
   * Kinds `report` and `task`: the students the changed reports or homework files are about. Who
   * receives the event is judged per socket from them, as REST reads are (a parent hears of their
   * own child's homework only). Never sent to clients.
   */
  studentIds?: number[];
}

/** NOTIFY payloads are limited to 8000 bytes. */
export const USER_IDS_PER_MESSAGE = 500;

/** Anything malformed (a hand-written NOTIFY, an older server) is dropped rather than forwarded. */
export function parseStudyChange(payload: string | undefined): StudyChange | null {
  const raw = parseNotifyObject(payload);
  if (!raw) return null;
  const { studyId, kind, userIds, studentIds } = raw;
  if (studyId !== null && !isPositiveId(studyId)) return null;
  if (!STUDY_CHANGE_KINDS.includes(kind as StudyChangeKind)) return null;
  if (!Array.isArray(userIds) || !userIds.every(isPositiveId)) return null;
  const change: StudyChange = { studyId, kind: kind as StudyChangeKind, userIds: [...new Set(userIds)] };
  if (studentIds === undefined || studentIds === null) return change;
  if (!Array.isArray(studentIds) || !studentIds.every(isPositiveId)) return null;
  return { ...change, studentIds: [...new Set(studentIds)] };
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
        ...(change.studentIds ? { studentIds: change.studentIds } : {}),
      }),
    );
  }
  return out;
}

// When one burst reports the same study several ways (a transfer command publishes
// 'transferred' while the trigger says 'updated'), the most telling kind wins.
const PRECEDENCE: Record<(typeof STUDY_LEVEL_KINDS)[number], number> = {
  deleted: 4,
  created: 3,
  transferred: 2,
  updated: 1,
};

const unite = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])];

/**
 * Merges a burst: the study-level kinds of one study into one change (user ids united, the
 * strongest kind); each item kind of a study (report, recording, message, task) into one change
 * of its own, so a report and a recording written together are two events and neither is lost;
 * bulk changes (studyId null) per kind. Order of first appearance is kept.
 */
export function coalesceStudyChanges(changes: readonly StudyChange[]): StudyChange[] {
  const byKey = new Map<string, StudyChange>();
  for (const c of changes) {
    const key =
      c.studyId === null
        ? `bulk:${c.kind}`
        : isItemKind(c.kind)
          ? `study:${c.studyId}:${c.kind}`
          : `study:${c.studyId}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        ...c,
        userIds: [...c.userIds],
        ...(c.studentIds ? { studentIds: [...c.studentIds] } : {}),
      });
      continue;
    }
    seen.userIds = unite(seen.userIds, c.userIds);
    if (c.studentIds) seen.studentIds = unite(seen.studentIds ?? [], c.studentIds);
    if (!isItemKind(c.kind) && !isItemKind(seen.kind) && PRECEDENCE[c.kind] > PRECEDENCE[seen.kind])
      seen.kind = c.kind;
  }
  return [...byKey.values()];
}
