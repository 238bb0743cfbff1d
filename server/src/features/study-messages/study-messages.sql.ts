import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { scopeStudyColumn } from '../studies/study-access.sql.js';

/** A study's chat is read by everyone who sees the study (messages are shared, not per student). */
export const studyMessagesScope: RowScope = (qb, ctx) => scopeStudyColumn(qb, `${ctx.alias}.study_id`, ctx);

export const studyMessagesHooks: ResourceHooks = { scope: studyMessagesScope };
