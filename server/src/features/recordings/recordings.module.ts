import type { FeatureModule } from '../feature-module.js';
import { recordingsHooks } from './recordings.sql.js';

/** Recordings: the row scope (uploads come with platform/storage). */
export function createRecordingsModule(): FeatureModule {
  return { name: 'recordings', resourceHooks: { recordings: recordingsHooks } };
}
