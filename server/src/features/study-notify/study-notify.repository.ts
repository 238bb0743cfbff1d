import type { Knex } from 'knex';

/** The messenger chats of a user (users.telegram_id / viber_id are the live chat ids, migration 011). */
export interface MessengerTarget {
  id: number;
  firstname: string | null;
  telegram_id: string | null;
  viber_id: string | null;
}

export function createStudyNotifyRepository(knex: Knex) {
  return {
    async messengerTarget(userId: number): Promise<MessengerTarget | undefined> {
      const row = await knex('users')
        .select('id', 'firstname', 'telegram_id', 'viber_id')
        .where('id', userId)
        .first();
      if (!row) return undefined;
      const text = (v: unknown) =>
        v === null || v === undefined || String(v).trim() === '' ? null : String(v);
      return {
        id: row.id as number,
        firstname: text(row.firstname),
        telegram_id: text(row.telegram_id),
        viber_id: text(row.viber_id),
      };
    },
    /** The student's responsibles (parents) with a connected chat: they get the reminder too. */
    async connectedResponsibles(studentId: number): Promise<number[]> {
      const rows = await knex('user_responsibles as ur')
        .join('users as u', 'u.id', 'ur.responsible_id')
        .where('ur.child_id', studentId)
        .where((w) => w.whereNotNull('u.telegram_id').orWhereNotNull('u.viber_id'))
        .orderBy('u.id')
        .select('u.id');
      return rows.map((r) => r.id as number);
    },
  };
}

export type StudyNotifyRepository = ReturnType<typeof createStudyNotifyRepository>;
