import type { FeatureModule } from '../feature-module.js';
import { teachersHooks } from './teachers.sql.js';

/** Teachers: age and the row scope (the listing's week calendars are teachers-listing's). */
export function createTeachersModule(): FeatureModule {
  return { name: 'teachers', resourceHooks: { teachers: teachersHooks } };
}
