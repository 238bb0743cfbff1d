import type { Knex } from 'knex';
import { CALENDAR, ROLE_GROUPS, type FamilyProfile } from '@school/shared/domain';

/**
 * One statement per part of the family profile (docs/api.md "Family profile"). The lessons are the
 * calendar's (spec part 1 §4: from 60 days ago on); a teacher is a participant who taught the study
 * (study_user.role_id, the role when added: a later role change does not rewrite who taught).
 */
export function createFamilyProfileRepository(knex: Knex) {
  const classesOf = (alias: string) =>
    knex.raw(
      `coalesce((select array_agg(cl.number order by cl.number) from classification_user cu
         join classifications cl on cl.id = cu.classification_id where cu.user_id = ${alias}.id), '{}')`,
    );

  return {
    async profileOf(userId: number, now: Date): Promise<FamilyProfile | undefined> {
      const user = await knex('users as u')
        .where('u.id', userId)
        .first(
          'u.id',
          'u.role_id',
          'u.firstname',
          'u.surname',
          'u.patronymic',
          'u.full_name',
          'u.email',
          knex.raw(`to_char(u.birthdate, 'YYYY-MM-DD') as birthdate`),
          knex.raw(
            `json_build_object('telegram', u.telegram_id is not null, 'viber', u.viber_id is not null) as bots_connected`,
          ),
          knex.raw(`${classesOf('u').toQuery()} as classes`),
        );
      if (!user) return undefined;
      const phones = await knex('phones').where('user_id', userId).orderBy('id').select('phone', 'type_id');
      const children = await knex('user_responsibles as ur')
        .join('users as c', 'c.id', 'ur.child_id')
        .where('ur.responsible_id', userId)
        .orderBy([{ column: 'c.firstname' }, { column: 'c.id' }])
        .select(
          'c.id',
          'c.full_name',
          'c.firstname',
          'c.active',
          knex.raw(`${classesOf('c').toQuery()} as classes`),
        );
      // The student themself, or the parent's children: whose lessons count.
      const learners = [userId, ...children.map((c: { id: number }) => c.id)];
      const since = new Date(now.getTime() - CALENDAR.studiesLookbackDays * 86_400_000);
      const teachers = await knex('study_user as learner')
        .join('studies as s', 's.id', 'learner.study_id')
        .join('study_user as taught', 'taught.study_id', 'learner.study_id')
        .join('users as t', 't.id', 'taught.user_id')
        .whereIn('learner.user_id', learners)
        .whereIn('taught.role_id', [...ROLE_GROUPS.teaching])
        .where('s.start', '>=', since)
        .groupBy('t.id', 't.firstname', 't.patronymic', 't.zoom', 't.googlemeet')
        .orderBy([{ column: 't.firstname' }, { column: 't.id' }])
        .select(
          't.id',
          't.firstname',
          't.patronymic',
          't.zoom',
          't.googlemeet',
          knex.raw('array_agg(distinct learner.user_id order by learner.user_id) as student_ids'),
        );
      return { ...user, phones, children, teachers } as FamilyProfile;
    },
  };
}

export type FamilyProfileRepository = ReturnType<typeof createFamilyProfileRepository>;
