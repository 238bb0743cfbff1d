import type { Knex } from 'knex';
import { hashPassword } from '@school/server/src/platform/security/secrets.js';
import { cookieHeader, type LoadHttp } from './load-http.js';

/**
 * Who the drill plays, chosen from the school in the database: the demo Administrator and
 * Manager and a few generated teachers (staff), and parents of generated students (families).
 * Their password is set to the demo one here: the generator leaves parents without one.
 */
export interface StaffActor {
  email: string;
  userId: number;
  role: 'admin' | 'manager' | 'teacher';
  cookie: string;
}

export interface FamilyActor {
  email: string;
  userId: number;
  childId: number;
  cookie: string;
  /** The child's studies the calendar shows (from 60 days ago): the modal and chat pick from these. */
  studyIds: number[];
  /** Future studies (2+ days ahead) of the child's packages: this family moves these. */
  transferable: Array<{
    id: number;
    comment: string | null;
    miss_status: number;
    /** epoch ms, as text (the ledger's value) */ start: string;
  }>;
}

export interface NotifyTarget {
  studyId: number;
  studentId: number;
}

export interface Actors {
  staff: StaffActor[];
  families: FamilyActor[];
  teacherIds: number[];
  /** Future studies only staff update (no family moves them): the comment writes. */
  staffStudies: Array<{ id: number; comment: string | null }>;
  /** Studies of any kind the staff read. */
  readStudyIds: number[];
  notify: NotifyTarget[];
  /** Emails the sign-in operation uses (a fresh session each time). */
  signInEmails: string[];
}

const PASSWORD = 'demo12345';
/** Telegram chat ids the drill gives its notify students: this prefix and the user id. */
const DRILL_CHAT_PREFIX = '9900';

export async function prepareActors(
  knex: Knex,
  sizes: { teachers: number; families: number; staffStudies: number; notify: number },
): Promise<
  Omit<Actors, 'staff' | 'families'> & {
    staffUsers: Omit<StaffActor, 'cookie'>[];
    familyUsers: Omit<FamilyActor, 'cookie'>[];
  }
> {
  const hash = await hashPassword(PASSWORD);
  const demo = await knex('users')
    .whereIn('email', ['admin@example.com', 'manager@example.com'])
    .select('id', 'email');
  const teachers: Array<{ id: number; email: string }> = (
    await knex.raw(
      `SELECT u.id, u.email FROM users u
       WHERE u.role_id = 3 AND u.active AND u.email LIKE '%@bench.example.com'
         AND EXISTS (SELECT 1 FROM study_user su JOIN studies s ON s.id = su.study_id WHERE su.user_id = u.id AND s.start > now())
       ORDER BY u.id LIMIT ?`,
      [sizes.teachers],
    )
  ).rows;
  // Parents with one child who has at least three packaged studies two or more days ahead.
  const families: Array<{ parent_id: number; email: string; child_id: number }> = (
    await knex.raw(
      `SELECT DISTINCT ON (p.id) p.id AS parent_id, p.email, ur.child_id
       FROM users p JOIN user_responsibles ur ON ur.responsible_id = p.id JOIN users c ON c.id = ur.child_id
       WHERE p.role_id = 5 AND p.active AND c.active AND p.email LIKE '%@bench.example.com'
         AND (SELECT count(*) FROM study_user su JOIN studies s ON s.id = su.study_id
              WHERE su.user_id = c.id AND su.role_id = 4 AND su.subscription_id IS NOT NULL
                AND s.start > now() + interval '2 days' AND s.miss_status = 0) >= 3
       ORDER BY p.id, ur.child_id LIMIT ?`,
      [sizes.families],
    )
  ).rows;
  const childIds = families.map((f) => f.child_id);
  await knex('users')
    .whereIn('id', [
      ...demo.map((u) => u.id),
      ...teachers.map((t) => t.id),
      ...families.map((f) => f.parent_id),
    ])
    .update({ password: hash });

  const familyUsers: Omit<FamilyActor, 'cookie'>[] = [];
  for (const f of families) {
    const studies: Array<{
      id: number;
      start: Date;
      comment: string | null;
      miss_status: number;
      subscription_id: number | null;
    }> = await knex('studies as s')
      .join('study_user as su', 'su.study_id', 's.id')
      .where('su.user_id', f.child_id)
      .where('s.start', '>=', knex.raw(`now() - interval '60 days'`))
      .orderBy('s.start')
      .select('s.id', 's.start', 's.comment', 's.miss_status', 'su.subscription_id');
    const soon = Date.now() + 2 * 86_400_000;
    familyUsers.push({
      email: f.email,
      userId: f.parent_id,
      childId: f.child_id,
      studyIds: studies.map((s) => s.id),
      transferable: studies
        .filter((s) => s.start.getTime() > soon && s.subscription_id !== null && s.miss_status === 0)
        .map(({ id, comment, miss_status, start }) => ({
          id,
          comment,
          miss_status,
          start: String(start.getTime()),
        })),
    });
  }

  const staffStudies: Array<{ id: number; comment: string | null }> = (
    await knex.raw(
      `SELECT s.id, s.comment FROM studies s
       WHERE s.start > now() + interval '1 day'
         AND NOT EXISTS (SELECT 1 FROM study_user su WHERE su.study_id = s.id AND su.user_id = ANY(?))
       ORDER BY s.id LIMIT ?`,
      [childIds, sizes.staffStudies],
    )
  ).rows;
  const readStudyIds: number[] = (
    await knex.raw(`SELECT id FROM studies TABLESAMPLE SYSTEM (5) LIMIT 500`)
  ).rows.map((r: { id: number }) => r.id);

  return {
    staffUsers: [
      ...demo.map((u) => ({
        email: u.email,
        userId: u.id,
        role: u.email.startsWith('admin') ? ('admin' as const) : ('manager' as const),
      })),
      ...teachers.map((t) => ({ email: t.email, userId: t.id, role: 'teacher' as const })),
    ],
    familyUsers,
    teacherIds: teachers.map((t) => t.id),
    staffStudies,
    readStudyIds,
    notify: await createNotifyStudies(knex, sizes.notify, childIds),
    signInEmails: [...teachers.map((t) => t.email), ...families.map((f) => f.email)],
  };
}

