import { ROLE } from '@school/shared/domain';

/**
 * The permission table of spec part 2 §6 and part 1 §6, stated again as data for the
 * authorization drill (issue #19 point 1), together with the decisions docs/permissions.md
 * records where the spec is silent or was narrowed. Written from those two documents, not read
 * from shared/src/permissions: the drill compares the server's answers with this table, so the
 * two can disagree. Nothing here imports the code under test (only the role ids).
 */

export const ROLES = [
  'Administrator',
  'Manager',
  'Teacher',
  'Methodologist',
  'Student',
  'Responsible',
  'Lead',
  'Guest',
  'SignedOut',
] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'SignedOut'>;
export const SIGNED_IN = ROLES.filter((r): r is SignedInRole => r !== 'SignedOut');

/** docs/api.md, "Role ids" (spec part 2 names 2, 3, 4, 5 and 7): ids, not rights. */
export const ROLE_ID: Readonly<Record<SignedInRole, number>> = ROLE;

/**
 * How a row stands to the caller. Row-bound: `participant` (the caller takes part in the row's
 * study), `childParticipant` (a child of the caller does), `about` / `aboutChild` (the report,
 * homework or contract is about the caller / a child of theirs), `author` (the caller made it).
 * User-bound (a user, or the owner of a schedule or teacher profile): `self`, `child`, `peer` (the
 * caller shares a study in which that user took part as Student, Teacher or Methodologist),
 * `myTeacher` / `childTeacher` (that user teaches a study of the caller / of a child of theirs),
 * `myStudent` (that user is a student of a study the caller teaches), `myManager` (the manager of
 * the caller's teacher profile), `administratorAccount`.
 */
export type Relation =
  | 'self'
  | 'child'
  | 'peer'
  | 'myTeacher'
  | 'childTeacher'
  | 'myStudent'
  | 'myManager'
  | 'administratorAccount'
  | 'participant'
  | 'childParticipant'
  | 'about'
  | 'aboutChild'
  | 'author';

export type Action = 'create' | 'read' | 'update' | 'delete' | 'notify' | 'switch';
export type Subject =
  | 'user'
  | 'role'
  | 'contract'
  | 'invoice'
  | 'subscription'
  | 'study'
  | 'study_report'
  | 'study_task'
  | 'study_message'
  | 'schedule'
  | 'teacher'
  | 'recording'
  | 'payment';

interface Grant {
  can: 'manage' | readonly Action[];
  on: Subject | 'all';
  /** Any of these relations suffices; absent: every row. */
  where?: readonly Relation[];
  /** Only these fields (part 2 §6 "limited to"); absent: every field. */
  fields?: readonly string[];
}

const grant = (
  can: Grant['can'],
  on: Grant['on'],
  where?: readonly Relation[],
  fields?: readonly string[],
): Grant => ({
  can,
  on,
  ...(where ? { where } : {}),
  ...(fields ? { fields } : {}),
});
const act = (...a: Action[]) => a;

/**
 * Teacher and Methodologist (part 2 §6): delete study_task; read and create study_report; create
 * user limited to messenger_token; read schedule; update study limited to comment and study_task;
 * refresh event and read workhour (no route). Narrowed to their own studies and what hangs off
 * them, and widened with messages, recordings and notify, as docs/permissions.md decides.
 */
function teaching(studyFields: readonly string[]): Grant[] {
  return [
    grant(act('read'), 'study', ['participant']),
    grant(act('update'), 'study', ['participant'], studyFields),
    // "Reading users", "Staff users": themself, the people of their studies, their own manager.
    grant(act('read'), 'user', ['self', 'peer', 'myManager']),
    grant(act('read'), 'teacher', ['self', 'peer']),
    // A report stays readable by its author after the study changed teacher.
    grant(act('read'), 'study_report', ['author', 'participant']),
    grant(act('create'), 'study_report'),
    grant(act('read'), 'study_task', ['participant']),
    grant(act('delete'), 'study_task'),
    grant(act('read'), 'study_message', ['participant']),
    grant(act('create'), 'study_message'),
    grant(act('read'), 'recording', ['participant']),
    // "read schedule": their own (a teacher's week is busy time of other families).
    grant(act('read'), 'schedule', ['self']),
    // "Messenger bots": limited to their own user.
    grant(act('create'), 'user', ['self'], ['messenger_token']),
    // Part 1 §6, Notify button.
    grant(act('notify'), 'user'),
  ];
}

