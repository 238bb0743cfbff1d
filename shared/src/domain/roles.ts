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
  /** Miss status field (study modal and study form). */
  missStatus: [ROLE.Administrator, ROLE.Manager, ROLE.Teacher],
  /**
   * Roles that teach: the teacher dropdowns, and a study participant (study_user.role_id, the role
   * snapshot) in one of these is a teacher of the lesson.
   */
  teaching: [ROLE.Teacher, ROLE.Methodologist],
  /**
   * Participants who take part in the lesson itself (a Manager holding a reserved slot does not):
   * their other lessons make a time busy, and they are each other's peers.
   */
  lesson: [ROLE.Teacher, ROLE.Student, ROLE.Methodologist],
  /** Roles whose form requires a responsible type (part 2 §5, user form). */
  needsResponsibleType: [ROLE.Student, ROLE.Responsible],
  /** Calendar default view is month for these, week otherwise; they also never see all-day events. */
  familyCalendar: [ROLE.Student, ROLE.Responsible],
  /** Users whose details show the study date changes block (spec part 2 §6). */
  withDateChanges: [ROLE.Student, ROLE.Teacher],
  /** The order a study's participants are listed in (the study modal): teachers first. */
  participantOrder: [ROLE.Teacher, ROLE.Methodologist, ROLE.Student, ROLE.Manager, ROLE.Administrator],
} as const satisfies Record<string, readonly RoleId[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

export function inRoleGroup(group: RoleGroup, roleId: number | null | undefined): boolean {
  return roleId != null && (ROLE_GROUPS[group] as readonly number[]).includes(roleId);
}

/** A group's role ids as a fresh array (knex `whereIn`, SQL bindings). */
export function roleIdsOf(group: RoleGroup): number[] {
  return [...ROLE_GROUPS[group]];
}
