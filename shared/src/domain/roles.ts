export const ROLE = {
  Administrator: 1,
  Manager: 2,
  Teacher: 3,
  Student: 4,
  Responsible: 5,
  Lead: 6,
  Methodologist: 7,
  Guest: 8,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];

export const ROLE_IDS = Object.values(ROLE) as readonly RoleId[];

export const ROLE_NAMES = Object.fromEntries(
  Object.entries(ROLE).map(([name, id]) => [id, name]),
) as Readonly<Record<RoleId, RoleName>>;

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

/** Role name for an id; an unknown id reads as Guest, the role with no abilities. */
export function roleNameOf(roleId: number): RoleName {
  return isRoleId(roleId) ? ROLE_NAMES[roleId] : 'Guest';
}

/**
 * Role groups the spec gates by role rather than by permission (part 1 §6, part 2 §6).
 * Kept next to the ids so clients and server ask the same question.
 */
export const ROLE_GROUPS = {
  /** Desktop (staff) users. */
  staff: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist],
  /** Family web users. */
  family: [ROLE.Student, ROLE.Responsible],
  /** Calendar toolbar Refresh / Hide, still further gated by `refresh event` / `hide event`. */
  calendarToolbar: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist],
  /** Notify button in the study modal. */
  notify: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist],
  /** Miss status field (study modal and study form). */
  missStatus: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher],
  /** Upload, replace, remove recordings. */
  recordingsUpload: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher],
  /** Admin toggle layout and the admin navigation links. */
  admin: [ROLE.Administrator, ROLE.Manager],
  /** /admin/study_reports navigation link. */
  studyReportsLink: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist],
  /** Studies table price total footer. */
  studiesPriceTotal: [ROLE.Administrator],
  /** Roles listed in the teacher dropdown of the subscription form. */
  teaching: [ROLE.Teacher, ROLE.Methodologist],
  /** Roles whose form requires a responsible type (part 2 §5, user form). */
  needsResponsibleType: [ROLE.Student, ROLE.Responsible],
  /** Calendar default view is month for these, week otherwise; they also never see all-day events. */
  familyCalendar: [ROLE.Student, ROLE.Responsible],
} as const satisfies Record<string, readonly RoleId[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

export function inRoleGroup(group: RoleGroup, roleId: number): boolean {
  return (ROLE_GROUPS[group] as readonly number[]).includes(roleId);
}
