import { roleIdsOf } from '@school/shared/domain';
import { errors } from '../../platform/http/app-error.js';
import type { WriteContext, WriteHooks } from '../../resource-engine/write-hooks.js';
import { createScheduleOwnersRepository } from './schedule-owners.repository.js';

/**
 * Generic create/update of a schedule (spec part 2 §5 schedule form: teacher, start, end, work
 * periods, off periods as nested rows of `schedules`). The engine writes the rows and replaces
 * the nested lists in one transaction; this adds what it cannot know: a schedule belongs to a
 * teaching user (the form's teacher dropdown lists roles 3 and 7), checked on create and when the
 * teacher changes. Rules: docs/domain-rules.md, "Schedules".
 */

async function prepare(_values: Record<string, unknown>, ctx: WriteContext): Promise<void> {
  const { input, existing, knex } = ctx;
  if (!('user_id' in input) || input.user_id === existing?.user_id) return;
  const owners = createScheduleOwnersRepository(knex);
  if (!(await owners.hasRole(Number(input.user_id), roleIdsOf('teaching')))) {
    throw errors.invalidField('user_id', 'scheduling.schedule.not_teacher');
  }
}

export const scheduleWriteHooks: WriteHooks = { prepare };