/**
 * Notify needs a study in progress whose student has a bot: studies of three hours from ten
 * minutes ago, each for a teacher and a student free at that time, the student's Telegram
 * connected to a chat id of the drill's own range.
 */
async function createNotifyStudies(knex: Knex, count: number, avoid: number[]): Promise<NotifyTarget[]> {
  const free = (roleId: number) =>
    knex.raw(
      `SELECT u.id FROM users u
       WHERE u.role_id = ? AND u.active AND u.id <> ALL(?)
         AND NOT EXISTS (SELECT 1 FROM study_user su JOIN studies s ON s.id = su.study_id
                         WHERE su.user_id = u.id AND s.start < now() + interval '4 hours' AND s."end" > now() - interval '1 hour')
       ORDER BY u.id DESC LIMIT ?`,
      [roleId, avoid, count],
    );
  const teachers = (await free(3)).rows as Array<{ id: number }>;
  const students = (await free(4)).rows as Array<{ id: number }>;
  const targets: NotifyTarget[] = [];
  await knex.transaction(async (trx) => {
    // Chat ids of an earlier run (a kept database) are the drill's own: take them back first.
    await trx('users').where('telegram_id', 'like', `${DRILL_CHAT_PREFIX}%`).update({ telegram_id: null });
    for (let i = 0; i < Math.min(count, teachers.length, students.length); i++) {
      const [study] = await trx('studies')
        .insert({
          start: trx.raw(`date_trunc('minute', now()) - interval '10 minutes' + make_interval(mins => ?)`, [
            i,
          ]),
          end: trx.raw(`date_trunc('minute', now()) + interval '170 minutes' + make_interval(mins => ?)`, [
            i,
          ]),
          type_id: 1,
          comment: 'load drill: notify',
        })
        .returning('id');
      await trx('study_user').insert([
        { study_id: study.id, user_id: teachers[i].id, role_id: 3 },
        { study_id: study.id, user_id: students[i].id, role_id: 4 },
      ]);
      await trx('users')
        .where('id', students[i].id)
        .update({ telegram_id: `${DRILL_CHAT_PREFIX}${students[i].id}` });
      targets.push({ studyId: study.id, studentId: students[i].id });
    }
  });
  return targets;
}

/** Signs every actor in over HTTP (one session each, kept for the whole drill). */
export async function signInAll<T extends { email: string }>(
  client: LoadHttp,
  users: T[],
): Promise<Array<T & { cookie: string }>> {
  const out: Array<T & { cookie: string }> = [];
  for (const u of users) out.push({ ...u, cookie: await signIn(client, u.email) });
  return out;
}

export async function signIn(client: LoadHttp, email: string): Promise<string> {
  const res = await client.request('POST', '/login', { json: { email, password: PASSWORD } });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text.slice(0, 200)}`);
  return cookieHeader(res.setCookie);
}

export const DRILL_PASSWORD = PASSWORD;
