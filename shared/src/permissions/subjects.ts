import type { ForcedSubject } from '@casl/ability';

export const ACTIONS = [
  'manage',
  'create',
  'read',
  'update',
  'delete',
  'switch',
  'refresh',
  'hide',
  'notify',
] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'user',
  'role',
  'contract',
  'invoice',
  'subscription',
  'study',
  'study_report',
  'study_task',
  'study_message',
  'schedule',
  'teacher',
  'recording',
  'analytics',
  'document',
  'event',
  'workhour',
  /** The school's on/off switches (`feature_flags`): switched by the Administrator only. */
  'feature_flag',
  /** Contract templates' own .docx (upload, replace, remove): `manage all` only. */
  'contract_template',
  /**
   * What the school's own people (Administrator, Manager, Teacher, Methodologist) read and a family
   * never does: staff notes, a person's birthdate and source, the studies table's counts (`read`).
   */
  'school_internal',
  /** The studies table's price total (part 2): the Administrator only. */
  'price_total',
  /** School-wide settings (lesson reminders' offsets and digest): the Administrator only. */
  'school_setting',
  /**
   * Paying an invoice online: `create` on the invoice's student (a Responsible their children's;
   * a Student their own while the school allows it, `students_may_pay`). `manage` (staff): a
   * manual payment, the review list and the mismatch reports.
   */
  'payment',
  /**
   * Spreadsheet imports (issue 31): `create` opens the Import screen and the preview (Administrator,
   * Manager through `manage all`); `read` (status, error report) and `update` (commit, cancel) on
   * one import: its creator, or the Administrator.
   */
  'import',
] as const;
export type SubjectName = (typeof SUBJECTS)[number];

/** A row checked against conditions, tagged with its subject name (CASL `subject()` helper). */
export type SubjectObject = ForcedSubject<Exclude<SubjectName, 'all'>> & Record<string, unknown>;
export type Subject = SubjectName | SubjectObject;

/**
 * Attributes the rule conditions read. The server must put them on the object it checks
 * (or turn them into SQL row scope); clients rarely need them.
 */
export const CONDITION_FIELDS = {
  /** Ids of every participant of a study. */
  study: 'user_ids',
  /** The student the report is about. */
  study_report: 'user_id',
  contract: 'student_id',
  user: 'id',
  /** The invoice's student, and whether the school lets students pay (the server fills it in). */
  payment: ['student_id', 'students_may_pay'],
  /** Who uploaded the import. */
  import: 'created_by',
} as const;

/** The field of `user` that stands for "may create messenger tokens" (bot buttons). */
export const MESSENGER_TOKEN_FIELD = 'messenger_token';
