import type { Knex } from 'knex';
import { ROLE, type MessengerType } from '@school/shared/domain';
import { TEACHING_ROLES } from '../scheduling-core/index.js';
import { lastPaidStudySql, STUDY_START_OF_ROW } from '../subscriptions/index.js';

/**
 * What the two-way bot reads: the chat's user, the students whose data that user may ask about
 * (themself, or a Responsible's children) and only their lessons and packages.
 */

export interface ChatOwner {
  id: number;
  role_id: number;
  active: boolean;
  /** The chat's language as the messenger reported it when the chat was bound. */
  language: string | null;
}

export interface BotStudent {
  id: number;
  firstname: string;
}

export interface NextLesson {
  student_id: number;
  id: number;
  start: Date;
  end: Date;
  miss_status: number;
  /** The study type in the chat's language. */
  type_name: string | null;
  /** The discipline of the student's package's contract, as the school entered it. */
  discipline: string | null;
  teachers: Array<{ firstname: string | null; patronymic: string | null }> | null;
}

export interface BotPackage {
  id: number;
  student_id: number;
  type_name: string | null;
  discipline: string | null;
  /** Lessons of the package not started yet. */
  upcoming: number;
  /** Of those, the ones the payments cover (up to the staff app's last paid study). */
  paid_upcoming: number;
  /** Start of the last lesson the payments cover, when it lies ahead. */
  paid_until: Date | null;
  teachers: Array<{ firstname: string | null; patronymic: string | null }> | null;
}

/** A PostgreSQL int[] literal: knex would spread a JS array into a list of bindings. */
const intArray = (ids: readonly number[]) => `{${ids.map(Number).join(',')}}`;

/** Type names follow the chat's language (catalogue `name_ru`, migration 021), like the API's. */
const typeName = (alias: string, language: string) =>
  language === 'ru' ? `coalesce(${alias}.name_ru, ${alias}.name)` : `${alias}.name`;

/** Teachers (first name and patronymic) of the study `study` (an alias with id). */
const teachersSql = (
  study: string,
) => `(SELECT json_agg(json_build_object('firstname', bt_u.firstname, 'patronymic', bt_u.patronymic) ORDER BY bt_u.id)
  FROM study_user bt_su JOIN users bt_u ON bt_u.id = bt_su.user_id
  WHERE bt_su.study_id = ${study} AND bt_su.role_id = ANY('${intArray(TEACHING_ROLES)}'::int[]))`;

