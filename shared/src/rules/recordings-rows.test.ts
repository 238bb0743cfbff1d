import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES } from '../domain/constants';
import {
  addEmptyRow,
  addFiles,
  buildSavePlan,
  cancelReplacing,
  chooseFiles,
  draftFromSaved,
  draftProblems,
  isDraftChanged,
  moveRow,
  planNeedsUpload,
  RECORDING_MIN_SECONDS,
  RecordingRowProblem,
  removalNeedsConfirmation,
  removeRow,
  setLanguages,
  startReplacing,
  type RecordingFileChoice,
  type SavedRecording,
} from './recordings-rows';

const saved: SavedRecording[] = [
  { id: 12, part: 2, file_name: 'part-b.mp4', archived: false, languages: [{ id: 3 }] },
  { id: 11, part: 1, file_name: 'part-a.mp4', archived: false, languages: [{ id: 2 }, { id: 1 }] },
  { id: 9, part: 1, file_name: 'old.mp4', archived: true, languages: [] },
];

const file = (name: string, over: Partial<RecordingFileChoice> = {}): RecordingFileChoice => ({
  token: `t-${name}`,
  name,
  size: 5_000_000,
  mimeType: 'video/mp4',
  durationSeconds: 1800,
  hasVideo: true,
  ...over,
});

let seq = 0;
const keyOf = () => `n${++seq}`;
const problemKeys = (map: Map<string, { key: string }[]>, key: string) =>
  (map.get(key) ?? []).map((p) => p.key);

