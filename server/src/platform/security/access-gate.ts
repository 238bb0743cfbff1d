import type { Knex } from 'knex';
import { asSubject, type Action, type SubjectName, type SubjectObject } from '@school/shared/permissions';
import { errors } from '../http/app-error.js';
import type { AuthState } from './auth-state.js';

/**
 * The one access gate (docs/permissions.md, "The access gate"): a command that acts on one row
 * asks it for the row, and gets the row only when the caller may see it and do what they came for.
 *
 * - the row is missing, or the caller's `read` rules do not reach it: 404. Someone else's row
 *   reads as missing everywhere: its existence is not the caller's business;
 * - the caller sees it but lacks the ability asked for (`action`, optionally on one `field`): 403.
 *
 * Both answers are abilities checked on the row with its condition attributes (CASL), the same
 * rules the SQL row scopes are made from, so the gate and the lists cannot disagree.
 */

export type GatedSubject = Exclude<SubjectName, 'all'>;

export interface GateOptions {
  /** What the caller wants to do with the row besides reading it; refused with 403. */
  action?: Action;
  field?: string;
  /** The error for "no such row for you" (default 404 `not_found`). */
  notFound?: () => Error;
  /** The error for "you see it but may not" (default 403 `forbidden`). */
  forbidden?: () => Error;
}

export interface Admitted<T> {
  row: T;
  /** The row tagged with its subject and attributes, for further ability checks (fields). */
  subject: SubjectObject;
}

/** Judges a row already loaded (or its absence): the gate's decision without the loading. */
export function admit<T extends object>(
  auth: AuthState,
  subject: GatedSubject,
  row: T | null | undefined,
  attributes: (row: T) => Record<string, unknown>,
  options: GateOptions = {},
): Admitted<T> {
  const tagged = row ? asSubject(subject, { ...row, ...attributes(row) }) : undefined;
  if (!row || !tagged || !auth.ability.can('read', tagged)) throw (options.notFound ?? errors.notFound)();
  if (options.action && !auth.ability.can(options.action, tagged, options.field)) {
    throw (options.forbidden ?? errors.forbidden)();
  }
  return { row, subject: tagged };
}

/** How the gate loads one subject's row and which condition attributes it carries. */
export interface SubjectLoader<T extends object> {
  subject: GatedSubject;
  load(db: Knex | Knex.Transaction, id: number, lock: boolean): Promise<T | undefined>;
  attributes(row: T): Record<string, unknown>;
}

export interface LoadOptions extends GateOptions {
  /** Lock the row (`FOR UPDATE`) inside the caller's transaction. */
  lock?: boolean;
}

/** Loads the row of `loader`'s subject by id, then admits it (404 / 403 as above). */
export async function gateRow<T extends object>(
  loader: SubjectLoader<T>,
  db: Knex | Knex.Transaction,
  auth: AuthState,
  id: number,
  options: LoadOptions = {},
): Promise<Admitted<T>> {
  const row = await loader.load(db, id, options.lock ?? false);
  return admit(auth, loader.subject, row, (r) => loader.attributes(r), options);
}
