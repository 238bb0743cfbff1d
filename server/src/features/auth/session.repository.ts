import type { Knex } from 'knex';
import type { ChildRow, UserRow } from '../../platform/security/auth-state.js';
import { childrenJsonSql, USER_COLUMNS } from './auth.repository.js';

export interface SessionRow {
  id: string;
  user_id: number;
  role_id_override: number | null;
  remember: boolean;
  expires_at: Date;
  last_seen_at: Date;
}

/** A live session with its user and, for a Responsible's account, the children (else null). */
export interface LiveSession {
  session: SessionRow;
  user: UserRow;
  children: ChildRow[] | null;
}

type LiveSessionRow = SessionRow & { children: ChildRow[] | null } & Record<`u_${keyof UserRow}`, unknown>;

/** Stands for the session id while the look-up statement is compiled (replaced by the real one). */
const SESSION_ID_SLOT = '\u0000session-id';

export function createSessionRepository(knex: Knex) {
  /**
   * Told of the sessions this process ends, at once (what other features keep per session, e.g.
   * playback grants); other processes hear of them through `session_changes`.
   */
  const endedListeners: Array<(sessionIds: string[]) => void> = [];
  const announce = (ids: string[]) => {
    if (ids.length) for (const listener of endedListeners) listener(ids);
  };
  // Compiled once: building the statement with knex cost more per request than running it.
  let findLiveStatement: { sql: string; bindings: readonly unknown[] } | undefined;
  const compileFindLive = () =>
    knex('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .select('s.id', 's.user_id', 's.role_id_override', 's.remember', 's.expires_at', 's.last_seen_at')
      .select(USER_COLUMNS.map((c) => knex.raw('?? as ??', [`u.${c}`, `u_${c}`])))
      .select(
        knex.raw('CASE WHEN u.role_id = 5 THEN ? END AS children', [childrenJsonSql(knex, knex.raw('u.id'))]),
      )
      .where('s.id', SESSION_ID_SLOT)
      .where('s.expires_at', '>', knex.fn.now())
      .first()
      .toSQL();
  return {
    onEnded(listener: (sessionIds: string[]) => void): void {
      endedListeners.push(listener);
    },
    /**
     * Every request starts here, so it is one statement (it was two or three: the session, the
     * user, a parent's children); the children in the order childrenOf gives them.
     */
    async findLive(id: string): Promise<LiveSession | undefined> {
      findLiveStatement ??= compileFindLive();
      const { sql, bindings } = findLiveStatement;
      const result: { rows: LiveSessionRow[] } = await knex
        .raw(sql, bindings.map((b) => (b === SESSION_ID_SLOT ? id : b)) as Knex.RawBinding[])
        // Prepared once per connection: planning it cost more than running it
        // (docs/architecture-decisions.md, "Chosen by measurement").
        .options({ name: 'session_find_live' });
      const row = result.rows[0];
      if (!row) return undefined;
      const { id: sid, user_id, role_id_override, remember, expires_at, last_seen_at, children } = row;
      const user = Object.fromEntries(USER_COLUMNS.map((c) => [c, row[`u_${c}`]])) as unknown as UserRow;
      return {
        session: { id: sid, user_id, role_id_override, remember, expires_at, last_seen_at },
        user,
        children,
      };
    },
    async create(row: {
      id: string;
      user_id: number;
      remember: boolean;
      expires_at: Date;
      ip: string;
      user_agent: string;
    }): Promise<void> {
      await knex('sessions').insert({ ...row, user_agent: row.user_agent.slice(0, 500) });
    },
    async touch(id: string, expiresAt: Date): Promise<void> {
      await knex('sessions').where({ id }).update({ last_seen_at: knex.fn.now(), expires_at: expiresAt });
    },
    async setRoleOverride(id: string, roleId: number | null): Promise<void> {
      await knex('sessions').where({ id }).update({ role_id_override: roleId });
    },
    async remove(id: string): Promise<void> {
      await knex('sessions').where({ id }).delete();
      announce([id]);
    },
    async removeAllOfUser(userId: number, exceptId?: string): Promise<void> {
      const q = knex('sessions').where({ user_id: userId });
      if (exceptId) q.whereNot({ id: exceptId });
      const rows: Array<{ id: string }> = await q.delete().returning('id');
      announce(rows.map((r) => r.id));
    },
    async removeExpired(): Promise<number> {
      return knex('sessions').where('expires_at', '<=', knex.fn.now()).delete();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
