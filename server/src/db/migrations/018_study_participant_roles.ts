import type { Knex } from 'knex';

/**
 * studies.participant_role_ids: the distinct current roles (users.role_id, ascending) of a
 * study's participants. It exists for one query: the studies table's
 * `filter[trial]=1&withFilter[users.role_id]=4` had to probe study_user + users for every trial
 * study to count them (the count cost many pages: docs/architecture-decisions.md, "Chosen by
 * measurement"); with the roles on the row the
 * count is `participant_role_ids && '{4}'` on the rows the other filters already read
 * (docs/data-model.md, "Participant roles on the study row").
 *
 * Kept exact by triggers whatever SQL writes study_user or users: statement-level with transition
 * tables on study_user, so a bulk INSERT … SELECT of a million participants (bench/generate.ts)
 * recomputes each study once with one hash aggregate instead of a million row triggers.
 * Current roles, not study_user.role_id (the snapshot taken when a participant was added): the
 * engine answers `withFilter[users.role_id]` from this column and must mean users.role_id.
 */

/** Recomputes the column of the studies whose ids `changed` (a SELECT of study_id) yields. */
function refreshSql(changed: string): string {
  // IS DISTINCT FROM: a study whose roles did not change is not rewritten (no dead tuple, and a
  // study moved in time, which rewrites all its study_user rows, costs no studies update).
  return `
    UPDATE studies s SET participant_role_ids = r.ids
    FROM (
      SELECT a.study_id,
        coalesce(array_agg(DISTINCT u.role_id ORDER BY u.role_id) FILTER (WHERE u.role_id IS NOT NULL), '{}')::smallint[] AS ids
      FROM (SELECT DISTINCT study_id FROM (${changed}) c) a
      LEFT JOIN study_user su ON su.study_id = a.study_id
      LEFT JOIN users u ON u.id = su.user_id
      GROUP BY a.study_id
    ) r
    WHERE s.id = r.study_id AND s.participant_role_ids IS DISTINCT FROM r.ids`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE studies ADD COLUMN participant_role_ids smallint[] NOT NULL DEFAULT '{}'`);

  // One trigger per event: PostgreSQL allows transition tables neither with column lists
  // (UPDATE OF user_id) nor on a trigger for several events that need different tables.
  await knex.raw(`
    CREATE FUNCTION study_user_participant_roles() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${refreshSql('SELECT study_id FROM new_rows')};
      ELSIF TG_OP = 'DELETE' THEN
        ${refreshSql('SELECT study_id FROM old_rows')};
      ELSE
        -- Only pairs that changed: the studies_sync_period trigger rewrites every participant row
        -- of a moved study (period), which changes nobody's participation.
        ${refreshSql(`(SELECT study_id, user_id FROM old_rows EXCEPT SELECT study_id, user_id FROM new_rows)
          UNION ALL (SELECT study_id, user_id FROM new_rows EXCEPT SELECT study_id, user_id FROM old_rows)`)};
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER study_user_participant_roles_ins AFTER INSERT ON study_user
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_user_participant_roles()`);
  await knex.raw(`
    CREATE TRIGGER study_user_participant_roles_del AFTER DELETE ON study_user
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_user_participant_roles()`);
  await knex.raw(`
    CREATE TRIGGER study_user_participant_roles_upd AFTER UPDATE ON study_user
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_user_participant_roles()`);

  // Role changes are rare and one user at a time: a row trigger with a column list is enough.
  await knex.raw(`
    CREATE FUNCTION users_participant_roles() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${refreshSql('SELECT su.study_id FROM study_user su WHERE su.user_id = NEW.id')};
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER users_participant_roles AFTER UPDATE OF role_id ON users
    FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id) EXECUTE FUNCTION users_participant_roles()`);

  // The studies_notify_update trigger (015) announces every UPDATE of studies to the calendars:
  // a refresh of this copy is no change of the study (its participants' own triggers already
  // announced it), and on a bulk load it would announce a million studies a second time. Rows
  // whose only change is this column are left out; everything else, no-op updates included,
  // is announced as before.
  await knex.raw(`
    CREATE FUNCTION studies_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed int[];
    BEGIN
      SELECT array_agg(n.id) INTO changed
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.participant_role_ids IS NOT DISTINCT FROM n.participant_role_ids
         OR (to_jsonb(o) - 'participant_role_ids') IS DISTINCT FROM (to_jsonb(n) - 'participant_role_ids');
      IF changed IS NOT NULL THEN
        PERFORM study_changes_emit('updated', changed, NULL);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw('DROP TRIGGER studies_notify_update ON studies');
  await knex.raw(`
    CREATE TRIGGER studies_notify_update AFTER UPDATE ON studies
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION studies_changes_notify()`);

  // Backfill: one set-based statement (every study with participants; the rest keep '{}').
  await knex.raw(`
    UPDATE studies s SET participant_role_ids = r.ids
    FROM (
      SELECT su.study_id, array_agg(DISTINCT u.role_id ORDER BY u.role_id)::smallint[] AS ids
      FROM study_user su JOIN users u ON u.id = su.user_id
      GROUP BY su.study_id
    ) r
    WHERE s.id = r.study_id`);

  // The trial filter's partial index (016) carries the roles: the count of
  // `filter[trial]=1&withFilter[users.role_id]=4` is then an index-only scan instead of a heap
  // fetch per trial study (docs/architecture-decisions.md, "Chosen by measurement").
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS studies_trial_start_roles_index ON studies (start, id) INCLUDE (participant_role_ids) WHERE trial',
  );
  await knex.raw('DROP INDEX IF EXISTS studies_trial_start_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS studies_trial_start_index ON studies (start, id) WHERE trial');
  await knex.raw('DROP INDEX IF EXISTS studies_trial_start_roles_index');
  // Back to 015's trigger.
  await knex.raw('DROP TRIGGER IF EXISTS studies_notify_update ON studies');
  await knex.raw(`
    CREATE TRIGGER studies_notify_update AFTER UPDATE ON studies
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('updated')`);
  await knex.raw('DROP FUNCTION IF EXISTS studies_changes_notify()');
  await knex.raw('DROP TRIGGER IF EXISTS users_participant_roles ON users');
  await knex.raw('DROP FUNCTION IF EXISTS users_participant_roles()');
  for (const t of ['ins', 'del', 'upd'])
    await knex.raw(`DROP TRIGGER IF EXISTS study_user_participant_roles_${t} ON study_user`);
  await knex.raw('DROP FUNCTION IF EXISTS study_user_participant_roles()');
  await knex.raw('ALTER TABLE studies DROP COLUMN IF EXISTS participant_role_ids');
}
