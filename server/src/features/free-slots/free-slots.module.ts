import Router from '@koa/router';
import type { Knex } from 'knex';
import type { SchedulingRepository, StudiesRepository } from '../scheduling-core/index.js';
import type { FeatureModule } from '../feature-module.js';
import { registerFreeSlotsRoutes } from './free-slots.routes.js';
import { createFreeSlotsService, type FreeSlotsService } from './free-slots.service.js';

export interface FreeSlotsModuleDeps {
  knex: Knex;
  studies: StudiesRepository;
  slots: SchedulingRepository;
  /** Clock for the slot rules; tests may pin it. */
  now?: () => number;
}

export interface FreeSlotsServices {
  freeSlots: FreeSlotsService;
}

/** A teacher's or a study's free slots and a subscription's next study date. */
export function createFreeSlotsModule(
  deps: FreeSlotsModuleDeps,
): FeatureModule<FreeSlotsServices> & { services: FreeSlotsServices } {
  const freeSlots = createFreeSlotsService({
    knex: deps.knex,
    slots: deps.slots,
    studies: deps.studies,
    now: deps.now,
  });
  const router = new Router({ prefix: '/api' });
  registerFreeSlotsRoutes(router, freeSlots);
  return { name: 'free-slots', services: { freeSlots }, routes: [{ stage: 'chained', router }] };
}
