import type { Knex } from 'knex';

/**
 * What a signed-in session holds besides its role and active flag (migration 019 announces
 * those): the user's names, e-mail and password hash, and a Responsible's children (names,
 * active). Open sockets re-check their session on such a change (an HTTP session cache built on it
 * was removed: docs/reliability.md, "Admin list pages against their floor"), so a
 * change of any of them sends `session_changes` {"kind": "changed"} for the user and for the
 * Responsibles whose child it is. Names and e-mails change rarely; request touches of
 * `sessions` and every other column of `users` stay silent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION users_session_fields_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      -- A changed role or active flag of the user itself is migration 019's message already.
      own boolean := OLD.firstname IS DISTINCT FROM NEW.firstname OR OLD.surname IS DISTINCT FROM NEW.surname
        OR OLD.patronymic IS DISTINCT FROM NEW.patronymic OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.password IS DISTINCT FROM NEW.password;
    BEGIN
      PERFORM session_changes_send('changed', NULL, (CASE WHEN own THEN ARRAY[NEW.id] ELSE '{}'::int[] END) ||
        coalesce((SELECT array_agg(DISTINCT ur.responsible_id ORDER BY ur.responsible_id) FROM user_responsibles ur WHERE ur.child_id = NEW.id), '{}'::int[]));
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER users_announce_session_fields AFTER UPDATE OF firstname, surname, patronymic, email, password, active ON users
    FOR EACH ROW WHEN (OLD.firstname IS DISTINCT FROM NEW.firstname OR OLD.surname IS DISTINCT FROM NEW.surname
      OR OLD.patronymic IS DISTINCT FROM NEW.patronymic OR OLD.email IS DISTINCT FROM NEW.email
      OR OLD.password IS DISTINCT FROM NEW.password OR OLD.active IS DISTINCT FROM NEW.active)
    EXECUTE FUNCTION users_session_fields_announce()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS users_announce_session_fields ON users');
  await knex.raw('DROP FUNCTION IF EXISTS users_session_fields_announce()');
}
