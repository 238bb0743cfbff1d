import type { Knex } from 'knex';

export function createStudyRoomRepository(knex: Knex) {
  return {
    /** The participants of a study (study_user_pkey), or null when there is no such study. */
    async participantsOf(studyId: number): Promise<number[] | null> {
      const rows = (await knex('studies as s')
        .leftJoin('study_user as su', 'su.study_id', 's.id')
        .where('s.id', studyId)
        .select('su.user_id')) as Array<{ user_id: number | null }>;
      if (rows.length === 0) return null;
      return rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
    },
  };
}

export type StudyRoomRepository = ReturnType<typeof createStudyRoomRepository>;
