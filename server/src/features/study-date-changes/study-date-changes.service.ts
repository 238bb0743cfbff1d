import type { Knex } from 'knex';
import { RESOURCES } from '@school/shared/resources';
import { errors } from '../../platform/http/app-error.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { scopedFrom } from '../../resource-engine/sql-builder.js';
import type { StudyDateChangesRepository } from './study-date-changes.repository.js';

/**
 * A family sees that a lesson moved and who moved it by role (a manager, the teacher, themself),
 * not the staff member's name or the staff's comment on the move (docs/permissions.md, "Date
 * changes").
 */
function forFamily<T extends { changed_by: { role_id: number } | null }>(change: T) {
  return {
    ...change,
    change_comment: null,
    changed_by: change.changed_by && { role_id: change.changed_by.role_id },
  };
}

export function createStudyDateChangesService(deps: {
  knex: Knex;
  hooks: HookRegistry;
  repo: StudyDateChangesRepository;
}) {
  const { repo } = deps;
  return {
    /** `GET /api/users/:id/study-date-changes`: the moves of that user's studies the caller may read. */
    async forUser(auth: AuthState, language: string, id: number) {
      const ec = { knex: deps.knex, hooks: deps.hooks, auth, language };
      // Whoever may read the user (the users row scope: staff; the user themself; a parent their
      // children; a teacher their students) sees the moves of the studies of that user they may
      // read themselves; anyone else gets the same 404 as for a missing user.
      const self = id === auth.user.id;
      if (
        !(await repo.userExists(id, self ? undefined : scopedFrom(ec, RESOURCES.users, 'u').select('u.id')))
      )
        throw errors.notFound();
      // The staff's names and comments are the school's own (staff and teachers), never a family's.
      const internal = auth.ability.can('read', 'school_internal');
      const visible = scopedFrom(ec, RESOURCES.studies, 'vs').select('vs.id');
      const changes = await repo.forUser(id, visible, internal ? undefined : id);
      return internal ? changes : changes.map(forFamily);
    },
  };
}

export type StudyDateChangesService = ReturnType<typeof createStudyDateChangesService>;
