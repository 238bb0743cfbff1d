import { z } from 'zod';
import { INT_COLUMN_MAX, RECORDING_MAX_PARTS } from '../domain/constants';

/**
 * The `metadata` JSON of a recordings save (spec part 1 §7): `study_id` and
 * `parts[{ part, file_name, id, languages }]`, one entry per row of the list in its new order
 * (part = position + 1). `id` null (or absent) is a new row; an `id` with a file of that
 * `file_name` in the same save replaces that row's file; an `id` without such a file keeps the
 * file and takes the new part and languages. `upload_id` instead of a file in `files[]` names a
 * finished resumable (tus) upload. Rules: docs/domain-rules.md, "Recordings".
 */

const positiveInt = z.number().int().positive().max(INT_COLUMN_MAX);

/** File names as a person sees them; no path separators, no control characters. */
export const recordingFileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine(
    (name) => ![...name].some((c) => c.charCodeAt(0) < 32 || c === '\u007f' || c === '/' || c === '\\'),
    {
      message: 'invalid file name',
    },
  );

export const recordingPartSchema = z
  .looseObject({
    part: positiveInt,
    file_name: recordingFileNameSchema,
    id: positiveInt.nullish(),
    /** Language ids; `language_ids` is accepted as another name for it. */
    languages: z.array(positiveInt).max(20).optional(),
    language_ids: z.array(positiveInt).max(20).optional(),
    upload_id: z.string().uuid().nullish(),
  })
  .transform(({ part, file_name, id, languages, language_ids, upload_id }) => ({
    part,
    file_name,
    id: id ?? null,
    languages: [...new Set(languages ?? language_ids ?? [])],
    upload_id: upload_id ?? null,
  }));

export const recordingsMetadataSchema = z
  .looseObject({
    study_id: positiveInt,
    parts: z.array(recordingPartSchema).min(1).max(RECORDING_MAX_PARTS),
  })
  .superRefine((m, ctx) => {
    const seen = { part: new Set<number>(), id: new Set<number>(), name: new Set<string>() };
    m.parts.forEach((p, i) => {
      if (seen.part.has(p.part))
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'part'], message: 'duplicate part' });
      if (p.id !== null && seen.id.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'id'], message: 'duplicate id' });
      seen.part.add(p.part);
      if (p.id !== null) seen.id.add(p.id);
    });
  })
  .transform(({ study_id, parts }) => ({ study_id, parts: [...parts].sort((a, b) => a.part - b.part) }));

export type RecordingPartInput = z.output<typeof recordingPartSchema>;
export type RecordingsMetadata = z.output<typeof recordingsMetadataSchema>;
