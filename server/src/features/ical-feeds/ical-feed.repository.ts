import type { Knex } from 'knex';

export interface FeedOwnerRow {
  id: number;
  role_id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
}

export interface FeedStudyRow {
  id: number;
  start: Date;
  end: Date;
  created_at: Date;
  updated_at: Date;
  type_name: string | null;
}

export interface FeedParticipantRow {
  study_id: number;
  user_id: number;
  role_id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
}

/** A feed lists a bounded window; this caps a pathological calendar, not a normal one. */
const MAX_STUDIES = 5000;

export function createIcalFeedRepository(knex: Knex) {
  return {
    /** Revokes the user's live feed (if any) and stores the new one, atomically. */
    async rotate(userId: number, tokenHash: string): Promise<void> {
      await knex.transaction(async (trx) => {
        // Two clicks at once must not leave two live feeds behind.
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`ical_feeds:${userId}`]);
        await trx('ical_feeds')
          .where({ user_id: userId })
          .whereNull('revoked_at')
          .update({ revoked_at: trx.fn.now() });
        await trx('ical_feeds').insert({ user_id: userId, token_hash: tokenHash });
      });
    },
    async revoke(userId: number): Promise<number> {
      return knex('ical_feeds')
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .update({ revoked_at: knex.fn.now() });
    },
    async liveFeedOf(userId: number): Promise<{ created_at: Date } | undefined> {
      return knex('ical_feeds')
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .orderBy('created_at', 'desc')
        .first('created_at');
    },
    /** The owner of a live feed, if the account is still active. */
    async ownerOf(tokenHash: string): Promise<FeedOwnerRow | undefined> {
      return knex('ical_feeds as f')
        .join('users as u', 'u.id', 'f.user_id')
        .where('f.token_hash', tokenHash)
        .whereNull('f.revoked_at')
        .where('u.active', true)
        .first('u.id', 'u.role_id', 'u.firstname', 'u.surname', 'u.patronymic');
    },
    async childIdsOf(responsibleId: number): Promise<number[]> {
      const rows = await knex('user_responsibles')
        .where({ responsible_id: responsibleId })
        .select('child_id');
      return rows.map((r) => r.child_id as number);
    },
    /** Studies with any of the users as a participant, overlapping [from, to). */
    async studiesOf(userIds: number[], from: Date, to: Date): Promise<FeedStudyRow[]> {
      if (userIds.length === 0) return [];
      return knex('studies as s')
        .leftJoin('study_types as st', 'st.id', 's.type_id')
        .whereIn(
          's.id',
          knex('study_user')
            .whereIn('user_id', userIds)
            .whereRaw(`period && tstzrange(?, ?, '[)')`, [from, to])
            .select('study_id'),
        )
        .orderBy('s.start')
        .orderBy('s.id')
        .limit(MAX_STUDIES)
        .select('s.id', 's.start', 's.end', 's.created_at', 's.updated_at', 'st.name as type_name');
    },
    async participantsOf(studyIds: number[]): Promise<FeedParticipantRow[]> {
      if (studyIds.length === 0) return [];
      return knex('study_user as su')
        .join('users as u', 'u.id', 'su.user_id')
        .whereIn('su.study_id', studyIds)
        .orderBy('su.study_id')
        .orderBy('su.role_id')
        .orderBy('u.surname')
        .orderBy('u.id')
        .select('su.study_id', 'su.user_id', 'su.role_id', 'u.firstname', 'u.surname', 'u.patronymic');
    },
  };
}

export type IcalFeedRepository = ReturnType<typeof createIcalFeedRepository>;
