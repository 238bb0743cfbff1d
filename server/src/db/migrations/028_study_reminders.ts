import type { Knex } from 'knex';

/**
 * Study reminders and the teachers' morning digest (features/study-reminders, docs/bots.md).
 *
 * - `study_reminder_settings`: the school's one row: reminder offsets (minutes before the start),
 *   the digest switch and time (Kyiv), and the planner's state: `planned_until` (studies starting
 *   up to it are planned) and `digest_sent_on` (the last Kyiv day whose digest went out).
 * - `study_reminders`: one row per (study, recipient, student, offset, planned start). A row that
 *   no longer matches its study (moved, missed, deleted, the student left it, the parent link
 *   ended) is deleted: that is the withdrawal. `key` is the outbox idempotency key, built here
 *   once, from the tuple, so a retry or a second dispatcher never sends twice.
 *
 * Re-planning lives in triggers, like the calendar notifications (015) and participant roles
 * (018): every writer of studies, study_user and user_responsibles (commands, the generic CRUD,
 * transfer, SQL by hand) keeps the reminders in step in its own transaction, set-based
 * (statement triggers with transition tables). A study is planned here only when it starts
 * within the horizon the periodic planner reached (`planned_until`); the planner extends the
 * horizon under an exclusive advisory lock that the triggers take shared, so a study moved
 * while the horizon moves is planned by one of them, never by neither.
 *
 * `messenger_outbox` gains `expires_at` (a reminder is never sent once its lesson started) and
 * the statuses `withdrawn` (its reminder was withdrawn before it went out) and `expired`;
 * `bot_send_rate` is the per-bot send slot shared by every server process (the rate limiter).
 */

// pg_advisory_xact_lock key of the reminder horizon (any constant unique to this use).
export const REMINDER_HORIZON_LOCK = 728_028;

/**
 * A reminder still matches its study: the study exists at that start without a miss status, the
 * student is in it and active, the recipient is the student or an active responsible of theirs.
 */
function liveSql(study: string, user: string, student: string, start: string): string {
  // Aliases of their own (lv_…): the caller's row is often `r`.
  return `EXISTS (
      SELECT 1 FROM studies lv_s
      JOIN study_user lv_su ON lv_su.study_id = lv_s.id AND lv_su.user_id = ${student}
      JOIN users lv_st ON lv_st.id = lv_su.user_id AND lv_st.role_id = 4 AND lv_st.active
      WHERE lv_s.id = ${study} AND lv_s.start = ${start} AND lv_s.miss_status = 0
        AND (${user} = ${student} OR EXISTS (
          SELECT 1 FROM user_responsibles lv_ur JOIN users lv_r ON lv_r.id = lv_ur.responsible_id AND lv_r.active
          WHERE lv_ur.child_id = ${student} AND lv_ur.responsible_id = ${user})))`;
}

// For the dispatcher, which re-checks a batch of due rows.
const LIVE = `
  CREATE FUNCTION study_reminder_is_live(p_study int, p_user int, p_student int, p_start timestamptz)
  RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT ${liveSql('p_study', 'p_user', 'p_student', 'p_start')}
  $$`;

// The one place that decides who is reminded of what: each active Student participant and
// their active responsibles, once per offset, for lessons without a miss status whose reminder
// is still ahead of p_now (a lesson booked 3 hours ahead gets the 1 h reminder only).
// `lessons` is the studies to plan: a window (the planner) or given ids (the triggers). Two
// statements, not one with "ids IS NULL OR id = ANY(ids)": PL/pgSQL caches a generic plan, and
// one plan for both would scan the week's studies for a single moved one.
function planInsert(lessons: string): string {
  return `
    INSERT INTO study_reminders (study_id, user_id, student_id, offset_minutes, study_start, due_at, key)
    SELECT s.id, rc.user_id, st.id, o.m, s.start, s.start - make_interval(mins => o.m),
           'reminder:' || s.id || ':' || rc.user_id || ':' || st.id || ':' || o.m || ':' || floor(extract(epoch FROM s.start))::bigint
    FROM ${lessons}
    JOIN study_user su ON su.study_id = s.id
    JOIN users st ON st.id = su.user_id AND st.role_id = 4 AND st.active
    CROSS JOIN LATERAL (
      SELECT st.id AS user_id
      UNION ALL
      SELECT r.id FROM user_responsibles ur JOIN users r ON r.id = ur.responsible_id AND r.active WHERE ur.child_id = st.id
    ) rc
    CROSS JOIN (SELECT unnest(offsets_minutes) AS m FROM study_reminder_settings WHERE id = 1) o
    WHERE s.start > p_from AND s.start <= p_to AND s.miss_status = 0
      AND s.start - make_interval(mins => o.m) > p_now
    ON CONFLICT DO NOTHING`;
}

