import type { Knex } from 'knex';

/**
 * Calendar change notifications from the database itself: whatever writes a study, its
 * participants, reports or recordings (a command, the generic CRUD routes, a migration, SQL by
 * hand) sends `pg_notify('study_changes', {"studyId", "kind", "userIds"})`. NOTIFY is
 * transactional: nothing is sent for a rolled-back write, and identical payloads within one
 * transaction are sent once. Every server process LISTENs and forwards to its sockets
 * (server/src/platform/realtime).
 *
 * Statement-level triggers with transition tables, so a bulk write (the 1M-study benchmark
 * generator) costs one aggregation per statement, not one notification per row. A statement
 * touching more than 50 studies sends one "refresh" per affected user instead (`studyId` null).
 */

const CHANNEL = 'study_changes';
const BULK_STUDIES = 50;
// NOTIFY payloads are limited to 8000 bytes; 500 ids of up to 10 digits stay well below.
const IDS_PER_MESSAGE = 500;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION study_changes_send(p_study_id int, p_kind text, p_user_ids int[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      n int := coalesce(array_length(p_user_ids, 1), 0);
      i int := 1;
    BEGIN
      WHILE i <= n LOOP
        PERFORM pg_notify('${CHANNEL}', json_build_object(
          'studyId', p_study_id, 'kind', p_kind, 'userIds', p_user_ids[i:i + ${IDS_PER_MESSAGE - 1}])::text);
        i := i + ${IDS_PER_MESSAGE};
      END LOOP;
    END $$`);

  // p_studies / p_users are parallel: the rows a statement touched (p_users may hold NULLs when
  // only the study is known). Everyone still in the study is told as well, so a teacher sees a
  // student leave, and a removed student sees the lesson disappear.
  // Kind 'participants' is resolved per study: gone = deleted, created in this transaction = created.
  await knex.raw(`
    CREATE FUNCTION study_changes_emit(p_kind text, p_studies int[], p_users int[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      r record;
      many boolean;
      everyone int[];
    BEGIN
      SELECT count(*) > ${BULK_STUDIES} INTO many
        FROM (SELECT DISTINCT s FROM unnest(p_studies) s LIMIT ${BULK_STUDIES + 1}) x;
      IF many THEN
        SELECT array_agg(DISTINCT u ORDER BY u) INTO everyone FROM (
          SELECT t.u FROM unnest(p_users) AS t(u) WHERE t.u IS NOT NULL
          UNION
          SELECT su.user_id FROM study_user su
            JOIN (SELECT DISTINCT s AS id FROM unnest(p_studies) s) touched ON touched.id = su.study_id
        ) x;
        PERFORM study_changes_send(NULL, CASE WHEN p_kind = 'participants' THEN 'updated' ELSE p_kind END, everyone);
        RETURN;
      END IF;
      FOR r IN
        WITH touched AS (
          SELECT t.s AS study_id, t.u AS user_id FROM unnest(p_studies, p_users) AS t(s, u) WHERE t.s IS NOT NULL
        ), affected AS (
          SELECT study_id, user_id FROM touched WHERE user_id IS NOT NULL
          UNION
          SELECT su.study_id, su.user_id FROM study_user su WHERE su.study_id IN (SELECT study_id FROM touched)
        )
        SELECT a.study_id,
               array_agg(a.user_id ORDER BY a.user_id) AS user_ids,
               CASE
                 WHEN p_kind <> 'participants' THEN p_kind
                 WHEN s.id IS NULL THEN 'deleted'
                 WHEN s.created_at = now() THEN 'created'
                 ELSE 'updated'
               END AS kind
        FROM affected a LEFT JOIN studies s ON s.id = a.study_id
        GROUP BY a.study_id, s.id, s.created_at
      LOOP
        PERFORM study_changes_send(r.study_id, r.kind, r.user_ids);
      END LOOP;
    END $$`);

  // One function for every statement trigger; TG_ARGV[0] = kind, TG_ARGV[1] = 'users' when the
  // rows carry the affected user (study_user). Only the branch for the firing event is planned,
  // so referring to a transition table another trigger declares is fine.
  await knex.raw(`
    CREATE FUNCTION study_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      studies int[];
      users int[];
      with_users boolean := TG_NARGS > 1 AND TG_ARGV[1] = 'users';
    BEGIN
      IF TG_OP = 'INSERT' AND with_users THEN
        SELECT array_agg(study_id), array_agg(user_id) INTO studies, users FROM new_rows;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT array_agg(study_id) INTO studies FROM new_rows;
      ELSIF TG_OP = 'DELETE' AND with_users THEN
        SELECT array_agg(study_id), array_agg(user_id) INTO studies, users FROM old_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(study_id) INTO studies FROM old_rows;
      ELSIF TG_TABLE_NAME = 'studies' THEN
        SELECT array_agg(id) INTO studies FROM new_rows;
      ELSE
        SELECT array_agg(study_id) INTO studies
          FROM (SELECT study_id FROM new_rows UNION SELECT study_id FROM old_rows) x;
      END IF;
      IF studies IS NOT NULL THEN
        PERFORM study_changes_emit(TG_ARGV[0], studies, users);
      END IF;
      RETURN NULL;
    END $$`);

  // A participant row changing hands. Row level, because statement triggers with transition
  // tables cannot have a column list, and the period rewrite that follows every move of a study
  // (studies_sync_period) must not notify a second time.
  await knex.raw(`
    CREATE FUNCTION study_user_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM study_changes_emit('participants', ARRAY[OLD.study_id, NEW.study_id], ARRAY[OLD.user_id, NEW.user_id]);
      RETURN NULL;
    END $$`);

  await knex.raw(`
    CREATE TRIGGER studies_notify_update AFTER UPDATE ON studies
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('updated')`);
  // A new study has no participants yet: its study_user rows announce it ('created').
  // A deleted study cascades to study_user, whose delete trigger announces it ('deleted').
  await knex.raw(`
    CREATE TRIGGER study_user_notify_insert AFTER INSERT ON study_user
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('participants', 'users')`);
  await knex.raw(`
    CREATE TRIGGER study_user_notify_delete AFTER DELETE ON study_user
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('participants', 'users')`);
  await knex.raw(`
    CREATE TRIGGER study_user_notify_update AFTER UPDATE ON study_user
    FOR EACH ROW WHEN (
      OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.study_id IS DISTINCT FROM NEW.study_id
      OR OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.subscription_id IS DISTINCT FROM NEW.subscription_id)
    EXECUTE FUNCTION study_user_changes_notify()`);

  for (const [table, kind] of [
    ['study_reports', 'report'],
    ['recordings', 'recording'],
  ] as const) {
    await knex.raw(`
      CREATE TRIGGER ${table}_notify_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('${kind}')`);
    await knex.raw(`
      CREATE TRIGGER ${table}_notify_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('${kind}')`);
    await knex.raw(`
      CREATE TRIGGER ${table}_notify_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('${kind}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['study_reports', 'recordings']) {
    for (const op of ['insert', 'update', 'delete']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${table}_notify_${op} ON ${table}`);
    }
  }
  for (const op of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER IF EXISTS study_user_notify_${op} ON study_user`);
  }
  await knex.raw('DROP TRIGGER IF EXISTS studies_notify_update ON studies');
  await knex.raw('DROP FUNCTION IF EXISTS study_user_changes_notify()');
  await knex.raw('DROP FUNCTION IF EXISTS study_changes_notify()');
  await knex.raw('DROP FUNCTION IF EXISTS study_changes_emit(text, int[], int[])');
  await knex.raw('DROP FUNCTION IF EXISTS study_changes_send(int, text, int[])');
}
