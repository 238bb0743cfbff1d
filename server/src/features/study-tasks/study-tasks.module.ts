import type { FeatureModule } from '../feature-module.js';
import { studyTasksHooks } from './study-tasks.sql.js';

/** Study tasks: the row scope. */
export function createStudyTasksModule(): FeatureModule {
  return { name: 'study-tasks', resourceHooks: { study_tasks: studyTasksHooks } };
}
