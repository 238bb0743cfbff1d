import type { Knex } from 'knex';
import { roleIdsOf } from '@school/shared/domain';

/** History of study moves for the user details block (spec part 2 §2, §3, §7). */

/** Newest first; a user with years of lessons still gets a bounded answer. */
export const DATE_CHANGES_LIMIT = 500;

const PERSON_COLUMNS = [
  'users.id',
  'users.firstname',
  'users.surname',
  'users.patronymic',
  'users.full_name',
] as const;

export function createStudyDateChangesRepository(knex: Knex) {
  return {
    /** Whether the user exists (and is among `visible`, the ids of the users the reader may read). */
    async userExists(id: number, visible?: Knex.QueryBuilder): Promise<boolean> {
      const q = knex('users').select('id').where('id', id);
      if (visible) q.whereIn('id', visible);
      return (await q.first()) !== undefined;
    },

    /**
     * Moves (shown in history) of the studies the user takes part in, with who moved them and
     * the study with its participants. `visibleStudies`: ids of the studies the reader may read
     * (a teacher reading their student sees the moves of their own lessons with that student,
     * not of the student's lessons with another teacher). `onlyTeachersAnd`: list only teaching
     * participants and this user (families do not see the other children of a group study).
     */
    async forUser(userId: number, visibleStudies: Knex.QueryBuilder, onlyTeachersAnd?: number) {
      const changes = await knex('study_date_changes as sdc')
        .select(
          'sdc.id',
          'sdc.study_id',
          'sdc.start_old',
          'sdc.start_new',
          'sdc.initiated_by',
          'sdc.changed_by',
          'sdc.change_comment',
          'sdc.show_in_history',
          'sdc.created_at',
        )
        .whereRaw('sdc.study_id = ANY(ARRAY(SELECT su.study_id FROM study_user su WHERE su.user_id = ?))', [
          userId,
        ])
        .whereIn('sdc.study_id', visibleStudies)
        .where('sdc.show_in_history', true)
        .orderBy([
          { column: 'sdc.created_at', order: 'desc' },
          { column: 'sdc.id', order: 'desc' },
        ])
        .limit(DATE_CHANGES_LIMIT);
      if (changes.length === 0) return [];
      const studyIds = [...new Set(changes.map((c) => c.study_id as number))];
      const changerIds = [
        ...new Set(changes.map((c) => c.changed_by as number | null).filter((v): v is number => v !== null)),
      ];
      const [studies, participants, changers] = await Promise.all([
        knex('studies').select('id', 'start', 'end', 'type_id', 'trial').whereIn('id', studyIds),
        (() => {
          const q = knex('study_user')
            .join('users', 'users.id', 'study_user.user_id')
            .select('study_user.study_id', ...PERSON_COLUMNS, 'study_user.role_id')
            .whereIn('study_user.study_id', studyIds)
            .orderBy('users.id');
          if (onlyTeachersAnd !== undefined) {
            q.where((w) =>
              w
                .whereIn('study_user.role_id', roleIdsOf('teaching'))
                .orWhere('study_user.user_id', onlyTeachersAnd),
            );
          }
          return q;
        })(),
        changerIds.length
          ? knex('users')
              .select(...PERSON_COLUMNS, 'users.role_id')
              .whereIn('id', changerIds)
          : Promise.resolve([]),
      ]);
      const studyById = new Map(studies.map((s) => [s.id as number, s]));
      const changerById = new Map(changers.map((u) => [u.id as number, u]));
      return changes.map((c) => ({
        ...c,
        changed_by: c.changed_by === null ? null : (changerById.get(c.changed_by) ?? null),
        study: {
          ...studyById.get(c.study_id),
          users: participants
            .filter((p) => p.study_id === c.study_id)
            .map(({ study_id: _study, ...user }) => user),
        },
      }));
    },
  };
}

export type StudyDateChangesRepository = ReturnType<typeof createStudyDateChangesRepository>;
