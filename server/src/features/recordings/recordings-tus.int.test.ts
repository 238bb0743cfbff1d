import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type DemoRole,
  type TestClient,
  type TestServer,
} from '../../../test/harness.test-kit.js';
import {
  eventually,
  filesUnder,
  makeSample,
  pickStudies,
  removeDir,
  tempDir,
  type StudyPicks,
} from './recordings.test-kit.js';
import { sweepRecordingLeftovers } from './recording-objects.js';
import type { Storage } from '../../platform/storage/storage.js';

/**
 * Resumable uploads (tus 1.0) under api/studies/{id}/recordings/uploads: a connection dropped
 * mid-PATCH, HEAD for the offset, the rest, then a save naming the upload; the stored file is
 * the sent file byte for byte.
 */

let srv: TestServer;
let dataDir: string;
let samples: string;
let studies: StudyPicks;
const as = {} as Record<DemoRole, TestClient>;
let video: Buffer;
const TUS = { 'Tus-Resumable': '1.0.0' };

const base = (studyId: number) => `/api/studies/${studyId}/recordings/uploads`;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

beforeAll(async () => {
  dataDir = await tempDir('rec-data-');
  samples = await tempDir('rec-samples-');
  srv = await startTestServer({ env: { DATA_DIR: dataDir } });
  for (const role of ['Teacher', 'Manager'] as DemoRole[]) as[role] = await srv.signInAs(role, 'en');
  studies = await pickStudies(srv.knex);
  video = await readFile(await makeSample(samples, 'long.mp4', 'video', 20));
});

afterAll(async () => {
  await srv?.close();
  await removeDir(dataDir);
  await removeDir(samples);
});

function send(
  client: TestClient,
  method: string,
  p: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return fetch(client.baseUrl + p, {
    method,
    headers: {
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': 'en',
      ...headers,
    },
    body,
  });
}

