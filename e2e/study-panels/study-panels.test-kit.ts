import { openStudy } from '../desktop-calendar/calendar.test-kit';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { ZONE } from '../support/demo-school.test-kit';

/** Helpers of the study panels' browser tests (homework, messages, reports, evaluation). */

export const KB = 1024;

export interface PanelStudy {
  id: number;
  start: Date;
  studentId: number;
  teacherId: number;
}

/**
 * One-student, one-teacher studies of `userId` from this Kyiv week on (`weeks` weeks; the desktop's
 * week view shows the first), with their student and teacher, miss status none.
 */
export async function weekStudiesOf(knex: Knex, userId: number, weeks = 1): Promise<PanelStudy[]> {
  const from = DateTime.now().setZone(ZONE).startOf('week');
  const rows = await knex('studies as s')
    .join('study_user as me', 'me.study_id', 's.id')
    .where('me.user_id', userId)
    .where('s.start', '>=', from.toJSDate())
    .where('s.start', '<', from.plus({ weeks }).toJSDate())
    .where('s.miss_status', 0)
    .whereRaw('(select count(*) from study_user x where x.study_id = s.id and x.role_id = 4) = 1')
    .whereRaw('(select count(*) from study_user x where x.study_id = s.id and x.role_id in (3, 7)) = 1')
    .select(
      's.id',
      's.start',
      knex.raw(
        '(select x.user_id from study_user x where x.study_id = s.id and x.role_id = 4) as "studentId"',
      ),
      knex.raw(
        '(select x.user_id from study_user x where x.study_id = s.id and x.role_id in (3, 7)) as "teacherId"',
      ),
    )
    .orderBy('s.start');
  return rows.map((r: PanelStudy) => ({
    ...r,
    id: Number(r.id),
    studentId: Number(r.studentId),
    teacherId: Number(r.teacherId),
  }));
}

/** A text file of exactly `bytes` bytes (the server accepts plain text homework). */
export function textFile(name: string, bytes: number): { name: string; mimeType: string; buffer: Buffer } {
  const line = Buffer.from('Розв’язати задачі 1-10 на с. 42.\n');
  const buffer = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += line.length) line.copy(buffer, at, 0, Math.min(line.length, bytes - at));
  // A cut multibyte letter at the end would not be text: end on ASCII.
  buffer.fill(0x2e, Math.max(0, bytes - 4));
  return { name, mimeType: 'text/plain', buffer };
}

/** Collects the homework uploads (POST api/studies/{id}) a page sends. */
export function watchUploads(page: Page, studyId: number): { count(): number } {
  let count = 0;
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().includes(`/api/studies/${studyId}`) &&
      (request.headers()['content-type'] ?? '').includes('multipart')
    )
      count += 1;
  });
  return { count: () => count };
}

/** The week view shows the study; the desktop modal opens on it. */
/** The staff calendar's study, of this week or the next (calendar.test-kit.ts's openStudy). */
export const openDesktopStudy = openStudy;
