import type { Knex } from 'knex';
import { errors } from '../../platform/http/app-error.js';
import type { ScheduleProlongRepository } from './schedule-prolong.repository.js';

/**
 * Prolong of a teacher's schedule (spec part 2 §2): a copy with the same work periods, no off
 * periods (holidays are dated, they do not repeat), starting at the old end and open-ended.
 */
export function createScheduleProlongService(deps: { knex: Knex; repo: ScheduleProlongRepository }) {
  const { knex, repo } = deps;
  return {
    async prolong(id: number, createdBy: number) {
      const newId = await knex.transaction(async (trx) => {
        const old = await repo.lockSchedule(trx, id);
        if (!old) throw errors.notFound();
        // An open-ended schedule has nothing to continue from.
        if (!old.end_at) throw errors.invalidField('end_at', 'subscriptions.schedule_no_end');
        // The schedule of a deleted teacher (shown DELETED) belongs to nobody.
        if (old.user_id === null) throw errors.invalidField('user_id', 'subscriptions.schedule_no_teacher');
        // A second click, or a schedule already planned after this one: a copy would overlap it.
        if (await repo.hasScheduleFrom(trx, old.user_id, old.end_at, old.id)) {
          throw errors.conflict('schedule_prolonged', 'subscriptions.schedule_prolonged');
        }
        const copyId = await repo.insertSchedule(trx, {
          user_id: old.user_id,
          start_at: old.end_at,
          end_at: null,
          created_by: createdBy,
        });
        await repo.copyWorkperiods(trx, old.id, copyId);
        return copyId;
      });
      return (await repo.loadSchedule(knex, newId))!;
    },
  };
}

export type ScheduleProlongService = ReturnType<typeof createScheduleProlongService>;
