import type { Knex } from 'knex';
import type { AuthState } from '../platform/security/auth-state.js';

/**
 * The seam for writes, like resource-hooks.ts for reads: what a generic create/update cannot
 * know (a study's end from start + duration, a user's password hash, the teacher profile rows)
 * is given per resource by a feature module (HookSet.writeHooks, resource-hooks.ts).
 */
export interface WriteContext {
  knex: Knex;
  auth: AuthState;
  /** The stored row before an update (answer columns), undefined on create. */
  existing?: Record<string, unknown>;
  /** The validated body (zod output), only keys the client sent. */
  input: Record<string, unknown>;
}

export interface WriteHooks {
  /** Adjusts the column values before they are written (may throw AppError, e.g. 422 or 403). */
  prepare?(values: Record<string, unknown>, ctx: WriteContext): Promise<void> | void;
  /** Custom writers for relations the generic pivot / child-row sync cannot express. */
  relations?: Record<
    string,
    (trx: Knex.Transaction, id: number, value: unknown, ctx: WriteContext) => Promise<void>
  >;
  /** Runs in the write's transaction after the row and its relations are written. */
  afterWrite?(trx: Knex.Transaction, id: number, ctx: WriteContext): Promise<void>;
  /**
   * Runs in the delete's transaction before the row goes: refusals the foreign keys cannot
   * express (a paid invoice is referenced by nothing, yet the studies' paid status rests on it).
   */
  beforeDelete?(trx: Knex.Transaction, id: number, ctx: WriteContext): Promise<void>;
}
