import type { Knex } from 'knex';

/** A user as an import compares it with a row (dates as `yyyy-MM-dd`). */
export interface ExistingUser {
  id: number;
  email: string;
  role_id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  birthdate: string | null;
  responsible_type_id: number | null;
  zoom: string | null;
  googlemeet: string | null;
}

/** The columns an import writes on a user (no password: imported users sign in after a reset). */
export interface UserValues {
  role_id: number;
  email: string;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  birthdate: string | null;
  responsible_type_id: number | null;
  zoom?: string | null;
  googlemeet?: string | null;
}

export interface TeacherValues {
  user_id: number;
  manager_id: number;
  priority: number;
  sex: number;
}

const USER_COLUMNS = [
  'id',
  'email',
  'role_id',
  'firstname',
  'surname',
  'patronymic',
  'responsible_type_id',
  'zoom',
  'googlemeet',
] as const;

// Lookups take the keys as one array parameter: 20,000 emails are one statement, not 20,000.
const LOOKUP_CHUNK = 10_000;

async function inChunks<K, R>(keys: readonly K[], run: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK)
    out.push(...(await run(keys.slice(i, i + LOOKUP_CHUNK))));
  return out;
}

/** Reads and batched writes of users, phones, parent links and teacher rows for imports. */
export const importUsersRepository = {
  async usersByEmail(db: Knex, emails: readonly string[]): Promise<ExistingUser[]> {
    return inChunks([...new Set(emails)], (part) =>
      db('users')
        .select([...USER_COLUMNS, db.raw(`to_char(birthdate, 'YYYY-MM-DD') AS birthdate`)])
        .whereRaw('email = ANY(?::text[])', [part]),
    );
  },

  async phonesOf(db: Knex, userIds: readonly number[]): Promise<{ user_id: number; phone: string }[]> {
    return inChunks([...new Set(userIds)], (part) =>
      db('phones').select('user_id', 'phone').whereRaw('user_id = ANY(?::int[])', [part]),
    );
  },

  /** The parents of these students, with what a row may name them by. */
  async responsiblesOf(
    db: Knex,
    childIds: readonly number[],
  ): Promise<(ExistingUser & { child_id: number })[]> {
    return inChunks([...new Set(childIds)], (part) =>
      db('user_responsibles as ur')
        .join('users', 'users.id', 'ur.responsible_id')
        .select([
          'ur.child_id',
          ...USER_COLUMNS.map((c) => `users.${c}`),
          db.raw(`to_char(users.birthdate, 'YYYY-MM-DD') AS birthdate`),
        ])
        .whereRaw('ur.child_id = ANY(?::int[])', [part]),
    );
  },

  async teachersOf(db: Knex, userIds: readonly number[]): Promise<TeacherValues[]> {
    return inChunks([...new Set(userIds)], (part) =>
      db('teachers')
        .select('user_id', 'manager_id', 'priority', 'sex')
        .whereRaw('user_id = ANY(?::int[])', [part]),
    );
  },

  /** One multi-row INSERT; the new ids by email. */
  async insertUsers(trx: Knex.Transaction, rows: readonly UserValues[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (rows.length === 0) return ids;
    const inserted: { id: number; email: string }[] = await trx('users')
      .insert(rows.map((r) => ({ ...r, active: true })))
      .returning(['id', 'email']);
    for (const r of inserted) ids.set(r.email, r.id);
    return ids;
  },

  /** One UPDATE … FROM a JSON record set: every changed user of a batch in one round trip. */
  async updateUsers(trx: Knex.Transaction, rows: readonly (UserValues & { id: number })[]): Promise<void> {
    if (rows.length === 0) return;
    await trx.raw(
      `UPDATE users u SET firstname = v.firstname, surname = v.surname, patronymic = v.patronymic,
         birthdate = v.birthdate, responsible_type_id = v.responsible_type_id,
         zoom = COALESCE(v.zoom, u.zoom), googlemeet = COALESCE(v.googlemeet, u.googlemeet), updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id int, firstname text, surname text, patronymic text,
         birthdate date, responsible_type_id int, zoom text, googlemeet text)
       WHERE u.id = v.id`,
      [JSON.stringify(rows)],
    );
  },

  async insertPhones(
    trx: Knex.Transaction,
    rows: readonly { user_id: number; phone: string }[],
  ): Promise<void> {
    if (rows.length) await trx('phones').insert(rows.map((r) => ({ ...r, type_id: 1 })));
  },

  async linkResponsibles(
    trx: Knex.Transaction,
    pairs: readonly { child_id: number; responsible_id: number }[],
  ): Promise<void> {
    if (pairs.length)
      await trx('user_responsibles').insert(pairs).onConflict(['child_id', 'responsible_id']).ignore();
  },

  async upsertTeachers(trx: Knex.Transaction, rows: readonly TeacherValues[]): Promise<void> {
    if (rows.length === 0) return;
    await trx('teachers')
      .insert(rows)
      .onConflict('user_id')
      .merge(['manager_id', 'priority', 'sex', 'updated_at'] as never);
  },
};
