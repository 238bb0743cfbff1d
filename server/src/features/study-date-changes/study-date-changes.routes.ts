import type Router from '@koa/router';
import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import { RESOURCES } from '@school/shared/resources';
import { INITIATORS } from '@school/shared/rules';
import { errors } from '../../platform/http/app-error.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { scopedFrom } from '../../resource-engine/sql-builder.js';
import { authOf } from '../../platform/security/session-guard.js';
import { parseId } from '../../platform/http/route-params.js';
import { createStudyDateChangesRepository } from './study-date-changes.repository.js';

/**
 * A family sees that a lesson moved and who moved it by role (a manager, the teacher, themself),
 * not the staff member's name or the staff's comment on the move (docs/permissions.md, "Date
 * changes").
 */
function forFamily<T extends { changed_by: { role_id: number } | null }>(change: T) {
  return { ...change, change_comment: null, changed_by: change.changed_by && { role_id: change.changed_by.role_id } };
}

/**
 * GET /api/users/:id/study-date-changes → { study_date_changes: [...] }
 * GET /api/studies/initiator-options    → { initiators: [{ value, text }] }
 */
export function registerStudyDateChangesRoutes(router: Router, deps: { knex: Knex; hooks: HookRegistry }): void {
  const repo = createStudyDateChangesRepository(deps.knex);

  router.get('/users/:id/study-date-changes', async (ctx) => {
    const auth = authOf(ctx);
    const id = parseId(ctx.params.id);
    const ec = { knex: deps.knex, hooks: deps.hooks, auth, language: ctx.lang };
    // Whoever may read the user (the users row scope: staff; the user themself; a parent their
    // children; a teacher their students) sees the moves of the studies of that user they may
    // read themselves; anyone else gets the same 404 as for a missing user.
    const self = id === auth.user.id;
    if (!(await repo.userExists(id, self ? undefined : scopedFrom(ec, RESOURCES.users, 'u').select('u.id')))) throw errors.notFound();
    const staff = auth.roleId === ROLE.Administrator || auth.roleId === ROLE.Manager;
    const teaching = auth.roleId === ROLE.Teacher || auth.roleId === ROLE.Methodologist;
    const visible = scopedFrom(ec, RESOURCES.studies, 'vs').select('vs.id');
    const changes = await repo.forUser(id, visible, staff || teaching ? undefined : id);
    ctx.body = { study_date_changes: staff || teaching ? changes : changes.map(forFamily) };
  });

  router.get('/studies/initiator-options', (ctx) => {
    authOf(ctx);
    ctx.body = { initiators: INITIATORS.map((value) => ({ value, text: ctx.t(`scheduling.initiators.${value}`) })) };
  });
}
