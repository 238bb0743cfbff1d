import { ROLE } from '../domain/roles';
import type { SubjectName } from './subjects';

/**
 * Who reads which rows, for every role below Manager: the one table both the CASL `read` rules
 * (role-abilities.ts) and the server's SQL row scopes are made from, so they cannot drift apart.
 * Decisions and reasons: docs/permissions.md, "Reading rows".
 *
 * A scope is `'all'` (every row) or a list of alternatives; each alternative is one CASL rule
 * whose conditions say which attribute of the row must hold the reader (`'me'`) or one of the
 * Responsible's children (`'children'`). A subject missing for a role: no rows at all.
 */
export type Reader = 'me' | 'children';
export type ReadAlternative = Readonly<Record<string, Reader>>;
export type ReadScope = 'all' | readonly ReadAlternative[];

/** Subjects whose rows are listed through the resource API (and so have SQL row scopes). */
export type ScopedSubject = Extract<
  SubjectName,
  | 'study'
  | 'user'
  | 'teacher'
  | 'study_report'
  | 'study_task'
  | 'study_message'
  | 'recording'
  | 'schedule'
  | 'contract'
  | 'subscription'
  | 'invoice'
>;

/**
 * The attributes a read condition may name, per subject (the server turns each into SQL and
 * the agreement test computes each from the tables). Arrays hold user ids; "contains me" is the
 * CASL equality on an array.
 */
export const READ_ATTRIBUTES = {
  /** user_ids: every participant. */
  study: ['user_ids'],
  /**
   * peer_ids: everyone who shares a study in which this user took part as Student, Teacher or
   * Methodologist (not a Manager's reserved slot); taught_ids: everyone who shares a study this
   * user teaches; manager_of_ids: the teachers this user manages (teachers.manager_id).
   */
  user: ['id', 'peer_ids', 'taught_ids', 'manager_of_ids'],
  /** The same, of the teacher's user (teachers.user_id). */
  teacher: ['user_id', 'peer_ids', 'taught_ids'],
  /** user_id: the student it is about; study_user_ids: participants of its study. */
  study_report: ['user_id', 'created_by', 'study_user_ids'],
  study_task: ['user_id', 'study_user_ids'],
  study_message: ['study_user_ids'],
  recording: ['study_user_ids'],
  /** user_id: the owner (a teacher); taught_ids: as the owner's user. */
  schedule: ['user_id', 'taught_ids'],
  contract: ['student_id'],
  /** student_id: the student of the contract it belongs to. */
  subscription: ['student_id'],
  invoice: ['student_id'],
} as const satisfies Record<ScopedSubject, readonly string[]>;

type Alternative<S extends ScopedSubject> = Partial<Record<(typeof READ_ATTRIBUTES)[S][number], Reader>>;
type RoleScopes = { readonly [S in ScopedSubject]?: 'all' | readonly Alternative<S>[] };

/** What a teaching role (Teacher, Methodologist) reads: its studies and what hangs off them. */
const TEACHING: RoleScopes = {
  study: [{ user_ids: 'me' }],
  // Themself, the people of their studies (not a Manager holding a reserved slot), and their
  // manager (the profile page shows the manager's name).
  user: [{ id: 'me' }, { peer_ids: 'me' }, { manager_of_ids: 'me' }],
  // Their own profile and their co-teachers'; never other teachers' data (priority, manager).
  teacher: [{ user_id: 'me' }, { peer_ids: 'me' }],
  // A report stays its author's after the study got another teacher.
  study_report: [{ created_by: 'me' }, { study_user_ids: 'me' }],
  study_task: [{ study_user_ids: 'me' }],
  study_message: [{ study_user_ids: 'me' }],
  recording: [{ study_user_ids: 'me' }],
  schedule: [{ user_id: 'me' }],
};

export const READ_SCOPES: Readonly<Record<number, RoleScopes>> = {
  [ROLE.Teacher]: TEACHING,
  [ROLE.Methodologist]: TEACHING,
  [ROLE.Student]: {
    study: [{ user_ids: 'me' }],
    // Themself and the teachers of their studies (the calendar shows who teaches); no classmates.
    user: [{ id: 'me' }, { taught_ids: 'me' }],
    // Homework is shown to the student it belongs to (spec part 2 §6).
    study_task: [{ user_id: 'me' }],
    study_message: [{ study_user_ids: 'me' }],
    recording: [{ study_user_ids: 'me' }],
  },
  [ROLE.Responsible]: {
    study: [{ user_ids: 'children' }],
    // Themself, their children and their children's teachers; no other families.
    user: [{ id: 'me' }, { id: 'children' }, { taught_ids: 'children' }],
    study_report: [{ user_id: 'children' }],
    study_task: [{ user_id: 'children' }],
    study_message: [{ study_user_ids: 'children' }],
    recording: [{ study_user_ids: 'children' }],
    // The transfer calendar shows the working time of the children's teachers.
    schedule: [{ taught_ids: 'children' }],
    // The family's own money: contracts, packages (the transfer reads the package's studies), invoices.
    contract: [{ student_id: 'children' }],
    subscription: [{ student_id: 'children' }],
    invoice: [{ student_id: 'children' }],
  },
};

/** The scope of a subject for a role; Administrator and Manager read everything (manage all). */
export function readScopeOf(roleId: number, subject: ScopedSubject): ReadScope {
  if (roleId === ROLE.Administrator || roleId === ROLE.Manager) return 'all';
  return (READ_SCOPES[roleId]?.[subject] as ReadScope | undefined) ?? [];
}
