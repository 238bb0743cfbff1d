import type { Knex } from 'knex';
import { MISS_STATUS } from '@school/shared/domain';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { FreeSlotsService } from '../free-slots/index.js';
import { gateStudy, type StudiesRepository } from '../scheduling-core/index.js';
import { refusal } from '../../platform/http/refusal.errors.js';
import type { StudyMoveToEndInput } from '@school/shared/validation';
import type { StudyUpdateService } from './study-update.service.js';

/**
 * "Move to the end of subscription" as one command (ARCHITECTURE §5; spec part 2 §4 study form):
 * the next free template slot after the package's latest study (GET next-study-date), then the
 * study update command with that start, so every rule of a staff move applies (billed miss lock,
 * off periods, history row, the exclusion constraint's 409). The form's two-step flow (fetch the
 * date, save the form) stays available; this one cannot be overtaken between the two steps by a
 * second move of the package.
 */

export interface MoveToEndDeps {
  knex: Knex;
  studies: StudiesRepository;
  freeSlots: FreeSlotsService;
  updater: StudyUpdateService;
}

export type MoveToEndInput = StudyMoveToEndInput;

export function createMoveToEndService(deps: MoveToEndDeps) {
  return {
    async move(auth: AuthState, studyId: number, input: MoveToEndInput) {
      const { row: study } = await gateStudy(deps.studies, deps.knex, auth, studyId, {
        action: 'update',
        field: 'start',
      });
      // The checkbox exists only for a study with exactly one subscription and no billed miss.
      const packages = [
        ...new Set(
          study.participants.flatMap((p) => (p.subscription_id === null ? [] : [p.subscription_id])),
        ),
      ];
      if (packages.length !== 1)
        throw refusal('subscriptions', 'no_subscription', 'scheduling.move_to_end.no_subscription');
      if (study.miss_status === MISS_STATUS.BilledMiss)
        throw refusal('start', 'billed_miss', 'scheduling.move_to_end.billed_miss');
      const next = await deps.freeSlots.nextStudyDate(auth, packages[0]!);
      const data = await deps.updater.update(auth, studyId, {
        ...input,
        start: next,
        subscriptions: undefined,
      });
      return { data, meta: { next_date: next } };
    },
  };
}

export type MoveToEndService = ReturnType<typeof createMoveToEndService>;
