import { ROLE, inRoleGroup, type RoleId } from '../domain/roles';
import { readScopeOf, type ScopedSubject } from './read-scopes';

/**
 * Named capabilities of a signed-in role, for the places an ability cannot say it: SQL that
 * shapes what a reader sees (whose side of a chat they are on, which students a flag combines)
 * and choices between two behaviours of one command. Each is written here once, next to the
 * rules, so no feature restates a role list (lint: school/no-role-lists). A yes/no "may I" is
 * always an ability (`ability.can`), never one of these.
 */

/** Who a capability asks about: the effective (possibly switched) role and the user's family. */
export interface CapabilityUser {
  id: number;
  roleId: number;
  childIds: readonly number[];
}

/** Reads every row of the subject (Administrator, Manager: `manage all`), no row scope at all. */
export function readsEveryRow(roleId: number, subject: ScopedSubject): boolean {
  return readScopeOf(roleId, subject) === 'all';
}

/** Teaches lessons (Teacher, Methodologist): reads the studies they teach and what hangs off them. */
export function teachesLessons(roleId: number): boolean {
  return inRoleGroup('teaching', roleId);
}

/** The family side of the school (Student, Responsible): the family web, a lesson's chat from home. */
export function onFamilySide(roleId: number): boolean {
  return inRoleGroup('family', roleId);
}

/** Sees the school through their children (Responsible): the session loads the children. */
export function readsThroughChildren(roleId: number): boolean {
  return roleId === ROLE.Responsible;
}

/**
 * Moves a study as a transfer (Responsible, spec part 1 §4): only inside the transfer window and
 * keeping its length, unlike staff who move it anywhere.
 */
export function movesByTransfer(roleId: number): boolean {
  return roleId === ROLE.Responsible;
}

/**
 * The students a family's view may combine (issue 27): a Student themself, a Responsible their
 * children. Null for every other role: staff and teachers read every participant of the studies
 * they see.
 */
export function familyStudentIdsOf(user: CapabilityUser): readonly number[] | null {
  if (user.roleId === ROLE.Student) return [user.id];
  if (readsThroughChildren(user.roleId)) return user.childIds;
  return null;
}

/** Has the teacher profile page (spec part 2 §2, the user menu's Profile): a Teacher. */
export function hasTeacherProfilePage(roleId: number): boolean {
  return roleId === ROLE.Teacher;
}

/** The roles an Administrator may switch to (the role switcher's list; Lead and Guest have no app). */
export const SWITCHABLE_ROLE_IDS: readonly RoleId[] = [
  ROLE.Administrator,
  ROLE.Manager,
  ROLE.Teacher,
  ROLE.Methodologist,
  ROLE.Student,
  ROLE.Responsible,
];
