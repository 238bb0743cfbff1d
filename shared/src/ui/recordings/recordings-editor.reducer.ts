import {
  addEmptyRow,
  bytesPerFile,
  cancelReplacing,
  chooseFiles,
  draftFromSaved,
  isDraftChanged,
  moveRow,
  removeRow,
  setLanguages,
  startReplacing,
  type RecordingFileChoice,
  type RecordingsDraft,
  type SavedRecording,
  type UploadProgressState,
  type UploadRoute,
} from '@school/shared/rules';
import type { RecordingsUploadProgress } from './recordings-transport.types';

/** Where a save is: nothing running, removing, uploading (with progress), or how it ended. */
export type SavePhase =
  | { kind: 'idle' }
  | { kind: 'deleting' }
  | {
      kind: 'uploading';
      progress: UploadProgressState;
      /** Row key, size and bytes sent of each file being sent. */
      files: { rowKey: string; size: number; sent: number }[];
    }
  | { kind: 'saved' }
  | { kind: 'failed'; reason: 'network' | 'refused' | 'cancelled'; message: string };

export interface EditorState {
  draft: RecordingsDraft;
  phase: SavePhase;
  version: number;
}

export type EditorAction =
  | { type: 'loaded'; recordings: readonly SavedRecording[]; version: number }
  | { type: 'reset'; recordings: readonly SavedRecording[] }
  | { type: 'addEmpty'; key: string }
  | { type: 'choose'; key: string; files: readonly RecordingFileChoice[]; keys: readonly string[] }
  | { type: 'startReplacing'; key: string }
  | { type: 'cancelReplacing'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'languages'; key: string; languageIds: readonly number[] }
  | { type: 'deleting' }
  | {
      type: 'uploading';
      route: UploadRoute;
      files: readonly { rowKey: string; file: RecordingFileChoice }[];
      now: number;
    }
  | { type: 'progress'; progress: RecordingsUploadProgress; now: number }
  | { type: 'saved' }
  | { type: 'failed'; reason: 'network' | 'refused' | 'cancelled'; message: string };

export function initialEditorState(recordings: readonly SavedRecording[]): EditorState {
  return { draft: draftFromSaved(recordings), phase: { kind: 'idle' }, version: 0 };
}

const busy = (phase: SavePhase) => phase.kind === 'deleting' || phase.kind === 'uploading';

/** Edits of the draft are refused while a save runs: what is sent must be what is shown. */
function edit(state: EditorState, change: (draft: RecordingsDraft) => RecordingsDraft): EditorState {
  if (busy(state.phase)) return state;
  const draft = change(state.draft);
  if (draft === state.draft) return state;
  // A message about the last attempt no longer applies to a changed list.
  const phase =
    state.phase.kind === 'failed' && state.phase.reason !== 'network'
      ? { kind: 'idle' as const }
      : state.phase;
  return { ...state, draft, phase: phase.kind === 'saved' ? { kind: 'idle' } : phase };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded':
      if (action.version === state.version) return state;
      // A fresh list replaces the draft unless the user has unsaved changes (or a save runs).
      if (busy(state.phase) || (isDraftChanged(state.draft) && state.phase.kind !== 'saved')) {
        return { ...state, version: action.version };
      }
      return { draft: draftFromSaved(action.recordings), phase: state.phase, version: action.version };
    case 'reset':
      if (busy(state.phase)) return state;
      return { ...state, draft: draftFromSaved(action.recordings), phase: { kind: 'idle' } };
    case 'addEmpty':
      return edit(state, (d) => addEmptyRow(d, action.key));
    case 'choose':
      return edit(state, (d) => chooseFiles(d, action.key, action.files, (_f, i) => action.keys[i]));
    case 'startReplacing':
      return edit(state, (d) => startReplacing(d, action.key));
    case 'cancelReplacing':
      return edit(state, (d) => cancelReplacing(d, action.key));
    case 'remove':
      return edit(state, (d) => removeRow(d, action.key));
    case 'move':
      return edit(state, (d) => moveRow(d, action.from, action.to));
    case 'languages':
      return edit(state, (d) => setLanguages(d, action.key, action.languageIds));
    case 'deleting':
      return { ...state, phase: { kind: 'deleting' } };
    case 'uploading': {
      const files = action.files.map(({ rowKey, file }) => ({ rowKey, size: file.size, sent: 0 }));
      const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
      const progress: UploadProgressState = {
        route: action.route,
        sentBytes: 0,
        totalBytes,
        finalizingSince: totalBytes === 0 ? action.now : null,
        done: false,
      };
      return { ...state, phase: { kind: 'uploading', progress, files } };
    }
    case 'progress': {
      if (state.phase.kind !== 'uploading') return state;
      const { sentBytes, totalBytes, fileBytes } = action.progress;
      const sizes = state.phase.files.map((f) => f.size);
      const perFile =
        fileBytes && fileBytes.length === sizes.length
          ? fileBytes
          : bytesPerFile(sizes, sentBytes, totalBytes);
      const allSent = totalBytes > 0 && sentBytes >= totalBytes;
      const previous = state.phase.progress;
      const progress: UploadProgressState = {
        ...previous,
        sentBytes,
        totalBytes,
        finalizingSince: previous.finalizingSince ?? (allSent ? action.now : null),
      };
      return {
        ...state,
        phase: {
          kind: 'uploading',
          progress,
          files: state.phase.files.map((f, i) => ({ ...f, sent: perFile[i] ?? 0 })),
        },
      };
    }
    case 'saved':
      return { ...state, phase: { kind: 'saved' } };
    case 'failed':
      return { ...state, phase: { kind: 'failed', reason: action.reason, message: action.message } };
  }
}
