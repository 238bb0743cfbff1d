import type { FeatureModule } from '../feature-module.js';
import { studyMessagesHooks } from './study-messages.sql.js';

/** Study messages: the row scope. */
export function createStudyMessagesModule(): FeatureModule {
  return { name: 'study-messages', resourceHooks: { study_messages: studyMessagesHooks } };
}
