import { DateTime } from 'luxon';
import { HOMEWORK_MAX_BYTES, HOMEWORK_MAX_KB, KILOBYTE, MISS_STATUS, ROLE, STUDY_REPORT, TIME_ZONE } from '@school/shared/domain';
import { asSubject, type AppAbility } from '@school/shared/permissions';
// The one file, not the validation index: the family calendar chunk stays free of every form schema.
import { TEXT_MAX } from '../../validation/text-limits';

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

const STAFF_ROLES: readonly number[] = [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist];

/**
 * The Student participants whose homework the viewer sees (part 2 §6): the student themself, a
 * Responsible whose children include them, or Administrator, Manager, Teacher, Methodologist.
 */
export function homeworkStudentIds(viewer: PanelViewer, studentIds: readonly number[]): number[] {
  if (STAFF_ROLES.includes(viewer.roleId)) return [...studentIds];
  if (viewer.roleId === ROLE.Student) return studentIds.filter((id) => id === viewer.id);
  if (viewer.roleId === ROLE.Responsible) return studentIds.filter((id) => viewer.childIds.includes(id));
  return [];
}

/** Upload needs `update` on the study, field study_task (part 2 §6), with the study's participants as conditions. */
export function canUploadHomework(ability: AppAbility, participantIds: readonly number[]): boolean {
  return ability.can('update', asSubject('study', { user_ids: [...participantIds] }), 'study_task');
}

/** Delete needs `delete` on study_task, or being the one who uploaded the file. */
export function canDeleteHomework(ability: AppAbility, task: { creator_id: number | null }, viewerId: number): boolean {
  return task.creator_id === viewerId || ability.can('delete', 'study_task');
}

/** File names the school never accepts as homework: programs and scripts a click would run. */
const EXECUTABLE_EXTENSIONS = [
  'exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'pif', 'cpl', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh',
  'ps1', 'psm1', 'sh', 'bash', 'run', 'bin', 'app', 'apk', 'appimage', 'deb', 'rpm', 'dmg', 'pkg', 'jar', 'lnk', 'reg', 'hta', 'dll', 'so',
];
const EXECUTABLE_MIME = /^application\/(x-(ms)?dos-?executable|x-msdownload|x-executable|x-sharedlib|x-sh|x-bat|vnd\.microsoft\.portable-executable|x-mach-binary|java-archive|vnd\.android\.package-archive)$/i;

export type HomeworkFileProblem = 'too_large' | 'executable';

/** Checked before sending (part 2 §5, §9: at most 8192 KB); the server checks again. */
export function homeworkFileProblem(file: { name: string; size: number; type?: string }): HomeworkFileProblem | null {
  if (file.size > HOMEWORK_MAX_BYTES) return 'too_large';
  const extension = /\.([^.]+)$/.exec(file.name.trim())?.[1]?.toLowerCase();
  if ((extension && EXECUTABLE_EXTENSIONS.includes(extension)) || (file.type && EXECUTABLE_MIME.test(file.type))) return 'executable';
  return null;
}

export const HOMEWORK_LIMIT_KB = HOMEWORK_MAX_KB;

/** "12 KB" / "3.4 MB" with the interface's i18n keys: KB below one megabyte, MB with one decimal above. */
export function fileSizeLabel(bytes: number): { key: 'sizeKb' | 'sizeMb'; size: string } {
  if (bytes < KILOBYTE * KILOBYTE) return { key: 'sizeKb', size: String(Math.max(1, Math.round(bytes / KILOBYTE))) };
  return { key: 'sizeMb', size: (bytes / KILOBYTE / KILOBYTE).toFixed(1) };
}

/** Writing needs `create study_message` (every role that sees a study's chat has it). */
export function canSendMessages(ability: AppAbility): boolean {
  return ability.can('create', 'study_message');
}

/** Part 2 §6: the author, or whoever may delete study messages. */
export function canDeleteMessage(ability: AppAbility, message: { user_id: number }, viewerId: number): boolean {
  return message.user_id === viewerId || ability.can('delete', 'study_message');
}

export const MESSAGE_MAX_LENGTH = TEXT_MAX.note;

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

/** A message's time in Kyiv: the time alone today, the date and time otherwise. */
export function messageTimeLabel(createdAt: string, now: number, language: string): string {
  const at = DateTime.fromISO(createdAt, { zone: TIME_ZONE }).setLocale(language);
  if (!at.isValid) return '';
  const today = DateTime.fromMillis(now, { zone: TIME_ZONE });
  if (at.hasSame(today, 'day')) return at.toFormat('HH:mm');
  if (at.hasSame(today, 'year')) return at.toFormat('d MMM, HH:mm');
  return at.toFormat('d MMM yyyy, HH:mm');
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
export function scoreIntent(score: number | null | undefined): 'success' | 'danger' | 'secondary' {
  if (score === null || score === undefined || Number.isNaN(Number(score))) return 'secondary';
  return Number(score) > 5 ? 'success' : 'danger';
}
