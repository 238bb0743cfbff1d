import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { SchedulingRepository, StudiesRepository } from '../scheduling-core/index.js';
import type { FreeSlotsService } from '../free-slots/index.js';
import type { StudyTransferService } from '../study-transfer/index.js';
import type { FeatureModule } from '../feature-module.js';
import { studiesHooks } from './studies.sql.js';
import { studiesTableHooks } from './studies-table.sql.js';
import { studiesRoutes } from './studies.routes.js';
import { studiesTotalsRoutes } from './studies-totals.routes.js';
import { studyWriteHooks } from './studies.write.js';
import { studyCreateGuard } from './study-create.guard.js';
import { createMoveToEndService, type MoveToEndService } from './study-move-to-end.service.js';
import { createStudyUpdateService, type StudyUpdateService } from './study-update.service.js';

export interface StudiesModuleDeps {
  knex: Knex;
  studies: StudiesRepository;
  slots: SchedulingRepository;
  freeSlots: FreeSlotsService;
  transfer: StudyTransferService;
  /** Clock for the transfer rules; tests may pin it. */
  now?: () => number;
}

export interface StudiesServices {
  updater: StudyUpdateService;
  moveToEnd: MoveToEndService;
}

/**
 * The study commands (update, move to end, the create guard) and the studies resource's SQL:
 * computed attributes (isPaid, students_count…), the row scope, and the generic create's writes.
 */
export function createStudiesModule(
  deps: StudiesModuleDeps,
): FeatureModule<StudiesServices> & { services: StudiesServices } {
  const { knex, studies, slots, freeSlots, transfer, now } = deps;
  const updater = createStudyUpdateService({ knex, studies, transfer, now });
  const moveToEnd = createMoveToEndService({ knex, studies, freeSlots, updater });
  const createGuard = studyCreateGuard({ knex, slots, transfer });
  return {
    name: 'studies',
    services: { updater, moveToEnd },
    routes: [{ stage: 'chained', router: studiesRoutes({ updater, moveToEnd, createGuard }) }],
    resourceHooks: {
      studies: { ...studiesHooks, computed: { ...studiesHooks.computed, ...studiesTableHooks.computed } },
    },
    writeHooks: { studies: studyWriteHooks },
  };
}

/** The studies table's totals: they read through the engine (scope, filters, field checks), so they need its hooks. */
export function createStudiesTotalsModule(deps: { knex: Knex; hooks: HookRegistry }): FeatureModule {
  return { name: 'studies-totals', routes: [{ stage: 'commands', router: studiesTotalsRoutes(deps) }] };
}