export function createBotDialogRepository(knex: Knex) {
  return {
    /** The user bound to the chat (users.telegram_id / viber_id: the live binding). */
    async chatOwner(messenger: MessengerType, chatId: string): Promise<ChatOwner | undefined> {
      const row = await knex('users as u')
        .leftJoin('bot_connections as bc', (j) =>
          j
            .on('bc.user_id', 'u.id')
            .andOnVal('bc.messenger', messenger)
            .andOnVal('bc.external_id', chatId)
            .andOnNull('bc.disconnected_at'),
        )
        .where(`u.${messenger}_id`, chatId)
        .select('u.id', 'u.role_id', 'u.active', 'bc.language')
        .first();
      return row
        ? {
            id: Number(row.id),
            role_id: Number(row.role_id),
            active: Boolean(row.active),
            language: row.language ?? null,
          }
        : undefined;
    },

    /** A Responsible's children (active ones), by first name; user_responsibles_responsible_id_index. */
    async childrenOf(userId: number): Promise<BotStudent[]> {
      return knex('user_responsibles as ur')
        .join('users as c', 'c.id', 'ur.child_id')
        .where('ur.responsible_id', userId)
        .where('c.active', true)
        .orderBy([{ column: 'c.firstname' }, { column: 'c.id' }])
        .select('c.id', 'c.firstname');
    },

    async student(userId: number): Promise<BotStudent | undefined> {
      return knex('users').select('id', 'firstname').where('id', userId).first();
    },

    /**
     * The next `perStudent` lessons of each student that have not started, in start order, where
     * the student takes part as a student (study_user_user_id_start_index: one range per student).
     */
    async nextLessons(
      studentIds: readonly number[],
      now: Date,
      perStudent: number,
      language: string,
    ): Promise<NextLesson[]> {
      if (studentIds.length === 0) return [];
      const { rows } = await knex.raw(
        `SELECT st.id AS student_id, s.id, s.start, s."end", s.miss_status,
            ${typeName('bt_t', language)} AS type_name, bt_d.name AS discipline, ${teachersSql('s.id')} AS teachers
         FROM unnest(?::int[]) AS st(id)
         CROSS JOIN LATERAL (
           SELECT su.study_id, su.subscription_id FROM study_user su
           WHERE su.user_id = st.id AND su.role_id = ? AND ${STUDY_START_OF_ROW('su')} > ?
           ORDER BY ${STUDY_START_OF_ROW('su')}, su.study_id LIMIT ?) n
         JOIN studies s ON s.id = n.study_id
         LEFT JOIN study_types bt_t ON bt_t.id = s.type_id
         LEFT JOIN subscriptions bt_sub ON bt_sub.id = n.subscription_id
         LEFT JOIN contracts bt_c ON bt_c.id = bt_sub.contract_id
         LEFT JOIN contract_disciplines bt_d ON bt_d.id = bt_c.discipline_id
         ORDER BY s.start, s.id, st.id`,
        [intArray(studentIds), ROLE.Student, now, perStudent],
      );
      return (rows as NextLesson[]).map((r) => ({
        ...r,
        student_id: Number(r.student_id),
        id: Number(r.id),
      }));
    },

    /**
     * The students' packages with lessons ahead: how many, and how many of them the payments cover,
     * counted up to `last_paid_study` (the staff app's figure, the same SQL) so the bot and the
     * subscriptions table cannot disagree. Teachers: those of the package's next lesson.
     */
    async packages(studentIds: readonly number[], now: Date, language: string): Promise<BotPackage[]> {
      if (studentIds.length === 0) return [];
      const ahead = `${STUDY_START_OF_ROW('bp_o')} > ?`;
      const { rows } = await knex.raw(
        `SELECT p.id, p.student_id, p.type_name, p.discipline, p.upcoming,
            (SELECT count(*) FROM study_user bp_o
              WHERE bp_o.subscription_id = p.id AND ${ahead}
                AND (${STUDY_START_OF_ROW('bp_o')}, bp_o.study_id) <= (
                  SELECT ${STUDY_START_OF_ROW('bp_l')}, bp_l.study_id FROM study_user bp_l
                  WHERE bp_l.subscription_id = p.id AND bp_l.study_id = p.last_paid))::int AS paid_upcoming,
            (SELECT ${STUDY_START_OF_ROW('bp_l')} FROM study_user bp_l
              WHERE bp_l.subscription_id = p.id AND bp_l.study_id = p.last_paid AND ${STUDY_START_OF_ROW('bp_l')} > ?) AS paid_until,
            (SELECT ${teachersSql('bp_n.study_id')} FROM study_user bp_n
              WHERE bp_n.subscription_id = p.id AND ${STUDY_START_OF_ROW('bp_n')} > ?
              ORDER BY ${STUDY_START_OF_ROW('bp_n')}, bp_n.study_id LIMIT 1) AS teachers
         FROM (
           SELECT sub.id, c.student_id, ${typeName('bp_t', language)} AS type_name, bp_d.name AS discipline,
             ${lastPaidStudySql('sub')} AS last_paid,
             (SELECT count(*) FROM study_user bp_o WHERE bp_o.subscription_id = sub.id AND ${ahead})::int AS upcoming
           FROM subscriptions sub
           JOIN contracts c ON c.id = sub.contract_id
           LEFT JOIN study_types bp_t ON bp_t.id = sub.studies_template_type_id
           LEFT JOIN contract_disciplines bp_d ON bp_d.id = c.discipline_id
           WHERE c.student_id = ANY(?::int[])
         ) p
         WHERE p.upcoming > 0
         ORDER BY p.student_id, p.id`,
        [now, now, now, now, intArray(studentIds)],
      );
      return (rows as BotPackage[]).map((r) => ({
        ...r,
        id: Number(r.id),
        student_id: Number(r.student_id),
      }));
    },
  };
}

export type BotDialogRepository = ReturnType<typeof createBotDialogRepository>;