export const SPEC: Readonly<Record<SignedInRole, { grants: readonly Grant[]; denials?: readonly Grant[] }>> =
  {
    // "Administrator: manage everything."
    Administrator: { grants: [grant('manage', 'all')] },
    // "Manager: everything except role switching." docs/permissions.md "Role grants": never an
    // Administrator's account (edit, delete).
    Manager: {
      grants: [grant('manage', 'all')],
      denials: [
        grant(act('switch'), 'role'),
        grant(act('update', 'delete'), 'user', ['administratorAccount']),
      ],
    },
    // Part 1 §4, §6: the miss status is the Teacher's, not the Methodologist's; recordings likewise.
    Teacher: {
      grants: [
        ...teaching(['comment', 'miss_status', 'study_task']),
        grant(act('create', 'update', 'delete'), 'recording'),
      ],
    },
    Methodologist: { grants: teaching(['comment', 'study_task']) },
    // "Student: update study limited to study_task." Reading their own lessons, the teachers of
    // them, their homework, chat and recordings: docs/permissions.md "Own studies", "Homework".
    Student: {
      grants: [
        grant(act('read'), 'study', ['participant']),
        grant(act('update'), 'study', ['participant'], ['study_task']),
        grant(act('read'), 'user', ['self', 'myTeacher']),
        grant(act('read'), 'study_task', ['about']),
        grant(act('read'), 'study_message', ['participant']),
        grant(act('create'), 'study_message'),
        grant(act('read'), 'recording', ['participant']),
        grant(act('create'), 'user', ['self'], ['messenger_token']),
        // Paying their own invoices needs the school's student_payments_enabled, off in the drill.
      ],
    },
    // "Responsible: read study_report, contract, schedule; read user limited to childs; update study
    // limited to start and study_task." Scoped to their children; the family's own money (packages,
    // invoices) and the children's teachers: docs/permissions.md.
    Responsible: {
      grants: [
        grant(act('read'), 'study', ['childParticipant']),
        grant(act('update'), 'study', ['childParticipant'], ['start', 'study_task']),
        grant(act('read'), 'user', ['self', 'child', 'childTeacher']),
        grant(act('read'), 'study_report', ['aboutChild']),
        grant(act('read'), 'study_task', ['aboutChild']),
        grant(act('read'), 'study_message', ['childParticipant']),
        grant(act('create'), 'study_message'),
        grant(act('read'), 'recording', ['childParticipant']),
        grant(act('read'), 'schedule', ['childTeacher']),
        grant(act('read'), 'contract', ['aboutChild']),
        grant(act('read'), 'subscription', ['aboutChild']),
        grant(act('read'), 'invoice', ['aboutChild']),
        // Issue 33: a parent pays their children's invoices online (docs/payments.md).
        grant(act('create'), 'payment', ['aboutChild']),
        grant(act('create'), 'user', ['self'], ['messenger_token']),
      ],
    },
    // "Guest (nothing)"; Lead likewise has no row in the table.
    Lead: { grants: [] },
    Guest: { grants: [] },
  };

const matches = (
  g: Grant,
  action: Action,
  subject: Subject,
  relations: ReadonlySet<Relation>,
  field?: string,
) =>
  (g.can === 'manage' || g.can.includes(action)) &&
  (g.on === 'all' || g.on === subject) &&
  (!g.where || g.where.some((r) => relations.has(r))) &&
  (!field || !g.fields || g.fields.includes(field));

/** Whether the table lets `role` do `action` on a row standing to it in `relations` (and `field`). */
export function specAllows(
  role: Role,
  action: Action,
  subject: Subject,
  relations: ReadonlySet<Relation>,
  field?: string,
): boolean {
  if (role === 'SignedOut') return false;
  const { grants, denials = [] } = SPEC[role];
  if (denials.some((d) => matches(d, action, subject, relations, field))) return false;
  // Switching roles is the Administrator's alone (part 2 §4, §6), not part of every "manage all".
  if (action === 'switch') return role === 'Administrator';
  return grants.some((g) => matches(g, action, subject, relations, field));
}

/** Whether `role` reads any row of `subject` at all (a list answers 403 otherwise). */
export function specReadsAny(role: Role, subject: Subject): boolean {
  if (role === 'SignedOut') return false;
  return SPEC[role].grants.some(
    (g) => (g.can === 'manage' || g.can.includes('read')) && (g.on === 'all' || g.on === subject),
  );
}

const ADMIN_MANAGER: readonly SignedInRole[] = ['Administrator', 'Manager'];
const STAFF: readonly SignedInRole[] = ['Administrator', 'Manager', 'Teacher', 'Methodologist'];

/**
 * Fields, computed attributes and relations only some roles read, by `resource.name`:
 * part 1 §6 "Student phones, responsibles, contacts loaded: permission manage user"; part 2 §6
 * "The studies price total is seen only by Administrator"; the evaluation modal is on the admin
 * studies table (part 2 §2); staff notes (docs/permissions.md "Staff notes"). Every guard the
 * registry declares must be listed here, and nothing else.
 */
export const READ_GUARDS: Readonly<Record<string, readonly SignedInRole[]>> = {
  'users.email': ADMIN_MANAGER,
  'users.viber_id': ADMIN_MANAGER,
  'users.telegram_id': ADMIN_MANAGER,
  'users.phones': ADMIN_MANAGER,
  'users.responsibles': ADMIN_MANAGER,
  'users.viber_tokens': ADMIN_MANAGER,
  'users.telegram_tokens': ADMIN_MANAGER,
  'users.notes': STAFF,
  'studies.evaluation': ADMIN_MANAGER,
  'studies.price_total': ['Administrator'],
  // Issue 27: a family reads its teachers' names, not their birthdate or where they came from;
  // staff do, and everyone reads their own (OWN_ROW_GUARDS).
  'users.birthdate': STAFF,
  'users.source_id': STAFF,
  'users.source': STAFF,
  // Part 2's studies table and form; a family would learn how many students a lesson has and
  // whether a classmate's package fits (issue 27, docs/permissions.md).
  'studies.students_count': STAFF,
  'studies.is_off_template': STAFF,
};

/**
 * Of READ_GUARDS, the users fields that every other role still reads on its own user row: asked
 * for by select[] or a relation's columns they are answered, as null on every other row; a filter
 * or an order on them stays refused (docs/permissions.md, "Fields").
 */
export const OWN_ROW_GUARDS: readonly string[] = ['users.birthdate', 'users.source_id'];

/** Roles the spec names literally for a capability (part 1 §6, part 2 §2, §6). */
export const LITERAL = {
  /** Analytics, the teachers listing, the evaluation modal: the admin pages. */
  adminPages: ADMIN_MANAGER,
  /** The chat prototype: a staff page (docs/api.md "Chat prototype"). */
  staff: STAFF,
} as const;
