import type { TestClient } from '../../test/harness.test-kit.js';
import type { TestResponse } from '../../test/test-client.test-kit.js';
import {
  specAllows,
  specReadsAny,
  type Action,
  type Relation,
  type Role,
  type SignedInRole,
  type Subject,
} from './authz-spec.test-kit.js';
import type { Fresh } from './authz-fresh.test-kit.js';
import type { School } from './authz-school.test-kit.js';

/**
 * The vocabulary of the drill's matrix: what a call needs (in the terms of the spec table,
 * authz-spec.test-kit.ts), whom it is about (a target row and how it stands to each caller), and
 * how one call is made. The rows themselves: authz-routes.test-kit.ts, authz-resources.test-kit.ts.
 */

/** A fixture row and how it stands to a caller (user id; null when signed out). */
export interface Target {
  label: string;
  relations(caller: number | null): ReadonlySet<Relation>;
}

export type Need =
  | { kind: 'anyone' }
  | { kind: 'signedIn' }
  | { kind: 'roles'; roles: readonly SignedInRole[] }
  | { kind: 'can'; action: Action; subject: Subject; on?: Target; field?: string }
  | { kind: 'relation'; on: Target; relation: Relation }
  | { kind: 'readsAny'; subject: Subject }
  | { kind: 'all'; needs: readonly Need[] }
  | { kind: 'any'; needs: readonly Need[] }
  | { kind: 'nobody' }
  | { kind: 'methodNotAllowed' };

export const anyone: Need = { kind: 'anyone' };
export const signedIn: Need = { kind: 'signedIn' };
export const nobody: Need = { kind: 'nobody' };
export const methodNotAllowed: Need = { kind: 'methodNotAllowed' };
export const roles = (...r: SignedInRole[]): Need => ({ kind: 'roles', roles: r });
export const can = (action: Action, subject: Subject, on?: Target, field?: string): Need => ({
  kind: 'can',
  action,
  subject,
  on,
  field,
});
/** The row stands to the caller in this relation (the author's own delete, a teacher's own week). */
export const related = (on: Target, relation: Relation): Need => ({ kind: 'relation', on, relation });
/** Reads some row of the subject (a list answers 403 to whom the table gives no row at all). */
export const readsAny = (subject: Subject): Need => ({ kind: 'readsAny', subject });
export const all = (...needs: Need[]): Need => ({ kind: 'all', needs });
export const any = (...needs: Need[]): Need => ({ kind: 'any', needs });

export type Outcome = 'granted' | 'refused' | 'method_not_allowed';

const NONE: ReadonlySet<Relation> = new Set();

function holds(role: Role, user: number | null, need: Need): boolean {
  switch (need.kind) {
    case 'anyone':
      return true;
    case 'signedIn':
      return role !== 'SignedOut';
    case 'roles':
      return role !== 'SignedOut' && need.roles.includes(role);
    case 'can':
      return specAllows(
        role,
        need.action,
        need.subject,
        need.on ? need.on.relations(user) : NONE,
        need.field,
      );
    case 'readsAny':
      return specReadsAny(role, need.subject);
    case 'relation':
      return role !== 'SignedOut' && need.on.relations(user).has(need.relation);
    case 'all':
      return need.needs.every((n) => holds(role, user, n));
    case 'any':
      return need.needs.some((n) => holds(role, user, n));
    case 'nobody':
    case 'methodNotAllowed':
      return false;
  }
}

/** What the spec table says the answer to this caller is. */
export function expectedOutcome(role: Role, user: number | null, need: Need): Outcome {
  if (need.kind === 'methodNotAllowed') return role === 'SignedOut' ? 'refused' : 'method_not_allowed';
  return holds(role, user, need) ? 'granted' : 'refused';
}

export interface Req {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent without the caller's cookie (a calendar app fetching a feed). */
  anonymous?: boolean;
}

export interface Caller {
  role: Role;
  /** The calling user (null when signed out). */
  user: number | null;
  client: TestClient;
  /** Whether the spec grants this call: a granted write gets a throw-away row, a refused one the fixture. */
  granted: boolean;
}

export interface Case {
  /** Which row the call is about ("A": family A's, "B": family B's, "self"...). */
  target: string;
  need: Need;
  /**
   * Whose session calls: the role's signed-in account (default); `own`: a new session of that
   * account (the call ends or switches it); `newUser`: a new user of the role (the call changes
   * the account itself: password, feeds).
   */
  session?: 'main' | 'own' | 'newUser';
  send(c: Caller): Promise<Req>;
  /** A granted call's answer when 2xx cannot be had here (the test app has no job queue). */
  grantedAlso?: { status: number; code: string };
  /** Statuses that are refusals of this call besides 401, 403, 404 (a 422 naming an unseen study). */
  refusedAlso?: readonly number[];
  /** What a granted answer must also hold (no row the caller may not read): a problem, or null. */
  inspect?(res: TestResponse, c: Caller): string | null;
}

/** The matrix: router key (`METHOD pattern`, `… [resource]` for the generic routes) → its cases. */
export type Matrix = Record<string, Case[]>;

export interface MatrixContext {
  s: School;
  fresh: Fresh;
}

/** Classifies an answer the way the matrix judges it. */
export function outcomeOf(res: TestResponse, c: Case): Outcome | 'other' {
  if (res.status >= 200 && res.status < 300) return 'granted';
  if (c.grantedAlso && res.status === c.grantedAlso.status && res.body?.code === c.grantedAlso.code)
    return 'granted';
  if ([401, 403, 404].includes(res.status) || c.refusedAlso?.includes(res.status)) return 'refused';
  if (res.status === 405) return 'method_not_allowed';
  return 'other';
}

/** Targets of the school's fixture rows. */
export function targets(s: School) {
  const f = s.facts;
  const user = (label: string, id: number): Target => ({ label, relations: (c) => f.toUser(c, id) });
  const studyRow = (label: string, row: { study: number; about?: number; author?: number }): Target => ({
    label,
    relations: (c) => f.toStudyRow(c, row),
  });
  /** A schedule or teacher profile: as its owner user stands to the caller. */
  const owned = (label: string, owner: number): Target => user(label, owner);
  const money = (label: string, student: number): Target => ({
    label,
    relations: (c) => f.toMoneyRow(c, student),
  });
  return { user, studyRow, owned, money };
}
