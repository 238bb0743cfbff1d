import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';

/**
 * Recordings (read side): everyone who sees a study sees its recordings (`read recording` has
 * no conditions, so without this scope a student listing api/recordings saw every study's).
 */
export const recordingsScope: RowScope = readScopeFor('recording');

export const recordingsHooks: ResourceHooks = { scope: recordingsScope };
