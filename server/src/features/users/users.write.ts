import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { findResource } from '@school/shared/resources';
import { hashPassword } from '../../platform/security/secrets.js';
import type { WriteContext, WriteHooks } from '../../resource-engine/write-hooks.js';
import { syncRelation } from '../../resource-engine/relation-writer.js';
import { assertUserDelete, assertUserWrite } from './user-write.guard.js';

/** User-form fields that live in the teachers row and its pivots (spec part 2 §3, Teacher data). */
const PROFILE_COLUMNS = ['manager_id', 'priority', 'sex'] as const;
const PROFILE_RELATIONS = [
  'teaching_formats',
  'teaching_programs',
  'teaching_styles',
  'teaching_study_types',
  'study_durations',
] as const;

/**
 * The user form writes more than the users row:
 * - the password is stored as an argon2 hash; an empty email is replaced by a generated address
 *   on example.com (spec part 2 §5: no real mail is sent);
 * - `notes` (one text field on the form) adds a staff note when it differs from the latest one;
 * - manager_id, priority, sex and the teaching_* lists go to the teachers row and its pivots.
 * Who may give which role and change whose account is checked first (role-grants rule).
 */
async function prepare(values: Record<string, unknown>, ctx: WriteContext): Promise<void> {
  await assertUserWrite(ctx, values.role_id);
  if (typeof values.password === 'string') values.password = await hashPassword(values.password);
  else delete values.password;
  if (typeof values.email === 'string') values.email = values.email.trim().toLowerCase();
  if (!ctx.existing && !values.email) values.email = `user-${randomUUID().slice(0, 12)}@example.com`;
}

async function writeNotes(trx: Knex.Transaction, userId: number, ctx: WriteContext): Promise<void> {
  const content = ctx.input.notes;
  if (typeof content !== 'string' || content.trim() === '') return;
  const latest = await trx('notes').where('user_id', userId).orderBy('id', 'desc').first('content');
  if (latest?.content === content) return;
  await trx('notes').insert({ user_id: userId, content, created_by: ctx.auth.user.id });
}

async function writeTeacherProfile(trx: Knex.Transaction, userId: number, ctx: WriteContext): Promise<void> {
  const sent = (k: string) => Object.prototype.hasOwnProperty.call(ctx.input, k);
  if (![...PROFILE_COLUMNS, ...PROFILE_RELATIONS].some(sent)) return;
  const columns: Record<string, unknown> = {};
  for (const c of PROFILE_COLUMNS) if (sent(c) && ctx.input[c] !== null) columns[c] = ctx.input[c];
  const [teacher] = await trx('teachers')
    .insert({ user_id: userId, ...columns })
    .onConflict('user_id')
    .merge(Object.keys(columns).length ? Object.keys(columns) : ['user_id'])
    .returning('id');
  const teachers = findResource('teachers')!;
  for (const name of PROFILE_RELATIONS) {
    if (sent(name))
      await syncRelation(
        trx,
        name,
        teachers.relations![name],
        (teacher as { id: number }).id,
        ctx.input[name],
      );
  }
}

export const userWriteHooks: WriteHooks = {
  prepare,
  beforeDelete: async (_trx, _id, ctx) => assertUserDelete(ctx),
  afterWrite: async (trx, userId, ctx) => {
    await writeNotes(trx, userId, ctx);
    await writeTeacherProfile(trx, userId, ctx);
  },
};
