import { describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/http/app-error.js';
import { parseMetadata, planSave, type IngestFile } from './recording-save.plan.js';
import type { RecordingRow } from './recordings.repository.js';

const row = (
  id: number,
  part: number,
  file_name: string,
  extra: Partial<RecordingRow> = {},
): RecordingRow => ({
  id,
  study_id: 7,
  part,
  file_name,
  file_mime: 'video/mp4',
  file_size: 1,
  duration_seconds: 60,
  storage_key: `k/${id}`,
  archived: false,
  created_by: 1,
  created_at: new Date(),
  languages: [],
  ...extra,
});
const file = (fileName: string, uploadId?: string): IngestFile => ({
  fileName,
  path: `/tmp/${fileName}`,
  uploadId,
});
const meta = (parts: unknown[]) => parseMetadata(JSON.stringify({ study_id: 7, parts }), 7);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    const e = err as AppError;
    return { status: e.status, code: e.code, fields: Object.keys(e.fieldErrors ?? {}) };
  }
  return null;
};

describe('planSave: one list, new order, files matched to rows', () => {
  const rows = [row(1, 1, 'a.mp4'), row(2, 2, 'b.mp4')];

  it('swaps two rows and replaces one by the file named in its part', () => {
    const plan = planSave(
      meta([
        { part: 1, id: 2, file_name: 'b2.mp4' },
        { part: 2, id: 1, file_name: 'a.mp4' },
      ]),
      rows,
      [file('b2.mp4')],
    );
    expect(plan.map((p) => [p.existing?.id, p.part, p.file?.fileName ?? null])).toEqual([
      [2, 1, 'b2.mp4'],
      [1, 2, null],
    ]);
  });

  it('matches a resumable upload by upload_id whatever its name', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const plan = planSave(meta([{ part: 3, file_name: 'c.mp4', upload_id: id }]), rows, [
      file('original name.mp4', id),
    ]);
    expect(plan[0]!.file?.uploadId).toBe(id);
  });

  it.each([
    ['a new row without its file', [{ part: 3, file_name: 'c.mp4' }], [], 'recordings.file_not_selected'],
    [
      'a renamed row without a file',
      [
        { part: 1, id: 1, file_name: 'z.mp4' },
        { part: 2, id: 2, file_name: 'b.mp4' },
      ],
      [],
      'recordings.file_not_selected',
    ],
    [
      'a name kept by another row',
      [{ part: 3, file_name: 'a.mp4' }],
      [file('a.mp4')],
      'recordings.file_duplicate',
    ],
    [
      'two new rows of one name',
      [
        { part: 3, file_name: 'c.mp4' },
        { part: 4, file_name: 'c.mp4' },
      ],
      [file('c.mp4'), file('c.mp4')],
      'recordings.file_duplicate',
    ],
    ['an id of another study', [{ part: 3, id: 99, file_name: 'c.mp4' }], [], 'recordings.invalid_metadata'],
    [
      'a file no part names',
      [{ part: 3, file_name: 'c.mp4' }],
      [file('c.mp4'), file('d.mp4')],
      'recordings.invalid_metadata',
    ],
    [
      'a part held by a row not in the list',
      [{ part: 2, id: 1, file_name: 'a.mp4' }],
      [],
      'recordings.list_changed',
    ],
  ])('%s is refused', (_label, parts, files, code) => {
    expect(refusal(() => planSave(meta(parts), rows, files))?.code).toBe(code);
  });

  it('an archived row may move but not change', () => {
    const archived = [row(1, 1, 'a.mp4', { archived: true, languages: [3] }), row(2, 2, 'b.mp4')];
    const moved = planSave(
      meta([
        { part: 2, id: 1, file_name: 'a.mp4', languages: [3] },
        { part: 1, id: 2, file_name: 'b.mp4' },
      ]),
      archived,
      [],
    );
    expect(moved[1]!.existing?.id).toBe(1);
    expect(
      refusal(() => planSave(meta([{ part: 1, id: 1, file_name: 'a.mp4', languages: [4] }]), archived, []))
        ?.status,
    ).toBe(409);
    expect(
      refusal(() =>
        planSave(meta([{ part: 1, id: 1, file_name: 'a.mp4', languages: [3] }]), archived, [file('a.mp4')]),
      )?.code,
    ).toBe('recordings.archived_read_only');
  });

  it('metadata: JSON text or object, the study of the path, unique parts; errors name the field', () => {
    expect(refusal(() => parseMetadata('{', 7))).toMatchObject({ status: 422, fields: ['metadata'] });
    expect(
      refusal(() => parseMetadata({ study_id: 8, parts: [{ part: 1, file_name: 'a' }] }, 7))?.fields,
    ).toEqual(['metadata.study_id']);
    expect(
      refusal(() =>
        parseMetadata(
          {
            study_id: 7,
            parts: [
              { part: 1, file_name: 'a' },
              { part: 1, file_name: 'b' },
            ],
          },
          7,
        ),
      )?.fields,
    ).toEqual(['metadata.parts.1.part']);
    expect(
      refusal(() => parseMetadata({ study_id: 7, parts: [{ part: 1, file_name: '../x' }] }, 7))?.fields,
    ).toEqual(['metadata.parts.0.file_name']);
    expect(
      parseMetadata(
        {
          study_id: 7,
          parts: [
            { part: 2, file_name: 'b', language_ids: [1, 1] },
            { part: 1, file_name: 'a' },
          ],
        },
        7,
      ).parts.map((p) => [p.part, p.languages]),
    ).toEqual([
      [1, []],
      [2, [1]],
    ]);
  });
});
