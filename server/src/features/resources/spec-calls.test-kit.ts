import { expect } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import type { TestClient } from '../../../test/harness.test-kit.js';
import type { TestResponse } from '../../../test/test-client.test-kit.js';
import { startKit, type Kit } from './resource.test-kit.js';

/**
 * Fixtures and assertions of the spec §7 call tests (spec-calls*.int.test.ts): every call is sent
 * exactly as the spec writes it, by a role that may make it (documented shape) and by one that
 * may not (403).
 */
export interface SpecKit extends Kit {
  /** A signed-in Guest (role 8: no abilities at all). */
  guest: TestClient;
  /** A past study of teacher@ and student@ with a report about student@. */
  reported: { studyId: number; reportId: number };
  /** A later study of the same two (for the previous report). */
  later: number;
  /** A study of a child of parent@ booked on a package. */
  childPackaged: { studyId: number; subscriptionId: number };
  /** A study of student@ with one recording (creator teacher@, one language). */
  recorded: { studyId: number; recordingId: number };
  /** A study that has an evaluation. */
  evaluated: number;
  /** A study teacher@ does not take part in. */
  foreignStudy: number;
}

export const GUEST_PASSWORD = 'guest12345';

export async function startSpecKit(): Promise<SpecKit> {
  const kit = await startKit();
  const k = kit.srv.knex;
  const { teacher, student, children } = kit.ids;
  const email = 'guest.spec@example.com';
  const created = await kit.as.Administrator.post('/api/users', {
    firstname: 'Гість',
    role_id: 8,
    source_id: 1,
    active: 1,
    email,
    password: GUEST_PASSWORD,
  });
  if (created.status !== 201) throw new Error(`guest: ${created.status} ${JSON.stringify(created.body)}`);
  const guest = kit.srv.client();
  if ((await guest.post('/login', { email, password: GUEST_PASSWORD })).status !== 200)
    throw new Error('guest sign-in failed');

  const shared = k('studies as s')
    .join('study_user as t', (j) => j.on('t.study_id', 's.id').andOnVal('t.user_id', teacher))
    .join('study_user as st', (j) => j.on('st.study_id', 's.id').andOnVal('st.user_id', student));
  const report = await shared
    .clone()
    .join('study_reports as r', (j) => j.on('r.study_id', 's.id').andOnVal('r.user_id', student))
    .orderBy('s.start', 'desc')
    .first('s.id', 's.start', 'r.id as report_id');
  if (!report) throw new Error('no reported study of teacher@ and student@ in the demo');
  const later = await shared.clone().where('s.start', '>', report.start).orderBy('s.start').first('s.id');
  const packaged = await k('study_user')
    .whereIn('user_id', children)
    .whereNotNull('subscription_id')
    .orderBy('study_id')
    .first('study_id', 'subscription_id');
  const language = await k('languages').orderBy('id').first('id');
  const [rec] = await k('recordings')
    .insert({
      study_id: report.id,
      part: 1,
      file_name: 'lesson-part-1.mp4',
      file_mime: 'video/mp4',
      file_size: 1024,
      storage_key: 'spec/lesson-part-1.mp4',
      created_by: teacher,
    })
    .returning('id');
  await k('recording_language').insert({ recording_id: rec.id, language_id: language.id });
  const evaluated = await k('evaluations').orderBy('study_id').first('study_id');
  const foreign = await k('studies')
    .whereNotExists(k('study_user').whereRaw('study_user.study_id = studies.id').where('user_id', teacher))
    .orderBy('id')
    .first('id');
  return {
    ...kit,
    guest,
    reported: { studyId: report.id, reportId: report.report_id },
    later: later.id,
    childPackaged: { studyId: packaged.study_id, subscriptionId: packaged.subscription_id },
    recorded: { studyId: report.id, recordingId: rec.id },
    evaluated: evaluated.study_id,
    foreignStudy: foreign.id,
  };
}

/** A list answer: `{ data: [...], meta: { current_page, per_page, total, last_page } }`. */
export function expectList(res: TestResponse, what: string): Array<Record<string, any>> {
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  expect(Array.isArray(res.body.data), what).toBe(true);
  expect(res.body.meta, what).toEqual({
    current_page: expect.any(Number),
    per_page: expect.any(Number),
    total: expect.any(Number),
    last_page: expect.any(Number),
  });
  return res.body.data;
}

/** A non-empty list answer. */
export function expectRows(res: TestResponse, what: string): Array<Record<string, any>> {
  const rows = expectList(res, what);
  expect(rows.length, `${what}: no rows`).toBeGreaterThan(0);
  return rows;
}

/** 403 `forbidden`; with `parameter`, the query parameter the message names. */
export function expectForbidden(res: TestResponse, what: string, parameter?: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(403);
  expect(res.body.code, what).toBe('forbidden');
  expect(typeof res.body.message, what).toBe('string');
  if (parameter) expect(res.body.params?.parameter, what).toBe(parameter);
}

/** The keys of a row, sorted (exact shapes of select[] answers). */
export const keysOf = (row: object): string[] => Object.keys(row).sort();

export const TODAY_KYIV = (): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
