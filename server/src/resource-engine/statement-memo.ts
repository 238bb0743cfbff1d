import type { AuthState } from '../platform/security/auth-state.js';

/** A compiled list statement: the SQL text with `?` placeholders and its bindings, as knex wrote them. */
export interface CompiledStatement {
  sql: string;
  bindings: readonly unknown[];
  page: number;
  perPage: number;
}

/**
 * Compiled list statements by who asks and what: building one (parse, resolve, guard, then knex
 * compiling a statement of some kilobytes) costs more of the process than the rest of a list
 * request, and the admin tables and calendars ask the same page again after every change.
 *
 * Sound because the statement is a pure function of the key: the query string, the nested
 * route's fixed filters, the language, and of the caller only the ids and roles that abilities
 * and row scopes are made of (auth-user.ts buildAuthState: rules from user id, role, original
 * role and children; hooks read auth.user.id, roleId, childIds and ability, never the clock or
 * the database; resource-hooks.ts says so to their authors). Data never enters it: the rows are
 * read anew by every request. Bounded: least recently used out first; long query strings (a
 * calendar's flags call naming every study) are not kept.
 */
export class StatementMemo {
  private readonly entries = new Map<string, CompiledStatement>();

  constructor(
    private readonly capacity = 500,
    private readonly maxKeyLength = 2048,
  ) {}

  static key(auth: AuthState, resource: string, language: string | undefined, raw: string, fixed: unknown): string {
    const who = `${auth.user.id}:${auth.roleId}:${auth.user.role_id}:${auth.childIds.join(',')}`;
    return `${resource}\n${who}\n${language ?? ''}\n${JSON.stringify(fixed)}\n${raw}`;
  }

  get(key: string): CompiledStatement | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting makes it the most recent.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, statement: CompiledStatement): void {
    if (key.length > this.maxKeyLength) return;
    this.entries.delete(key);
    this.entries.set(key, statement);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
