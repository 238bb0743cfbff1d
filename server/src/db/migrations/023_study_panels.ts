import type { Knex } from 'knex';

/**
 * The study modal's panels (issue 14):
 * - `study_message_reads`: how far each user has read each study's chat (the calendar's
 *   "unread messages" flag, `studies.hasUnreadMessages`);
 * - real-time notices for chat messages ('message') and homework files ('task'), and reports
 *   ('report', replacing migration 015's report triggers) that name the students the changed
 *   rows are about (`studentIds`), so each socket hears only of what it may read
 *   (server/src/features/realtime-events/study-change.audience.ts).
 * Same channel and payload as migration 015 (`study_changes`: studyId, kind, userIds), split at
 * 500 user ids, and the same bulk rule: a statement touching more than 50 studies sends one
 * "refresh" per affected user (studyId null) instead.
 */

const CHANNEL = 'study_changes';
const BULK_STUDIES = 50;
const IDS_PER_MESSAGE = 500;

const ITEM_TRIGGERS = [
  ['study_reports', 'report', true],
  ['study_tasks', 'task', true],
  ['study_messages', 'message', false],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_message_reads', (t) => {
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The newest message id the user had seen when they last opened the chat (no foreign key:
    // that message may be deleted since).
    t.integer('last_read_message_id').notNullable();
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['study_id', 'user_id'], { constraintName: 'study_message_reads_pkey' });
    t.index(['user_id'], 'study_message_reads_user_id_index');
  });

  // p_studies / p_students are parallel (p_students NULL: the rows are about no student).
  await knex.raw(`
    CREATE FUNCTION study_items_emit(p_kind text, p_studies int[], p_students int[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      r record;
      many boolean;
      n int;
      i int;
    BEGIN
      SELECT count(*) > ${BULK_STUDIES} INTO many
        FROM (SELECT DISTINCT s FROM unnest(p_studies) s LIMIT ${BULK_STUDIES + 1}) x;
      IF many THEN
        PERFORM study_changes_emit(p_kind, p_studies, NULL);
        RETURN;
      END IF;
      FOR r IN
        WITH touched AS (
          SELECT t.s AS study_id, t.u AS student_id
          FROM unnest(p_studies, coalesce(p_students, '{}'::int[])) AS t(s, u) WHERE t.s IS NOT NULL
        )
        SELECT g.study_id,
               (SELECT array_agg(DISTINCT x.id ORDER BY x.id) FROM (
                  SELECT su.user_id AS id FROM study_user su WHERE su.study_id = g.study_id
                  UNION SELECT unnest(g.student_ids)) x) AS user_ids,
               g.student_ids
        FROM (
          SELECT study_id, array_agg(DISTINCT student_id ORDER BY student_id) FILTER (WHERE student_id IS NOT NULL) AS student_ids
          FROM touched GROUP BY study_id
        ) g
      LOOP
        n := coalesce(array_length(r.user_ids, 1), 0);
        i := 1;
        WHILE i <= n LOOP
          PERFORM pg_notify('${CHANNEL}', json_build_object(
            'studyId', r.study_id, 'kind', p_kind, 'userIds', r.user_ids[i:i + ${IDS_PER_MESSAGE - 1}],
            'studentIds', r.student_ids)::text);
          i := i + ${IDS_PER_MESSAGE};
        END LOOP;
      END LOOP;
    END $$`);

  // TG_ARGV[0] = kind; TG_ARGV[1] = 'students' when the rows' user_id is the student they are about.
  await knex.raw(`
    CREATE FUNCTION study_items_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      studies int[];
      users int[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(study_id), array_agg(user_id) INTO studies, users FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(study_id), array_agg(user_id) INTO studies, users FROM old_rows;
      ELSE
        SELECT array_agg(s), array_agg(u) INTO studies, users FROM (
          SELECT study_id AS s, user_id AS u FROM new_rows UNION SELECT study_id, user_id FROM old_rows) x;
      END IF;
      IF studies IS NOT NULL THEN
        PERFORM study_items_emit(TG_ARGV[0], studies, CASE WHEN TG_NARGS > 1 AND TG_ARGV[1] = 'students' THEN users END);
      END IF;
      RETURN NULL;
    END $$`);

  for (const op of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER IF EXISTS study_reports_notify_${op} ON study_reports`);
  }
  for (const [table, kind, students] of ITEM_TRIGGERS) {
    const args = students ? `'${kind}', 'students'` : `'${kind}'`;
    await knex.raw(`
      CREATE TRIGGER ${table}_items_notify_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION study_items_notify(${args})`);
    await knex.raw(`
      CREATE TRIGGER ${table}_items_notify_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION study_items_notify(${args})`);
    await knex.raw(`
      CREATE TRIGGER ${table}_items_notify_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION study_items_notify(${args})`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of ITEM_TRIGGERS) {
    for (const op of ['insert', 'update', 'delete']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${table}_items_notify_${op} ON ${table}`);
    }
  }
  // Migration 015's report triggers, as they were.
  await knex.raw(`
    CREATE TRIGGER study_reports_notify_insert AFTER INSERT ON study_reports
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('report')`);
  await knex.raw(`
    CREATE TRIGGER study_reports_notify_update AFTER UPDATE ON study_reports
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('report')`);
  await knex.raw(`
    CREATE TRIGGER study_reports_notify_delete AFTER DELETE ON study_reports
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_changes_notify('report')`);
  await knex.raw('DROP FUNCTION IF EXISTS study_items_notify()');
  await knex.raw('DROP FUNCTION IF EXISTS study_items_emit(text, int[], int[])');
  await knex.schema.dropTable('study_message_reads');
}
