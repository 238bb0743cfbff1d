import { createHash } from 'node:crypto';
import type { AuthState } from '../platform/security/auth-state.js';

/** A compiled list statement: the SQL text with `?` placeholders and its bindings, as knex wrote them. */
export interface CompiledStatement {
  sql: string;
  bindings: readonly unknown[];
  page: number;
  perPage: number;
  /** Requests it answered; from the second on it runs as a named prepared statement. */
  uses?: number;
  /** Its prepared statement's name, once it is hot. */
  name?: string;
}

/**
 * Compiled list statements by who asks and what: building one (parse, resolve, guard, then knex
 * compiling a statement of some kilobytes) costs more of the process than the rest of a list
 * request, and the admin tables and calendars ask the same page again after every change.
 *
 * Sound because the statement is a pure function of the key: the query string, the language, and
 * of the caller only the ids and roles that abilities and row scopes are made of (auth-user.ts buildAuthState: rules from user id, role, original
 * role and children; hooks read auth.user.id, roleId, childIds and ability, never the clock or
 * the database; resource-hooks.ts says so to their authors). Data never enters it: the rows are
 * read anew by every request. Bounded: least recently used out first; long query strings (a
 * calendar's flags call naming every study) are not kept.
 */
export class StatementMemo {
  private readonly entries = new Map<string, CompiledStatement>();
  private readonly names = new Set<string>();

  constructor(
    private readonly capacity = 500,
    private readonly maxKeyLength = 2048,
    private readonly maxPrepared = 200,
  ) {}

  /**
   * The name to run a statement under as a prepared statement, from its second use on: PostgreSQL
   * then parses it once per connection and, once its generic plan is as good, plans it once too
   * (planning was a large part of a list page's time: docs/architecture-decisions.md, "Chosen by
   * measurement"). Named by the SQL text AND its
   * values: one name never sees other values, so a plan made for one page, offset or filter value
   * is never reused for another (a generic plan for client-chosen values could be a slow one).
   * Callers asking the same page with the same values share it (the admin tables' default pages).
   * Each name lives on every pool connection until it closes, so at most maxPrepared names are
   * handed out per process; later hot statements run unnamed, as every statement did before.
   */
  preparedName(statement: CompiledStatement): string | undefined {
    statement.uses = (statement.uses ?? 0) + 1;
    if (statement.name || statement.uses < 2) return statement.name;
    const name = `list_${createHash('sha1').update(statement.sql).update('\0').update(JSON.stringify(statement.bindings)).digest('hex').slice(0, 20)}`;
    if (!this.names.has(name)) {
      if (this.names.size >= this.maxPrepared) return undefined;
      this.names.add(name);
    }
    statement.name = name;
    return name;
  }

  static key(auth: AuthState, resource: string, language: string | undefined, raw: string): string {
    const who = `${auth.user.id}:${auth.roleId}:${auth.user.role_id}:${auth.childIds.join(',')}`;
    return `${resource}\n${who}\n${language ?? ''}\n${raw}`;
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
