import { describe, expect, it } from 'vitest';
import type { RecordingFileChoice, SavedRecording } from '@school/shared/rules';
import {
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorState,
} from './recordings-editor.reducer';
import { uploadPercents } from './use-upload-percents';

const saved: SavedRecording[] = [{ id: 5, part: 1, file_name: 'a.mp4', archived: false, languages: [] }];
const file = (name: string, size: number): RecordingFileChoice => ({
  token: `t-${name}`,
  name,
  size,
  mimeType: 'video/mp4',
  durationSeconds: 60,
  hasVideo: true,
});
const T0 = 1_700_000_000_000;

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe('the recordings editor state', () => {
  it('replaces an unchanged draft with a fresh list but keeps unsaved changes', () => {
    const start = run(initialEditorState([]), { type: 'loaded', recordings: saved, version: 1 });
    expect(start.draft.rows.map((r) => r.id)).toEqual([5]);
    const edited = run(start, { type: 'addEmpty', key: 'n1' });
    const reloaded = run(edited, { type: 'loaded', recordings: [], version: 2 });
    expect(reloaded.draft.rows.map((r) => r.key)).toEqual(['r5', 'n1']);
    // After a save, the next list is the truth again.
    const afterSave = run(
      edited,
      { type: 'saved' },
      {
        type: 'loaded',
        recordings: [...saved, { id: 6, part: 2, file_name: 'b.mp4', archived: false }],
        version: 3,
      },
    );
    expect(afterSave.draft.rows.map((r) => r.key)).toEqual(['r5', 'r6']);
  });

  it('refuses edits while a save runs, so what is sent is what is shown', () => {
    const uploading = run(
      initialEditorState(saved),
      { type: 'choose', key: 'r5', files: [file('a2.mp4', 1000)], keys: ['n1'] },
      { type: 'uploading', route: 'direct', files: [{ rowKey: 'r5', file: file('a2.mp4', 1000) }], now: T0 },
    );
    const tried = run(
      uploading,
      { type: 'remove', key: 'r5' },
      { type: 'move', from: 0, to: 1 },
      { type: 'reset', recordings: saved },
    );
    expect(tried.draft).toBe(uploading.draft);
  });

  it('shows per-file progress and the service creeping once every byte is sent', () => {
    const files = [
      { rowKey: 'n1', file: file('a.mp4', 600) },
      { rowKey: 'n2', file: file('b.mp4', 400) },
    ];
    let state = run(initialEditorState([]), { type: 'uploading', route: 'service', files, now: T0 });
    state = run(state, {
      type: 'progress',
      progress: { sentBytes: 700, totalBytes: 1000, fileBytes: [600, 100] },
      now: T0 + 10,
    });
    expect(uploadPercents(state.phase, T0 + 10)).toEqual({
      total: 70,
      byRow: new Map([
        ['n1', 80],
        ['n2', 25],
      ]),
    });
    state = run(state, { type: 'progress', progress: { sentBytes: 1000, totalBytes: 1000 }, now: T0 + 20 });
    expect(uploadPercents(state.phase, T0 + 20).total).toBe(80);
    expect(uploadPercents(state.phase, T0 + 3_020)).toEqual({
      total: 83,
      byRow: new Map([
        ['n1', 83],
        ['n2', 83],
      ]),
    });
    state = run(state, { type: 'saved' });
    expect(uploadPercents(state.phase, T0).total).toBeNull();
  });

  it('keeps the network failure (Retry) through edits but drops a refusal once the list changes', () => {
    const base = initialEditorState(saved);
    const network = run(
      base,
      { type: 'failed', reason: 'network', message: 'dropped' },
      { type: 'languages', key: 'r5', languageIds: [2] },
    );
    expect(network.phase).toMatchObject({ kind: 'failed', reason: 'network' });
    const refused = run(
      base,
      { type: 'failed', reason: 'refused', message: 'no' },
      { type: 'languages', key: 'r5', languageIds: [2] },
    );
    expect(refused.phase).toEqual({ kind: 'idle' });
  });
});
