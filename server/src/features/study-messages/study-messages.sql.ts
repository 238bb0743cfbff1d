import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/study-access.sql.js';

/** A study's chat is read by everyone who sees the study (messages are shared, not per student). */
export const studyMessagesScope: RowScope = readScopeFor('study_message');

export const studyMessagesHooks: ResourceHooks = { scope: studyMessagesScope };
