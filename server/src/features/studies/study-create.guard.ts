import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { MINUTE_MS } from '@school/shared/rules';
import { studyFormSchema } from '@school/shared/validation';
import { authOf } from '../../platform/security/session-guard.js';
import type { SchedulingRepository } from '../scheduling-core/index.js';
import type { StudyTransferService } from '../study-transfer/index.js';
import { refusal } from '../../platform/http/refusal.errors.js';

/**
 * POST /api/studies (the study form, also its "duplicate" of a row): the generic create writes the
 * study; before it, the rule the study form's `ignore_offperiods` is about (spec part 2 §3, §9,
 * default 0): a study on a day off of one of its teachers is refused (422 `in_off_period` on
 * `start`) unless the form says to ignore off periods. A body the form schema refuses is left to
 * the generic create, which answers its field errors.
 */
export function studyCreateGuard(deps: {
  knex: Knex;
  slots: SchedulingRepository;
  transfer: StudyTransferService;
}) {
  return async (ctx: Context, next: Next) => {
    const auth = authOf(ctx);
    const parsed = studyFormSchema.safeParse(ctx.request.body ?? {});
    if (parsed.success && !parsed.data.ignore_offperiods && auth.ability.can('create', 'study')) {
      const teachers = await deps.slots.teachingUsers(deps.knex, parsed.data.users);
      const start = new Date(parsed.data.start).getTime();
      const span = { start, end: start + parsed.data.duration * MINUTE_MS };
      if (await deps.transfer.inOffPeriod(deps.knex, teachers, span)) {
        throw refusal('start', 'in_off_period', 'scheduling.create.in_off_period');
      }
    }
    await next();
  };
}
