import {
  HOMEWORK_MAX_BYTES,
  HOMEWORK_MAX_KB,
  KILOBYTE,
  MISS_STATUS,
  STUDY_REPORT,
  TIME_ZONE,
} from '@school/shared/domain';
// The file itself, not the package index: the family web's calendar keeps CASL out of its bundle.
import { familyStudentIdsOf, readsEveryRow, teachesLessons } from '../../permissions/capabilities';
import type { PanelAbility } from './panel-ability';
import { HOMEWORK, HOMEWORK_ACCEPT, homeworkFileName, homeworkTypeOf } from '../../rules/homework-files';
// Intl, not luxon: the family calendar route has a size budget (rules/zone-time.ts).
import { parseInstant, zoneWallAt } from '../../rules/zone-time';

/**
 * What the study panels show and allow (spec part 2 §6, part 1 §4, §6). Pure functions, so each
 * rule has a test of its own; the server enforces the same rules, the clients only hide.
 */

/** The signed-in person looking at the panels. */
export interface PanelViewer {
  id: number;
  /** The effective (switched) role. */
  roleId: number;
  /** A Responsible's children; empty for everyone else. */
  childIds: readonly number[];
}

/**
 * The Student participants whose homework the viewer sees (part 2 §6): the student themself, a
 * Responsible whose children include them, or Administrator, Manager, Teacher, Methodologist.
 */
export function homeworkStudentIds(viewer: PanelViewer, studentIds: readonly number[]): number[] {
  if (readsEveryRow(viewer.roleId, 'study_task') || teachesLessons(viewer.roleId)) return [...studentIds];
  const own = familyStudentIdsOf(viewer);
  return own ? studentIds.filter((id) => own.includes(id)) : [];
}

/** Upload needs `update` on the study, field study_task (part 2 §6), with the study's participants as conditions. */
export function canUploadHomework(ability: PanelAbility, participantIds: readonly number[]): boolean {
  return ability.allows('update', 'study', { user_ids: participantIds }, 'study_task');
}

/** Delete needs `delete` on study_task, or being the one who uploaded the file. */
export function canDeleteHomework(
  ability: PanelAbility,
  task: { creator_id: number | null },
  viewerId: number,
): boolean {
  return task.creator_id === viewerId || ability.allows('delete', 'study_task');
}

export type HomeworkFileProblem = 'too_large' | 'not_accepted' | 'empty';

/**
 * Checked before sending (part 2 §5, §9: at most 8192 KB each) with the server's own list of the
 * documents and images the school takes (rules/homework-files.ts: no programs); the server checks
 * again, the content too.
 */
export function homeworkFileProblem(file: { name: string; size: number }): HomeworkFileProblem | null {
  if (file.size > HOMEWORK_MAX_BYTES) return 'too_large';
  if (!homeworkTypeOf(homeworkFileName(file.name))) return 'not_accepted';
  if (file.size === 0) return 'empty';
  return null;
}

/** At most this many files in one upload (the server's limit). */
export const HOMEWORK_MAX_FILES = HOMEWORK.maxFiles;
/** The file picker's `accept`: every extension the school takes. */
export const HOMEWORK_FILE_ACCEPT = HOMEWORK_ACCEPT;

export const HOMEWORK_LIMIT_KB = HOMEWORK_MAX_KB;

/** "12 KB" / "3.4 MB" with the interface's i18n keys: KB below one megabyte, MB with one decimal above. */
export function fileSizeLabel(bytes: number): { key: 'sizeKb' | 'sizeMb'; size: string } {
  if (bytes < KILOBYTE * KILOBYTE)
    return { key: 'sizeKb', size: String(Math.max(1, Math.round(bytes / KILOBYTE))) };
  return { key: 'sizeMb', size: (bytes / KILOBYTE / KILOBYTE).toFixed(1) };
}

/** Writing needs `create study_message` (every role that sees a study's chat has it). */
export function canSendMessages(ability: PanelAbility): boolean {
  return ability.allows('create', 'study_message');
}

/** Part 2 §6: the author, or whoever may delete study messages. */
export function canDeleteMessage(
  ability: PanelAbility,
  message: { user_id: number },
  viewerId: number,
): boolean {
  return message.user_id === viewerId || ability.allows('delete', 'study_message');
}

/**
 * The server's limit on a message (TEXT_MAX.note of validation/text-limits; a test keeps them
 * equal). A number here, not an import: that module brings zod into the family calendar route.
 */
export const MESSAGE_MAX_LENGTH = 5000;

/** Part 2 §5: an empty message cannot be sent (spaces only count as empty); long ones are refused. */
export function messageDraftProblem(content: string): 'empty' | 'too_long' | null {
  if (content.trim() === '') return 'empty';
  if (content.trim().length > MESSAGE_MAX_LENGTH) return 'too_long';
  return null;
}

/** Ctrl+Enter (Cmd+Enter on a Mac) sends (part 2 §2, §9); Enter alone makes a new line. */
export function isSendShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

const shortDates = new Map<string, Intl.DateTimeFormat>();

/** "18 лист." / "18 нояб." / "Nov 18": the day and short month in the interface language, Kyiv. */
function dayAndMonth(ms: number, language: string): string {
  let format = shortDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: TIME_ZONE });
    shortDates.set(language, format);
  }
  return format.format(ms);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A message's time in Kyiv: the time alone today, the day and month this year, with the year before. */
export function messageTimeLabel(createdAt: string, now: number, language: string): string {
  const ms = parseInstant(createdAt);
  if (!Number.isFinite(ms)) return '';
  const [year, month, day, hour, minute] = zoneWallAt(TIME_ZONE, ms);
  const [nowYear, nowMonth, nowDay] = zoneWallAt(TIME_ZONE, now);
  const time = `${pad2(hour)}:${pad2(minute)}`;
  if (year === nowYear && month === nowMonth && day === nowDay) return time;
  if (year === nowYear) return `${dayAndMonth(ms, language)}, ${time}`;
  return `${dayAndMonth(ms, language)} ${year}, ${time}`;
}

/** Part 1 §4: reports cannot be written while a miss status is set. */
export function reportBlockedByMiss(missStatus: number | null | undefined): boolean {
  return (missStatus ?? MISS_STATUS.None) > MISS_STATUS.None;
}

export const REPORT_LIMITS = STUDY_REPORT;

export type EvaluationFailure = 'accessDenied' | 'notFound' | 'failed';

/** Part 2 §8: 403 "Access denied", 404 "No evaluation found", anything else "Failed to load evaluation". */
export function evaluationFailure(status: number | undefined): EvaluationFailure {
  if (status === 403) return 'accessDenied';
  if (status === 404) return 'notFound';
  return 'failed';
}

/** Part 2 §2: success above 5, danger at 5 or below, secondary when there is no score. */
export function scoreIntent(score: number | string | null | undefined): 'success' | 'danger' | 'secondary' {
  if (score === null || score === undefined || score === '' || Number.isNaN(Number(score)))
    return 'secondary';
  return Number(score) > 5 ? 'success' : 'danger';
}
