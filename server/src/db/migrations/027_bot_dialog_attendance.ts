import type { Knex } from 'knex';

/**
 * The two-way bot (features/bot-dialog, study-attendance):
 * - `study_attendance`: a family's latest answer per student and study ("will come" / "will not
 *   come"), with who gave it, through which messenger, and the study start it was given for
 *   (`study_start`): an answer about another start than the study's current one is stale and
 *   not shown (the study moved since). It changes neither the miss status nor money.
 * - `messenger_outbox.buttons`: the reply buttons sent with a message (Telegram inline keyboard,
 *   Viber keyboard), `[[{ text, data }]]` rows; `user_id` may be null for a reply to a chat
 *   that is bound to nobody (the connect hint).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('study_attendance', (t) => {
    t.integer('study_id').notNullable().references('id').inTable('studies').onDelete('CASCADE');
    t.integer('student_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('answer').notNullable();
    t.timestamp('study_start', { useTz: true }).notNullable();
    t.integer('answered_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('messenger').notNullable();
    t.timestamp('answered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['study_id', 'student_id'], { constraintName: 'study_attendance_pkey' });
    t.index(['student_id'], 'study_attendance_student_id_index');
    t.index(['answered_by'], 'study_attendance_answered_by_index');
    t.check(`answer IN ('confirmed', 'declined')`, {}, 'study_attendance_answer_check');
    t.check(`messenger IN ('viber', 'telegram')`, {}, 'study_attendance_messenger_check');
  });
  await knex.schema.alterTable('messenger_outbox', (t) => {
    t.jsonb('buttons');
  });
  await knex.raw('ALTER TABLE messenger_outbox ALTER COLUMN user_id DROP NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex('messenger_outbox').whereNull('user_id').delete();
  await knex.raw('ALTER TABLE messenger_outbox ALTER COLUMN user_id SET NOT NULL');
  await knex.schema.alterTable('messenger_outbox', (t) => {
    t.dropColumn('buttons');
  });
  await knex.schema.dropTable('study_attendance');
}
