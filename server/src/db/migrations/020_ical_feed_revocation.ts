import type { Knex } from 'knex';

/**
 * An iCal feed URL is a bearer secret that outlives any session: a calendar app that got it
 * keeps reading lessons, names and times for good. It dies with the account's trust in it:
 * when the password changes (own change, reset link, an administrator's edit: someone may have
 * lost control of the account) and when the account is deactivated (a reactivated account
 * starts without feeds). A trigger, so every path that writes users does it
 * (docs/permissions.md, "iCal feeds").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION ical_feeds_revoke_on_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ical_feeds SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_revoke_ical_feeds
      AFTER UPDATE OF password, active ON users
      FOR EACH ROW
      WHEN (NEW.password IS DISTINCT FROM OLD.password OR (OLD.active AND NOT NEW.active))
      EXECUTE FUNCTION ical_feeds_revoke_on_user_change();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS users_revoke_ical_feeds ON users;
    DROP FUNCTION IF EXISTS ical_feeds_revoke_on_user_change();
  `);
}
