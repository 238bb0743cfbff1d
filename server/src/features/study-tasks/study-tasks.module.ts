import type { Knex } from 'knex';
import type { Logger } from '../../platform/logging/logger.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { FeatureModule } from '../feature-module.js';
import type { StudiesRepository } from '../scheduling-core/index.js';
import type { StudyUpdateService } from '../studies/index.js';
import { homeworkFileRoutes, homeworkUploadRoutes } from './homework.routes.js';
import { createHomeworkService, type HomeworkService } from './homework.service.js';
import { studyTasksHooks } from './study-tasks.sql.js';

/** Study tasks: the row scope. */
export function createStudyTasksModule(): FeatureModule {
  return { name: 'study-tasks', resourceHooks: { study_tasks: studyTasksHooks } };
}

export interface HomeworkModuleDeps {
  knex: Knex;
  /** The engine's hooks (the download and delete read the row through its row scope). */
  hooks: HookRegistry;
  storage: Storage;
  updater: StudyUpdateService;
  studies: StudiesRepository;
  logger: Logger;
  /** Where uploads stream while a request runs: this process's own directory (platform/http/upload-temp). */
  uploadDir: string;
}

/** Homework files: upload with the study form, download, delete. */
export function createHomeworkModule(deps: HomeworkModuleDeps): FeatureModule<{ homework: HomeworkService }> {
  const homework = createHomeworkService(deps);
  return {
    name: 'homework',
    services: { homework },
    routes: [
      { stage: 'uploads', router: homeworkUploadRoutes({ homework, uploadDir: deps.uploadDir }) },
      { stage: 'chained', router: homeworkFileRoutes({ homework }) },
    ],
  };
}
