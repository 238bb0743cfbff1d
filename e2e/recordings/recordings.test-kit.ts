import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '@school/server/test/harness.test-kit';
import { closeBrowser, launchBrowser } from '../support/browser.test-kit';
import { assertBundlesBuilt } from '../support/bundles.test-kit';
import { H264, makeSampleMedia, writeNotAVideo } from '@school/desktop/src/main/media-samples.test-kit';

/**
 * The recordings browser tests: one seeded server whose files go to a temporary DATA_DIR, one
 * Chromium, and sample files made by ffmpeg (VP8/WebM and H.264/MP4 videos that Chromium plays,
 * a too-short one, a text file with a video name).
 */

export interface RecordingsSuite {
  server: TestServer;
  browser: Browser;
  /** Sample files by name (full paths). */
  samples: Record<SampleName, string>;
  teacherId: number;
  studentId: number;
}

export type SampleName =
  'lesson-1.webm' | 'lesson-2.webm' | 'lesson-3.mp4' | 'click.webm' | 'notes.mp4' | 'урок 4.webm';

function makeVideo(file: string, seconds: number, bitrate = '120k') {
  const encoder = file.endsWith('.webm')
    ? ['-c:v', 'libvpx', '-b:v', bitrate, '-c:a', 'libvorbis']
    : [...H264, '-c:a', 'aac'];
  return makeSampleMedia(file, { seconds, video: { size: '320x240', rate: 10 }, encoder });
}

export function useRecordingsSuite(): RecordingsSuite {
  const suite = {} as RecordingsSuite;
  let dir = '';
  beforeAll(async () => {
    assertBundlesBuilt();
    dir = await mkdtemp(path.join(tmpdir(), 'recordings-e2e-'));
    const at = (name: string) => path.join(dir, 'samples', name);
    await mkdir(path.join(dir, 'samples'));
    await mkdir(path.join(dir, 'data'));
    await Promise.all([
      makeVideo(at('lesson-1.webm'), 12, '600k'),
      makeVideo(at('lesson-2.webm'), 8),
      makeVideo(at('lesson-3.mp4'), 8),
      makeVideo(at('click.webm'), 2),
      makeVideo(at('урок 4.webm'), 7),
      writeNotAVideo(at('notes.mp4'), 100),
    ]);
    suite.samples = Object.fromEntries(
      (
        [
          'lesson-1.webm',
          'lesson-2.webm',
          'lesson-3.mp4',
          'click.webm',
          'notes.mp4',
          'урок 4.webm',
        ] as SampleName[]
      ).map((n) => [n, at(n)]),
    ) as RecordingsSuite['samples'];
    suite.server = await startTestServer({ seed: true, env: { DATA_DIR: path.join(dir, 'data') } });
    suite.browser = await launchBrowser();
    const id = async (email: string) =>
      Number((await suite.server.knex('users').where({ email }).first('id')).id);
    suite.teacherId = await id('teacher@example.com');
    suite.studentId = await id('student@example.com');
  }, 180_000);
  afterAll(async () => {
    await closeBrowser(suite.browser);
    await suite.server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return suite;
}

/**
 * Studies of teacher@ with student@ alone, no miss status, in the current Kyiv week (what the
 * week view shows first), earliest first.
 */
export async function sharedStudiesThisWeek(
  knex: Knex,
  teacherId: number,
  studentId: number,
  from: Date,
  to: Date,
): Promise<number[]> {
  const rows = await knex('studies as s')
    .join('study_user as t', (j) => j.on('t.study_id', 's.id').andOnVal('t.user_id', teacherId))
    .join('study_user as st', (j) => j.on('st.study_id', 's.id').andOnVal('st.user_id', studentId))
    .where('s.miss_status', 0)
    .where('s.start', '>=', from)
    .where('s.start', '<', to)
    .whereRaw('(select count(*) from study_user x where x.study_id = s.id and x.role_id = 4) = 1')
    .orderBy('s.start')
    .pluck('s.id');
  return rows.map(Number);
}

export interface DbRecording {
  id: number;
  part: number;
  file_name: string;
  file_size: number;
  languages: string[];
}

export async function recordingsOf(knex: Knex, studyId: number): Promise<DbRecording[]> {
  const rows = await knex('recordings as r')
    .where('r.study_id', studyId)
    .orderBy('r.part')
    .select(
      'r.id',
      'r.part',
      'r.file_name',
      'r.file_size',
      knex.raw(
        "coalesce((select array_agg(l.code order by l.code) from recording_language rl join languages l on l.id = rl.language_id where rl.recording_id = r.id), '{}') as languages",
      ),
    );
  return rows.map((r: DbRecording) => ({ ...r, id: Number(r.id), file_size: Number(r.file_size) }));
}

/** The rows of the active list, in order. */
export const activeRows = (page: Page) => page.locator('[data-testid=recordings-list] > li');

/** Names and parts as the list shows them. */
export async function shownRows(page: Page): Promise<{ part: string; name: string; kind: string }[]> {
  return activeRows(page).evaluateAll((nodes) =>
    nodes.map((n) => ({
      part: (n as HTMLElement).dataset.part ?? '',
      name: n.querySelector('[data-testid$="-name"]')?.textContent ?? '',
      kind: (n as HTMLElement).dataset.kind ?? '',
    })),
  );
}

/**
 * Clicks "Add recording", answers the file input with these files and waits until their rows show
 * them: the empty row appears at once, the picked files only after the browser probed them.
 */
export async function addFiles(page: Page, files: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('recordings-add').click();
  await (await chooser).setFiles(files);
  const picked = files.map((file) => path.basename(file));
  const shownCount = (names: string[], name: string) => names.filter((n) => n === name).length;
  await expect
    .poll(async () => {
      const names = (await shownRows(page)).map((row) => row.name);
      const enabled = await page.getByTestId('recordings-add').isEnabled();
      return enabled && picked.every((name) => shownCount(names, name) >= shownCount(picked, name));
    })
    .toBe(true);
}

/** Slows the page's uploads (Chrome DevTools network emulation) so progress can be seen. */
export async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** Brings the recordings section into the modal's view (it scrolls) for a screenshot. */
export async function showSection(page: Page): Promise<void> {
  await page
    .getByTestId('study-section-recordings')
    .evaluate((node) => node.scrollIntoView({ block: 'start' }));
}
