import type { Knex } from 'knex';

/**
 * Session change notifications from the database itself, like the study changes of migration
 * 015: whatever ends a session (sign-out, a password change or reset signing out the other
 * sessions, a new sign-in replacing the old session, the expiry sweep, a deleted user, SQL by
 * hand) or changes what it may see (a role switch or restore, deactivation, a new account role,
 * a child linked or unlinked) sends `pg_notify('session_changes', {"kind", "sessionIds", "userIds"})`
 * on commit. Every server process LISTENs and ends or re-checks the sockets of those sessions
 * (server/src/platform/realtime), so a socket never outlives its session by more than a moment.
 *
 * kind 'ended': the sessions are gone. kind 'changed': the sessions (or every session of the
 * users) still exist but may see something else now.
 */

const CHANNEL = 'session_changes';
// Session ids are 64 hex characters; 100 of them keep a payload far below NOTIFY's 8000 bytes.
const IDS_PER_MESSAGE = 100;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION session_changes_send(p_kind text, p_session_ids text[], p_user_ids int[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      n int := coalesce(array_length(p_session_ids, 1), 0);
      i int := 1;
    BEGIN
      WHILE i <= n LOOP
        PERFORM pg_notify('${CHANNEL}', json_build_object('kind', p_kind,
          'sessionIds', p_session_ids[i:i + ${IDS_PER_MESSAGE - 1}], 'userIds', '{}'::int[])::text);
        i := i + ${IDS_PER_MESSAGE};
      END LOOP;
      n := coalesce(array_length(p_user_ids, 1), 0);
      i := 1;
      WHILE i <= n LOOP
        PERFORM pg_notify('${CHANNEL}', json_build_object('kind', p_kind,
          'sessionIds', '{}'::text[], 'userIds', p_user_ids[i:i + ${IDS_PER_MESSAGE - 1}])::text);
        i := i + ${IDS_PER_MESSAGE};
      END LOOP;
    END $$`);

  // Statement level: the expiry sweep deletes many sessions in one statement.
  await knex.raw(`
    CREATE FUNCTION sessions_ended_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_changes_send('ended', (SELECT array_agg(id ORDER BY id) FROM old_rows), NULL);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended_announce()`);

  // Row level with a column list: every request touches its session (last_seen_at, expires_at),
  // and that must cost nothing here.
  await knex.raw(`
    CREATE FUNCTION sessions_changed_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_changes_send('changed', ARRAY[NEW.id], NULL);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER sessions_announce_role AFTER UPDATE OF role_id_override ON sessions
    FOR EACH ROW WHEN (OLD.role_id_override IS DISTINCT FROM NEW.role_id_override)
    EXECUTE FUNCTION sessions_changed_announce()`);

  await knex.raw(`
    CREATE FUNCTION users_changed_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_changes_send('changed', NULL, ARRAY[NEW.id]);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER users_announce_access AFTER UPDATE OF active, role_id ON users
    FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.role_id IS DISTINCT FROM NEW.role_id)
    EXECUTE FUNCTION users_changed_announce()`);

  // A Responsible's children decide whose calendars their sockets may watch.
  await knex.raw(`
    CREATE FUNCTION user_responsibles_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids int[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(DISTINCT responsible_id) INTO ids FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(DISTINCT responsible_id) INTO ids FROM old_rows;
      ELSE
        SELECT array_agg(DISTINCT r) INTO ids
          FROM (SELECT responsible_id AS r FROM new_rows UNION SELECT responsible_id FROM old_rows) x;
      END IF;
      PERFORM session_changes_send('changed', NULL, ids);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER user_responsibles_announce_insert AFTER INSERT ON user_responsibles
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION user_responsibles_announce()`);
  await knex.raw(`
    CREATE TRIGGER user_responsibles_announce_update AFTER UPDATE ON user_responsibles
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION user_responsibles_announce()`);
  await knex.raw(`
    CREATE TRIGGER user_responsibles_announce_delete AFTER DELETE ON user_responsibles
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION user_responsibles_announce()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER IF EXISTS user_responsibles_announce_${op} ON user_responsibles`);
  }
  await knex.raw('DROP TRIGGER IF EXISTS users_announce_access ON users');
  await knex.raw('DROP TRIGGER IF EXISTS sessions_announce_role ON sessions');
  await knex.raw('DROP TRIGGER IF EXISTS sessions_announce_delete ON sessions');
  await knex.raw('DROP FUNCTION IF EXISTS user_responsibles_announce()');
  await knex.raw('DROP FUNCTION IF EXISTS users_changed_announce()');
  await knex.raw('DROP FUNCTION IF EXISTS sessions_changed_announce()');
  await knex.raw('DROP FUNCTION IF EXISTS sessions_ended_announce()');
  await knex.raw('DROP FUNCTION IF EXISTS session_changes_send(text, text[], int[])');
}
