import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR, ROLE } from '@school/shared/domain';
import {
  openCalendarClient,
  sessionCookie,
  type CalendarClient,
} from '../../platform/realtime/realtime.test-kit.js';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import { makeSample, metadataOf, postForm, removeDir, tempDir } from './recordings.test-kit.js';

/**
 * The calendar side of recordings (spec part 1 §2, §4): recordings_count of the calendar's
 * studies call counts committed rows only, so the missing-recording notice (studies from
 * 14 July 2025 on) follows real data, and an open calendar hears of each change at once.
 */

let srv: TestServer;
let dataDir: string;
let samples: string;
let teacher: TestClient;
let socket: CalendarClient;
let study: { id: number; start: string; end: string };

beforeAll(async () => {
  dataDir = await tempDir('rec-data-');
  samples = await tempDir('rec-samples-');
  srv = await startTestServer({ env: { DATA_DIR: dataDir }, realtime: true });
  teacher = await srv.signInAs('Teacher', 'en');
  const teacherId = (await srv.knex('users').where({ email: 'teacher@example.com' }).first('id'))
    .id as number;
  // An ended lesson of teacher@ with a student, after the notice date, without a miss status.
  study = await srv
    .knex('studies as s')
    .join('study_user as t', (j) => j.on('t.study_id', 's.id').andOnVal('t.user_id', teacherId))
    .where('s.end', '<', new Date())
    .where('s.start', '>=', new Date(`${CALENDAR.missingRecordingNoticeFrom}T00:00:00+03:00`))
    .where('s.miss_status', 0)
    .whereExists(
      srv.knex('study_user as st').whereRaw('st.study_id = s.id').where('st.role_id', ROLE.Student),
    )
    .orderBy('s.start', 'desc')
    .first('s.id', 's.start', 's.end');
  expect(study).toBeTruthy();
  socket = await openCalendarClient(srv.url, sessionCookie(teacher));
  expect(await socket.subscribe(teacherId)).toEqual({ ok: true });
});

afterAll(async () => {
  socket?.close();
  await srv?.close();
  await removeDir(dataDir);
  await removeDir(samples);
});

/** The calendar's flags call of spec part 1 §7, for this one study. */
async function calendarRow() {
  const res = await teacher.get(
    `/api/studies?select[]=id&select[]=start&select[]=end&select[]=type_id&select[]=miss_status&withCount[]=recordings&select[]=isPaid&select[]=isLast&select[]=studyReportCheck&select[]=isBonus&filter[id]=${study.id}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data[0] as { recordings_count: number };
}

/**
 * The notice's rule (shared/src/ui/calendar/study-events.mapper.ts, tested there): an ended
 * study from the notice date on, without a miss status, whose recordings_count is 0.
 */
const missingRecording = async () => (await calendarRow()).recordings_count === 0;

describe('recordings_count and the missing-recording notice follow committed rows', () => {
  it('no recording: count 0 and the notice; an upload cut short changes neither', async () => {
    expect((await calendarRow()).recordings_count).toBe(0);
    expect(await missingRecording()).toBe(true);
    const junk = path.join(samples, 'cut.mp4');
    await writeFile(junk, randomBytes(8 * 1024 * 1024));
    const cut = await postForm(
      teacher,
      `/api/studies/${study.id}/recordings`,
      { metadata: metadataOf(study.id, [{ part: 1, file_name: 'cut.mp4' }]) },
      [{ name: 'cut.mp4', path: junk }],
      { cutAfterBytes: 4 * 1024 * 1024 },
    );
    expect(cut.cut).toBe(true);
    expect((await calendarRow()).recordings_count).toBe(0);
  });

  it('a saved recording: count 1, no notice, and the open calendar is told (kind recording)', async () => {
    const video = await makeSample(samples, 'lesson.mp4');
    const saved = await postForm(
      teacher,
      `/api/studies/${study.id}/recordings`,
      { metadata: metadataOf(study.id, [{ part: 1, file_name: 'lesson.mp4' }]) },
      [{ name: 'lesson.mp4', path: video }],
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await socket.waitFor((c) => c.studyId === study.id && c.kind === 'recording', 10_000);
    expect((await calendarRow()).recordings_count).toBe(1);
    expect(await missingRecording()).toBe(false);

    const before = socket.changes.length;
    const del = await teacher.delete(`/api/studies/${study.id}/recordings/${saved.body.data[0].id}`);
    expect(del.status).toBe(200);
    await socket.waitFor(
      (c) => c.studyId === study.id && c.kind === 'recording' && socket.changes.indexOf(c) >= before,
      10_000,
    );
    expect((await calendarRow()).recordings_count).toBe(0);
    expect(await missingRecording()).toBe(true);
  });
});
