import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';

/**
 * Homework (spec part 2 §6: shown only to the student it belongs to, their Responsible, and
 * staff): teaching roles the homework of their studies. Read rules on `study_task`.
 */
export const studyTasksScope: RowScope = readScopeFor('study_task');

export const studyTasksHooks: ResourceHooks = { scope: studyTasksScope };