describe('recording rows (spec part 1 §4)', () => {
  it('loads active rows by part and keeps archived rows apart, read only', () => {
    const draft = draftFromSaved(saved);
    expect(draft.rows.map((r) => [r.id, r.kind, r.languageIds])).toEqual([
      [11, 'existing', [1, 2]],
      [12, 'existing', [3]],
    ]);
    expect(draft.archived.map((r) => [r.id, r.kind])).toEqual([[9, 'archived']]);
    expect(isDraftChanged(draft)).toBe(false);
    // Archived rows cannot be changed even by key.
    const tried = setLanguages(startReplacing(removeRow(draft, 'r9'), 'r9'), 'r9', [1]);
    expect(tried.archived).toEqual(draft.archived);
  });

  it('makes Save possible only once something changed, and not after changing it back', () => {
    const draft = draftFromSaved(saved);
    const moved = moveRow(draft, 0, 1);
    expect(isDraftChanged(moved)).toBe(true);
    expect(isDraftChanged(moveRow(moved, 1, 0))).toBe(false);
    const languages = setLanguages(draft, 'r12', [3, 1]);
    expect(isDraftChanged(languages)).toBe(true);
    expect(isDraftChanged(setLanguages(languages, 'r12', [3]))).toBe(false);
    expect(isDraftChanged(startReplacing(draft, 'r11'))).toBe(true);
    expect(isDraftChanged(cancelReplacing(startReplacing(draft, 'r11'), 'r11'))).toBe(false);
    expect(isDraftChanged(addFiles(draft, [file('c.mp4')], keyOf))).toBe(true);
    expect(isDraftChanged(removeRow(draft, 'r12'))).toBe(true);
  });

  it('asks to confirm the removal of saved rows only', () => {
    const draft = addFiles(draftFromSaved(saved), [file('c.mp4')], keyOf);
    const [existing, , added] = draft.rows;
    expect(removalNeedsConfirmation(existing)).toBe(true);
    expect(removalNeedsConfirmation(startReplacing(draft, existing.key).rows[0])).toBe(true);
    expect(removalNeedsConfirmation(added)).toBe(false);
    const removed = removeRow(removeRow(draft, added.key), existing.key);
    expect(removed.removed.map((r) => r.id)).toEqual([11]);
  });

  it('says "File not selected" for a new or replacing row without a file', () => {
    const draft = startReplacing(addEmptyRow(draftFromSaved(saved), 'empty'), 'r12');
    const problems = draftProblems(draft);
    expect(problemKeys(problems, 'empty')).toEqual([RecordingRowProblem.notSelected]);
    expect(problemKeys(problems, 'r12')).toEqual([RecordingRowProblem.notSelected]);
    expect(problems.has('r11')).toBe(false);
    const filled = chooseFiles(draft, 'empty', [file('c.mp4'), file('d.mp4')], keyOf);
    expect(draftProblems(filled).has('empty')).toBe(false);
    // The extra file became a new row right after the one it was chosen for.
    expect(filled.rows.map((r) => r.file?.name ?? r.saved?.file_name)).toEqual([
      'part-a.mp4',
      'part-b.mp4',
      'c.mp4',
      'd.mp4',
    ]);
  });

  it('refuses a file name another row has, archived rows included (recordings.file_duplicate)', () => {
    const draft = addFiles(
      draftFromSaved(saved),
      [file('part-a.mp4'), file('old.mp4'), file('x.mp4'), file('x.mp4')],
      keyOf,
    );
    const problems = draftProblems(draft);
    const [, , a, old, x1, x2] = draft.rows;
    for (const row of [a, old, x1, x2])
      expect(problemKeys(problems, row.key)).toEqual([RecordingRowProblem.duplicate]);
    // The saved row is not blamed: the new file is the one to rename.
    expect(problems.has('r11')).toBe(false);
    // Replacing part-a with a file of the same name is fine once it is the only one.
    const replaced = chooseFiles(draftFromSaved(saved), 'r11', [file('part-a.mp4')], keyOf);
    expect(replaced.rows[0].kind).toBe('replacing');
    expect(draftProblems(replaced).size).toBe(0);
    // A removed recording frees its name.
    expect(
      draftProblems(removeRow(addFiles(draftFromSaved(saved), [file('part-b.mp4')], keyOf), 'r12')).size,
    ).toBe(0);
  });

  it('checks size, type and duration of picked files', () => {
    const draft = addFiles(
      draftFromSaved([]),
      [
        file('big.mp4', { size: RECORDING_MAX_BYTES + 1 }),
        file('edge.mp4', { size: RECORDING_MAX_BYTES }),
        file('sound.mp4', { hasVideo: false }),
        file('notes.txt', { mimeType: 'application/octet-stream', hasVideo: false, durationSeconds: null }),
        file('click.mp4', { durationSeconds: RECORDING_MIN_SECONDS - 0.5 }),
        file('unknown.avi', { durationSeconds: null, mimeType: 'video/x-msvideo' }),
      ],
      keyOf,
    );
    const problems = draftProblems(draft);
    const [big, edge, sound, notes, click, unknown] = draft.rows;
    expect(problems.get(big.key)).toEqual([
      { key: RecordingRowProblem.tooLarge, params: { maxSize: RECORDING_MAX_BYTES } },
    ]);
    expect(problems.has(edge.key)).toBe(false);
    expect(problemKeys(problems, sound.key)).toEqual([RecordingRowProblem.notVideo]);
    expect(problemKeys(problems, notes.key)).toEqual([RecordingRowProblem.notVideo]);
    expect(problemKeys(problems, click.key)).toEqual([RecordingRowProblem.tooShort]);
    expect(problems.has(unknown.key)).toBe(false);
  });

  it('sends part = position + 1 with names, ids and languages, and the files in row order', () => {
    let draft = draftFromSaved(saved);
    draft = addFiles(draft, [file('c.mp4')], () => 'new-c');
    draft = chooseFiles(draft, 'r12', [file('b2.mp4')], keyOf);
    draft = setLanguages(draft, 'new-c', [4, 2]);
    draft = moveRow(draft, 2, 0);
    draft = removeRow(draft, 'r11');
    const plan = buildSavePlan(draft, 77);
    expect(plan.deleteIds).toEqual([11]);
    expect(plan.metadata).toEqual({
      study_id: 77,
      parts: [
        { part: 1, file_name: 'c.mp4', id: null, languages: [2, 4] },
        { part: 2, file_name: 'b2.mp4', id: 12, languages: [3] },
        // The archived row follows, unchanged.
        { part: 3, file_name: 'old.mp4', id: 9, languages: [] },
      ],
    });
    expect(plan.files.map((f) => [f.rowKey, f.file.token])).toEqual([
      ['new-c', 't-c.mp4'],
      ['r12', 't-b2.mp4'],
    ]);
  });

  it('needs no upload when a save only removes the last recording', () => {
    const draft = draftFromSaved(saved.filter((r) => !r.archived));
    expect(planNeedsUpload(removeRow(draft, 'r12'))).toBe(false);
    // An archived row behind the active ones moves up to stay after them.
    const withArchived = draftFromSaved([
      ...saved.filter((r) => !r.archived),
      { id: 9, part: 3, file_name: 'old.mp4', archived: true },
    ]);
    expect(planNeedsUpload(withArchived)).toBe(false);
    expect(planNeedsUpload(removeRow(withArchived, 'r12'))).toBe(true);
    // Removing the first one renumbers the second: its part changes.
    expect(planNeedsUpload(removeRow(draft, 'r11'))).toBe(true);
    expect(planNeedsUpload(setLanguages(draft, 'r11', []))).toBe(true);
  });

  it('keeps every row exactly once whatever the moves (reorder by drag and by buttons)', () => {
    const base = addFiles(draftFromSaved(saved), [file('c.mp4'), file('d.mp4')], keyOf);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -2, max: 6 }), fc.integer({ min: -2, max: 6 })), {
          maxLength: 20,
        }),
        (moves) => {
          const draft = moves.reduce((d, [from, to]) => moveRow(d, from, to), base);
          expect([...draft.rows.map((r) => r.key)].sort()).toEqual([...base.rows.map((r) => r.key)].sort());
          expect(buildSavePlan(draft, 1).metadata.parts.map((p) => p.part)).toEqual(
            [...draft.rows, ...draft.archived].map((_, i) => i + 1),
          );
        },
      ),
    );
  });
});