async function create(client: TestClient, studyId: number, length: number, name: string): Promise<string> {
  const res = await send(client, 'POST', base(studyId), {
    ...TUS,
    'Upload-Length': String(length),
    'Upload-Metadata': `filename ${b64(name)},filetype ${b64('video/mp4')}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  expect(res.headers.get('tus-resumable')).toBe('1.0.0');
  return res.headers.get('location')!;
}

/** A PATCH that sends `bytes` of a body declared as `declared` long, then drops the connection. */
function droppedPatch(
  client: TestClient,
  location: string,
  offset: number,
  body: Buffer,
  sendBytes: number,
): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(client.baseUrl + location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(body.length),
        'Upload-Offset': String(offset),
        'X-Requested-With': 'XMLHttpRequest',
        Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    req.on('error', () => resolve());
    req.write(body.subarray(0, sendBytes), () => {
      // Let the bytes reach the server before the connection goes.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

const offsetOf = async (client: TestClient, location: string) => {
  const res = await send(client, 'HEAD', location, TUS);
  expect(res.status).toBe(200);
  expect(res.headers.get('upload-length')).toBe(String(video.length));
  return Number(res.headers.get('upload-offset'));
};

describe('tus 1.0', () => {
  it('OPTIONS says what the server speaks', async () => {
    const res = await send(as.Teacher, 'OPTIONS', base(studies.own));
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toContain('creation');
    expect(res.headers.get('tus-max-size')).toBe(String(1024 * 1024 * 1024));
  });

  it('upload part, drop the connection, HEAD, continue, save: the stored file is byte-identical', async () => {
    const location = await create(as.Teacher, studies.own, video.length, 'Довгий урок.mp4');
    expect(location).toMatch(new RegExp(`^${base(studies.own)}/[0-9a-f-]{36}$`));
    expect(await offsetOf(as.Teacher, location)).toBe(0);

    const first = Math.floor(video.length / 3);
    await droppedPatch(as.Teacher, location, 0, video, first);
    let offset = 0;
    await eventually(
      async () => (offset = await offsetOf(as.Teacher, location)) > 0,
      10_000,
      'bytes of the dropped PATCH',
    );
    expect(offset).toBeLessThanOrEqual(first);

    // A PATCH at a wrong offset is refused and changes nothing.
    const wrong = await send(
      as.Teacher,
      'PATCH',
      location,
      { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '1' },
      video.subarray(1, 10),
    );
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get('upload-offset')).toBe(String(offset));

    // Saving before the last byte: refused.
    const early = await as.Teacher.post(`/api/studies/${studies.own}/recordings`, {
      metadata: {
        study_id: studies.own,
        parts: [
          {
            part: 1,
            file_name: 'Довгий урок.mp4',
            id: null,
            languages: [],
            upload_id: location.split('/').pop(),
          },
        ],
      },
    });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('recordings.upload_incomplete');

    const rest = await send(
      as.Teacher,
      'PATCH',
      location,
      { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
      video.subarray(offset),
    );
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(video.length));

    const uploadId = location.split('/').pop()!;
    const saved = await as.Teacher.post(`/api/studies/${studies.own}/recordings`, {
      metadata: {
        study_id: studies.own,
        parts: [{ part: 1, file_name: 'Довгий урок.mp4', id: null, languages: [], upload_id: uploadId }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const rid = saved.body.data[0].id;
    const download = await send(as.Teacher, 'GET', `/api/studies/${studies.own}/recordings/${rid}/download`);
    expect(Buffer.from(await download.arrayBuffer()).equals(video)).toBe(true);
    // The upload is spent: gone from the table and the disk.
    expect(await srv.knex('recording_uploads').where('id', uploadId).first()).toBeUndefined();
    expect(await filesUnder(path.join(dataDir, 'tmp', 'recording-uploads'))).toEqual([]);
    expect((await send(as.Teacher, 'HEAD', location, TUS)).status).toBe(404);
  });

  it('the same checks as every save: ffprobe, the limit, who may', async () => {
    // Over the limit at creation.
    const big = await send(as.Teacher, 'POST', base(studies.own), {
      ...TUS,
      'Upload-Length': String(1024 * 1024 * 1024 + 1),
      'Upload-Metadata': `filename ${b64('x.mp4')}`,
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('recordings.file_too_large');
    // Not a participant: the study does not exist for them; a foreign upload neither.
    expect(
      (
        await send(as.Teacher, 'POST', base(studies.foreign), {
          ...TUS,
          'Upload-Length': '10',
          'Upload-Metadata': `filename ${b64('x.mp4')}`,
        })
      ).status,
    ).toBe(404);
    const location = await create(as.Teacher, studies.own, 12, 'text.mp4');
    expect((await send(as.Manager, 'HEAD', location, TUS)).status).toBe(404);
    // Without Tus-Resumable: 412.
    expect((await send(as.Teacher, 'HEAD', location)).status).toBe(412);
    // More bytes than declared: 413, and the file is cut back.
    const over = await send(
      as.Teacher,
      'PATCH',
      location,
      { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
      Buffer.alloc(20, 65),
    );
    expect(over.status).toBe(413);
    const head = await send(as.Teacher, 'HEAD', location, TUS);
    expect(head.headers.get('upload-offset')).toBe('0');
    // Twelve bytes of text: a finished upload that is not a video.
    const ok = await send(
      as.Teacher,
      'PATCH',
      location,
      { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
      Buffer.from('not a video!'),
    );
    expect(ok.status).toBe(204);
    const saved = await as.Teacher.post(`/api/studies/${studies.own}/recordings`, {
      metadata: {
        study_id: studies.own,
        parts: [{ part: 2, file_name: 'text.mp4', upload_id: location.split('/').pop() }],
      },
    });
    expect(saved.status).toBe(422);
    expect(saved.body.code).toBe('recordings.file_must_be_video');
    // Termination.
    expect((await send(as.Teacher, 'DELETE', location, TUS)).status).toBe(204);
    expect((await send(as.Teacher, 'HEAD', location, TUS)).status).toBe(404);
    expect(await filesUnder(path.join(dataDir, 'tmp', 'recording-uploads'))).toEqual([]);
  });

  it('limits the open uploads per user: how many (429) and their declared bytes (413); finishing one frees its share (issue 27.7)', async () => {
    const {
      RECORDING_UPLOADS_MAX_OPEN: maxOpen,
      RECORDING_UPLOADS_MAX_OPEN_MB: maxMb,
      UPLOAD_LIMIT_MB: fileMb,
    } = srv.config;
    const post = (length: number, name: string) =>
      send(as.Manager, 'POST', base(studies.own), {
        ...TUS,
        'Upload-Length': String(length),
        'Upload-Metadata': `filename ${b64(name)}`,
      });
    const open: string[] = [];
    // Whole files of the largest size up to the byte limit (3 of 1 GiB by default): accepted.
    const fill = Math.floor(maxMb / fileMb);
    for (let i = 0; i < fill; i++)
      open.push(await create(as.Manager, studies.own, fileMb * 1024 * 1024, `big-${i}.mp4`));
    const over = await post(maxMb * 1024 * 1024 - fill * fileMb * 1024 * 1024 + 1, 'one-more.mp4');
    expect(over.status).toBe(413);
    const overBody = (await over.json()) as { code: string; message: string };
    expect(overBody.code).toBe('upload_quota_exceeded');
    expect(overBody.message).toContain(String(maxMb));
    expect(over.headers.get('tus-resumable')).toBe('1.0.0');
    expect(await srv.knex('recording_uploads').where({ file_name: 'one-more.mp4' }).first()).toBeUndefined();
    // Another user's open uploads are theirs: the Teacher still creates one.
    const teachers = await create(as.Teacher, studies.own, 10, 'teacher-own.mp4');
    // Terminating one frees its bytes; small ones then fill up the count.
    expect((await send(as.Manager, 'DELETE', open.shift()!, TUS)).status).toBe(204);
    while (open.length < maxOpen)
      open.push(await create(as.Manager, studies.own, 10, `small-${open.length}.mp4`));
    const tooMany = await post(10, 'one-too-many.mp4');
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { code: string }).code).toBe('too_many_uploads');
    for (const location of [...open])
      expect((await send(as.Manager, 'DELETE', location, TUS)).status).toBe(204);
    expect((await send(as.Teacher, 'DELETE', teachers, TUS)).status).toBe(204);
    expect(await filesUnder(path.join(dataDir, 'tmp', 'recording-uploads'))).toEqual([]);
  });

  it("the sweep removes an expired upload: its row, its bytes and the store's .json", async () => {
    const location = await create(as.Teacher, studies.own, 12, 'forgotten.mp4');
    const id = location.split('/').pop()!;
    const dir = path.join(dataDir, 'tmp', 'recording-uploads');
    expect((await filesUnder(dir)).sort()).toEqual([id, `${id}.json`]);
    await srv
      .knex('recording_uploads')
      .where({ id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    // No stored object is touched here (nothing pending is stale): a storage that must not be used.
    const storage = {} as Storage;
    const report = await sweepRecordingLeftovers({ knex: srv.knex, storage, dataDir });
    expect(report.uploads).toBe(2);
    expect(await filesUnder(dir)).toEqual([]);
    expect(await srv.knex('recording_uploads').where({ id }).first()).toBeUndefined();
    expect((await send(as.Teacher, 'HEAD', location, TUS)).status).toBe(404);
  });
});
