import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DEMO_ACCOUNTS,
  useTestDatabase,
  type TestDatabase,
} from '../../../test/harness.test-kit.js';
import { seedDemoSchool } from './demo-school.seed.js';
import { TIME_ZONE } from '@school/shared/domain';

const db = useTestDatabase();

const ROLE_IDS = {
  Administrator: 1,
  Manager: 2,
  Teacher: 3,
  Methodologist: 7,
  Student: 4,
  Responsible: 5,
} as const;

describe('demo school seed', () => {
  it('has one account per role with the documented emails, the Administrator being user 1', async () => {
    for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) {
      const user = await db.knex('users').where({ email }).first('id', 'role_id', 'active');
      expect(user, email).toBeDefined();
      expect(user.role_id).toBe(ROLE_IDS[role as keyof typeof ROLE_IDS]);
      expect(user.active).toBe(true);
    }
    expect((await db.knex('users').where({ id: 1 }).first('email')).email).toBe('admin@example.com');
  });

  it('makes parent@example.com the Responsible of student@example.com and of one more child', async () => {
    const parent = await db.knex('users').where({ email: 'parent@example.com' }).first('id');
    const children = await db
      .knex('user_responsibles as ur')
      .join('users as u', 'u.id', 'ur.child_id')
      .where('ur.responsible_id', parent.id)
      .pluck('u.email');
    expect(children).toHaveLength(2);
    expect(children).toContain('student@example.com');
  });

  it('gives the demo student a lesson tomorrow and later ones with the demo teacher', async () => {
    const student = await db.knex('users').where({ email: 'student@example.com' }).first('id');
    const teacher = await db.knex('users').where({ email: 'teacher@example.com' }).first('id');
    const starts: Date[] = await db
      .knex('study_user as s')
      .join('study_user as t', 't.study_id', 's.study_id')
      .join('studies as st', 'st.id', 's.study_id')
      .where('s.user_id', student.id)
      .where('t.user_id', teacher.id)
      .pluck('st.start');
    const tomorrow = DateTime.now().setZone(TIME_ZONE).plus({ days: 1 }).toISODate();
    const days = starts.map((d) => DateTime.fromJSDate(d).setZone(TIME_ZONE).toISODate());
    expect(days.filter((d) => d === tomorrow)).toHaveLength(1);
    expect(days.some((d) => d! > DateTime.now().setZone(TIME_ZONE).plus({ days: 2 }).toISODate()!)).toBe(
      true,
    );
  });

  it('is deterministic: the same moment gives the same school', async () => {
    const now = new Date('2026-03-29T09:00:00Z'); // the spring DST switch in Kyiv
    const snapshot = async (d: TestDatabase) => ({
      users: await d.knex('users').orderBy('id').select('id', 'email', 'firstname', 'surname', 'role_id'),
      studies: await d.knex('studies').orderBy('id').select('id', 'start', 'end', 'type_id', 'miss_status'),
      invoices: await d.knex('invoices').orderBy('id').select('id', 'amount', 'payed_at', 'position'),
    });
    const hash = () => Promise.resolve('x');
    const a = await createTestDatabase('empty');
    const b = await createTestDatabase('empty');
    try {
      await seedDemoSchool(a.knex, { now, hashPassword: hash });
      await seedDemoSchool(b.knex, { now, hashPassword: hash });
      const [sa, sb] = [await snapshot(a), await snapshot(b)];
      expect(sa.studies.length).toBeGreaterThan(100);
      expect(sb).toEqual(sa);
    } finally {
      await a.drop();
      await b.drop();
    }
  });

  it('switches the recordings upload service on when it runs next to the API (npm start), off otherwise', async () => {
    const flag = async (d: TestDatabase) =>
      (await d.knex('feature_flags').where('name', 'recordings_uploader_enabled').first('enabled')).enabled;
    expect(await flag(db)).toBe(false);
    const withService = await createTestDatabase('empty');
    try {
      await seedDemoSchool(withService.knex, {
        now: new Date('2026-03-01T09:00:00Z'),
        hashPassword: () => Promise.resolve('x'),
        uploaderService: true,
      });
      expect(await flag(withService)).toBe(true);
    } finally {
      await withService.drop();
    }
  });
});
