import type { ResourceHooks, RowScope } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';
import { quotedAlias } from '../../resource-engine/resource-hooks.js';

/**
 * Staff all; teaching roles the reports of their studies and the ones they wrote; a Responsible
 * the reports about their children only (not a classmate's in a group study); a Student none
 * (spec part 2 §6). Read rules on `study_report`.
 */
export const studyReportsScope: RowScope = readScopeFor('study_report');

export const studyReportsComputed: NonNullable<ResourceHooks['computed']> = {
  /** The study's start (the study reports table's "start" column and sort): studies_pkey. */
  start: {
    sql: (ctx) =>
      ctx.knex.raw(`(SELECT srs_s.start FROM studies srs_s WHERE srs_s.id = ${quotedAlias(ctx)}.study_id)`),
  },
};

export const studyReportsHooks: ResourceHooks = { computed: studyReportsComputed, scope: studyReportsScope };
