import type { Knex } from 'knex';

export interface MessageRead {
  study_id: number;
  user_id: number;
  last_read_message_id: number;
  read_at: Date;
}

export function createMessageReadsRepository(knex: Knex) {
  return {
    /**
     * Marks the study's chat read by the user up to `upTo` (the newest message the client showed),
     * or up to its newest message; never backwards (two tabs may answer in any order).
     */
    async markRead(studyId: number, userId: number, upTo?: number): Promise<MessageRead> {
      const newest = knex('study_messages').where('study_id', studyId).max('id');
      const upToSql =
        upTo === undefined
          ? knex.raw('coalesce((?), 0)', [newest])
          : knex.raw('least(?, coalesce((?), 0))', [upTo, newest]);
      const [row] = (await knex('study_message_reads')
        .insert({ study_id: studyId, user_id: userId, last_read_message_id: upToSql, read_at: knex.fn.now() })
        .onConflict(['study_id', 'user_id'])
        .merge({
          last_read_message_id: knex.raw(
            'greatest(study_message_reads.last_read_message_id, excluded.last_read_message_id)',
          ),
          read_at: knex.raw('excluded.read_at'),
        })
        .returning(['study_id', 'user_id', 'last_read_message_id', 'read_at'])) as MessageRead[];
      return row!;
    },
  };
}

export type MessageReadsRepository = ReturnType<typeof createMessageReadsRepository>;
