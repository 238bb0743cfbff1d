import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';

/**
 * Staff all; Teacher and Methodologist their own; a Responsible the schedules of their
 * children's teachers (the transfer calendar); the rest none (read rules on `schedule`).
 */
export const schedulesScope: RowScope = readScopeFor('schedule');

export const schedulesHooks: ResourceHooks = { scope: schedulesScope };