const PLAN = `
  CREATE FUNCTION study_reminders_plan(p_studies int[], p_from timestamptz, p_to timestamptz, p_now timestamptz)
  RETURNS integer LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
  DECLARE n integer;
  BEGIN
    IF p_studies IS NULL THEN
      ${planInsert('studies s')};
    ELSE
      ${planInsert('(SELECT DISTINCT unnest(p_studies) AS id) x JOIN studies s ON s.id = x.id')};
    END IF;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
  END $$`;

// Planned for the ids at hand (force_custom_plan): a generic plan cached after a bulk move made each
// later single move slow. The live check is written out rather than study_reminder_is_live(), which
// is not inlined in a filter (figures: docs/architecture-decisions.md, "Chosen by measurement").
const WITHDRAW = `
  CREATE FUNCTION study_reminders_withdraw(p_studies int[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
  BEGIN
    DELETE FROM study_reminders r
    WHERE r.study_id = ANY (p_studies)
      -- A scalar subquery, probed per row by index: as a plain NOT EXISTS the cached generic plan
      -- became an anti-join over every study (50 ms for one moved study on the 1M-study school).
      AND NOT (SELECT ${liveSql('r.study_id', 'r.user_id', 'r.student_id', 'r.study_start')});
  END $$`;

const REPLAN = `
  CREATE FUNCTION study_reminders_replan(p_studies int[]) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE horizon timestamptz;
  BEGIN
    PERFORM study_reminders_withdraw(p_studies);
    PERFORM pg_advisory_xact_lock_shared(${REMINDER_HORIZON_LOCK});
    SELECT planned_until INTO horizon FROM study_reminder_settings WHERE id = 1;
    IF horizon IS NOT NULL AND horizon > now() THEN
      PERFORM study_reminders_plan(p_studies, now(), horizon, now());
    END IF;
  END $$`;

// Statement triggers: TG_TABLE_NAME and TG_OP pick the rows that matter.
const ON_CHANGE = `
  CREATE FUNCTION study_reminders_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE ids int[];
  BEGIN
    IF TG_TABLE_NAME = 'studies' THEN
      SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.start IS DISTINCT FROM o.start OR n.miss_status IS DISTINCT FROM o.miss_status;
      IF ids IS NOT NULL THEN PERFORM study_reminders_replan(ids); END IF;
    ELSIF TG_TABLE_NAME = 'study_user' AND TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT study_id) INTO ids FROM new_rows;
      IF ids IS NOT NULL THEN PERFORM study_reminders_replan(ids); END IF;
    ELSIF TG_TABLE_NAME = 'study_user' AND TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT study_id) INTO ids FROM old_rows;
      IF ids IS NOT NULL THEN PERFORM study_reminders_withdraw(ids); END IF;
    ELSIF TG_TABLE_NAME = 'study_user' THEN
      -- Every move of a study rewrites its participants' periods: only a changed pair counts.
      SELECT array_agg(DISTINCT x.study_id) INTO ids FROM (
        (SELECT study_id, user_id FROM new_rows EXCEPT SELECT study_id, user_id FROM old_rows)
        UNION ALL
        (SELECT study_id, user_id FROM old_rows EXCEPT SELECT study_id, user_id FROM new_rows)) x;
      IF ids IS NOT NULL THEN PERFORM study_reminders_replan(ids); END IF;
    ELSIF TG_OP = 'INSERT' THEN
      -- user_responsibles: a new parent link plans the child's lessons within the horizon.
      SELECT array_agg(DISTINCT su.study_id) INTO ids
        FROM new_rows n JOIN study_user su ON su.user_id = n.child_id
        JOIN studies s ON s.id = su.study_id AND s.start > now();
      IF ids IS NOT NULL THEN PERFORM study_reminders_replan(ids); END IF;
    ELSE
      DELETE FROM study_reminders r USING old_rows o WHERE r.student_id = o.child_id AND r.user_id = o.responsible_id;
    END IF;
    RETURN NULL;
  END $$`;

