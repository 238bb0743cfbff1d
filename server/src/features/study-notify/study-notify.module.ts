import type { Knex } from 'knex';
import type { Logger } from '../../platform/logging/logger.js';
import type { StudiesRepository } from '../scheduling-core/index.js';
import type { FeatureModule } from '../feature-module.js';
import { createStudyNotifyRepository } from './study-notify.repository.js';
import { studyNotifyRoutes } from './study-notify.routes.js';
import type { NotifyOutbox } from './study-notify.sender.js';
import { createStudyNotifyService, type StudyNotifyService } from './study-notify.service.js';

export interface StudyNotifyModuleDeps {
  knex: Knex;
  logger: Logger;
  studies: StudiesRepository;
  outbox?: NotifyOutbox;
  now?: () => number;
}

/** A study reminder sent to a participant's messengers (POST /api/users/:id/notify). */
export function createStudyNotifyModule(deps: StudyNotifyModuleDeps): FeatureModule<{
  notify: StudyNotifyService;
}> & {
  services: { notify: StudyNotifyService };
} {
  const notify = createStudyNotifyService({
    knex: deps.knex,
    studies: deps.studies,
    targets: createStudyNotifyRepository(deps.knex),
    outbox: deps.outbox,
    logger: deps.logger,
    now: deps.now,
  });
  return {
    name: 'study-notify',
    services: { notify },
    routes: [{ stage: 'chained', router: studyNotifyRoutes(notify) }],
  };
}
