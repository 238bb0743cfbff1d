import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Busboy from 'busboy';
import { describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { currentKyivWeek, openStudy, pickUser } from '../desktop-calendar/calendar.test-kit';
import { viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import {
  activeRows,
  addFiles,
  sharedStudiesThisWeek,
  showSection,
  useRecordingsSuite,
} from './recordings.test-kit';

/**
 * With recordings_uploader_enabled on, the staff app takes a token from `GET api/jwt/issue` and
 * posts the form to the upload service (spec part 1 §4, §7). The service here is a local stand-in
 * on another port (CORS like the real one) that takes a few seconds to finalize, so the bar's
 * 80 % cap and its 1 %-per-second creep can be watched; the token call is answered by the test.
 */

const uk = resources.uk.translation;
const suite = useRecordingsSuite();

interface Received {
  authorization?: string;
  cookie?: string;
  metadata?: string;
  files: string[];
}

async function fakeUploadService(answer: () => { status: number; body: unknown; delayMs: number }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const origin = req.headers.origin ?? '*';
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers':
          'Authorization, Content-Type, Accept-Language, X-Requested-With, Accept',
      });
      res.end();
      return;
    }
    const record: Received = {
      authorization: req.headers.authorization,
      cookie: req.headers.cookie,
      files: [],
    };
    received.push(record);
    const bb = Busboy({ headers: req.headers, defParamCharset: 'utf8' });
    bb.on('field', (name, value) => {
      if (name === 'metadata') record.metadata = value;
    });
    bb.on('file', (_field, stream, info) => {
      record.files.push(info.filename ?? '');
      stream.resume();
    });
    bb.on('close', () => {
      const { status, body, delayMs } = answer();
      setTimeout(() => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      }, delayMs);
    });
    req.pipe(bb);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('recordings through the upload service (flag on)', () => {
  it('caps the bar at 80 % while the service finalizes, then creeps 1 % a second; shows the service refusal', async () => {
    const week = currentKyivWeek();
    const [studyId] = await sharedStudiesThisWeek(
      suite.server.knex,
      suite.teacherId,
      suite.studentId,
      week.from.toJSDate(),
      week.to.toJSDate(),
    );
    await suite.server
      .knex('feature_flags')
      .where({ name: 'recordings_uploader_enabled' })
      .update({ enabled: true });
    let next = { status: 201, body: { data: [] } as unknown, delayMs: 4_500 };
    const service = await fakeUploadService(() => next);
    // The server's Content-Security-Policy lists the upload service named by UPLOADER_URL in
    // connect-src (http-platform.int.test.ts); this suite's server was started before the fake
    // service had a port, so the policy is set aside here: the test looks at the client's behaviour.
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: VIEWPORTS.desktop,
      locale: 'uk-UA',
      bypassCSP: true,
    });
    const page = await context.newPage();
    const issued: string[] = [];
    try {
      await page.route('**/api/jwt/issue?*', async (route) => {
        issued.push(new URL(route.request().url()).searchParams.get('study_id') ?? '');
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            token: 'e2e-token',
            expires_at: '2030-01-01T00:00:00Z',
            upload_url: service.url,
          }),
        });
      });
      await signIn(page, 'teacher@example.com');
      await pickUser(page, suite.teacherId);
      await openStudy(page, studyId);
      await page.getByTestId('recordings-empty').waitFor();
      await addFiles(page, [suite.samples['lesson-2.webm']]);
      await expect.poll(() => activeRows(page).count()).toBe(1);

      await page.getByTestId('recordings-save').click();
      const progress = page.getByTestId('recordings-progress');
      await progress.waitFor();
      expect(await progress.getAttribute('data-route')).toBe('service');
      const seen: number[] = [];
      const percent = async () => {
        const value = Number((await progress.getAttribute('data-percent').catch(() => null)) ?? -1);
        if (value >= 0) seen.push(value);
        return value;
      };
      await expect.poll(percent, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(82);
      await showSection(page);
      await viewportShot(page, 'recordings-desktop-service-finalizing-uk');
      // From at most 80 % one step at a time, never past 99 % before the answer.
      expect(seen[0]).toBeLessThanOrEqual(80);
      expect(seen.every((p, i) => p <= 99 && (i === 0 || p >= seen[i - 1]))).toBe(true);
      expect(seen.filter((p) => p > 80).every((p, i, above) => i === 0 || p - above[i - 1] <= 1)).toBe(true);
      await page.getByTestId('toast-success').waitFor();
      expect(issued).toEqual([String(studyId)]);
      const [form] = service.received;
      expect(form.authorization).toBe('Bearer e2e-token');
      expect(form.cookie).toBeUndefined();
      expect(JSON.parse(form.metadata ?? '{}')).toEqual({
        study_id: studyId,
        parts: [{ part: 1, file_name: 'lesson-2.webm', id: null, languages: [] }],
      });
      expect(form.files).toEqual(['lesson-2.webm']);

      // A refusal of the service (spec part 2 §8) is shown in the section.
      next = {
        status: 409,
        body: { code: 'duplicate_file', message: 'A file with this name already exists in this study.' },
        delayMs: 0,
      };
      await addFiles(page, [suite.samples['lesson-3.mp4']]);
      await page.getByTestId('recordings-save').click();
      const failure = page.getByTestId('recordings-failure');
      await expect.poll(() => failure.getAttribute('data-reason')).toBe('refused');
      const expected =
        'recordingUploads' in uk
          ? (uk as unknown as { recordingUploads: Record<string, string> }).recordingUploads.duplicate_file
          : 'A file with this name already exists in this study.';
      expect(await failure.innerText()).toBe(expected);
    } finally {
      await context.close();
      await service.close();
      await suite.server
        .knex('feature_flags')
        .where({ name: 'recordings_uploader_enabled' })
        .update({ enabled: false });
    }
  });
});