// A withdrawn reminder that was already handed to the outbox: its unsent messages are withdrawn too.
const ON_DELETE = `
  CREATE FUNCTION study_reminders_withdraw_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE messenger_outbox o SET status = 'withdrawn', last_error = 'reminder withdrawn'
    FROM (SELECT r.key || v.m AS key FROM old_rows r CROSS JOIN (VALUES (':telegram'), (':viber')) v(m)
          WHERE r.status = 'queued') x
    WHERE o.key = x.key AND o.status = 'pending';
    RETURN NULL;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_reminder_settings', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.specificType('offsets_minutes', 'integer[]')
      .notNullable()
      .defaultTo(knex.raw(`'{1440,60}'::integer[]`));
    t.boolean('digest_enabled').notNullable().defaultTo(true);
    t.specificType('digest_time', 'time').notNullable().defaultTo('07:00');
    t.timestamp('planned_until', { useTz: true });
    t.date('digest_sent_on');
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('id = 1', {}, 'study_reminder_settings_single_row_check');
    t.check('cardinality(offsets_minutes) <= 3', {}, 'study_reminder_settings_offsets_check');
  });
  await knex('study_reminder_settings').insert({ id: 1 });

  await knex.schema.createTable('study_reminders', (t) => {
    t.bigIncrements('id').primary();
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('student_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('offset_minutes').notNullable();
    t.timestamp('study_start', { useTz: true }).notNullable();
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.text('key').notNullable();
    // planned → queued (handed to the outbox) or skipped (a nearer reminder of the same lesson went instead).
    t.text('status').notNullable().defaultTo('planned');
    t.timestamp('queued_at', { useTz: true });
    t.unique(['study_id', 'user_id', 'student_id', 'offset_minutes', 'study_start'], {
      indexName: 'study_reminders_tuple_unique',
    });
    t.check(`status IN ('planned', 'queued', 'skipped')`, {}, 'study_reminders_status_check');
    t.check('offset_minutes > 0', {}, 'study_reminders_offset_check');
    t.index(['user_id'], 'study_reminders_user_id_index');
    t.index(['student_id'], 'study_reminders_student_id_index');
    t.index(['study_start'], 'study_reminders_study_start_index');
  });
  await knex.raw(
    `CREATE INDEX study_reminders_due_index ON study_reminders (due_at) WHERE status = 'planned'`,
  );

  await knex.schema.alterTable('messenger_outbox', (t) => {
    t.timestamp('expires_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE messenger_outbox DROP CONSTRAINT messenger_outbox_status_check');
  await knex.raw(
    `ALTER TABLE messenger_outbox ADD CONSTRAINT messenger_outbox_status_check
     CHECK (status IN ('pending', 'sent', 'failed', 'blocked', 'withdrawn', 'expired'))`,
  );
  await knex.schema.createTable('bot_send_rate', (t) => {
    t.text('messenger').primary();
    t.timestamp('next_slot', { useTz: true }).notNullable();
    // Set by a 429: a slot granted before it (its holder waiting for its turn) is not used before this.
    t.timestamp('paused_until', { useTz: true });
  });

  for (const sql of [LIVE, PLAN, WITHDRAW, REPLAN, ON_CHANGE, ON_DELETE]) await knex.raw(sql);
  await knex.raw(`
    CREATE TRIGGER study_reminders_studies_update AFTER UPDATE ON studies
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_on_change()`);
  await knex.raw(`
    CREATE TRIGGER study_reminders_study_user_insert AFTER INSERT ON study_user
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_on_change()`);
  await knex.raw(`
    CREATE TRIGGER study_reminders_study_user_delete AFTER DELETE ON study_user
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_on_change()`);
  await knex.raw(`
    CREATE TRIGGER study_reminders_study_user_update AFTER UPDATE ON study_user
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_on_change()`);
  await knex.raw(`
    CREATE TRIGGER study_reminders_responsibles_insert AFTER INSERT ON user_responsibles
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_on_change()`);
  await knex.raw(`
    CREATE TRIGGER study_reminders_responsibles_delete AFTER DELETE ON user_responsibles
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_on_change()`);
  await knex.raw(`
    CREATE TRIGGER study_reminders_withdraw_outbox AFTER DELETE ON study_reminders
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION study_reminders_withdraw_outbox()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, table] of [
    ['study_reminders_studies_update', 'studies'],
    ['study_reminders_study_user_insert', 'study_user'],
    ['study_reminders_study_user_delete', 'study_user'],
    ['study_reminders_study_user_update', 'study_user'],
    ['study_reminders_responsibles_insert', 'user_responsibles'],
    ['study_reminders_responsibles_delete', 'user_responsibles'],
  ]) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
  }
  await knex.schema.dropTable('study_reminders');
  await knex.raw('DROP FUNCTION study_reminders_withdraw_outbox()');
  await knex.raw('DROP FUNCTION study_reminders_on_change()');
  await knex.raw('DROP FUNCTION study_reminders_replan(int[])');
  await knex.raw('DROP FUNCTION study_reminders_withdraw(int[])');
  await knex.raw('DROP FUNCTION study_reminders_plan(int[], timestamptz, timestamptz, timestamptz)');
  await knex.raw('DROP FUNCTION study_reminder_is_live(int, int, int, timestamptz)');
  await knex.schema.dropTable('study_reminder_settings');
  await knex.schema.dropTable('bot_send_rate');
  await knex('messenger_outbox').whereIn('status', ['withdrawn', 'expired']).update({ status: 'failed' });
  await knex.raw('ALTER TABLE messenger_outbox DROP CONSTRAINT messenger_outbox_status_check');
  await knex.raw(
    `ALTER TABLE messenger_outbox ADD CONSTRAINT messenger_outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'blocked'))`,
  );
  await knex.schema.alterTable('messenger_outbox', (t) => {
    t.dropColumn('expires_at');
  });
}
