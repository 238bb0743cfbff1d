import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildSavePlan,
  draftProblems,
  isDraftChanged,
  planNeedsUpload,
  RECORDING_MIN_SECONDS,
  type RecordingsDraft,
  type RowProblem,
} from '@school/shared/rules';
import { useApi } from '../api-context';
import { deleteRecording, type RecordingListItem } from './recordings.api';
import { saveErrorMessage, uploadAnswerError } from './recordings-messages';
import { editorReducer, initialEditorState, type SavePhase } from './recordings-editor.reducer';
import { transportFailureOf, type RecordingsTransport } from './recordings-transport.types';

export interface RecordingsEditorOptions {
  studyId: number;
  /** The loaded list and its version (a new version replaces an unchanged draft). */
  recordings: RecordingListItem[];
  version: number;
  transport: RecordingsTransport;
  /** recordings_uploader_enabled: the upload service (80 % cap, then creeping) or the API directly. */
  uploaderEnabled: boolean;
  minSeconds?: number;
  /** After a successful save: show "Recordings saved successfully", reload the list. */
  onSaved(): void;
}

export interface RecordingsEditor {
  draft: RecordingsDraft;
  problems: Map<string, RowProblem[]>;
  changed: boolean;
  /** Changed, without problems and not already saving. */
  canSave: boolean;
  phase: SavePhase;
  busy: boolean;
  /** A file picker is open. */
  picking: boolean;
  addRecording(): Promise<void>;
  chooseFile(key: string): Promise<void>;
  replace(key: string): Promise<void>;
  cancelReplacing(key: string): void;
  remove(key: string): void;
  move(from: number, to: number): void;
  setLanguages(key: string, languageIds: readonly number[]): void;
  save(): Promise<void>;
  /** Stops a running upload; the draft stays as it was. */
  cancel(): void;
  /** Drops the changes. */
  reset(): void;
}

/**
 * The recordings section's editing flow (spec part 1 §4, §5, §7) without any markup: rows, their
 * problems, Save only when changed, removals deleted first, then one upload with per-file
 * progress; cancel, and retry after a dropped connection (deletes already done are not repeated).
 */
export function useRecordingsEditor(options: RecordingsEditorOptions): RecordingsEditor {
  const { studyId, recordings, version, transport, uploaderEnabled, onSaved } = options;
  const minSeconds = options.minSeconds ?? RECORDING_MIN_SECONDS;
  const { client } = useApi();
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(editorReducer, recordings, initialEditorState);
  const [picking, setPicking] = useState(false);
  const keySeq = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const deleted = useRef(new Set<number>());
  const newKey = useCallback(() => `n${++keySeq.current}`, []);

  useEffect(() => {
    dispatch({ type: 'loaded', recordings, version });
  }, [recordings, version]);
  // Nothing keeps running for a closed modal.
  useEffect(() => () => controller.current?.abort(), []);

  const { draft, phase } = state;
  const problems = useMemo(() => draftProblems(draft, minSeconds), [draft, minSeconds]);
  const changed = isDraftChanged(draft);
  const busy = phase.kind === 'deleting' || phase.kind === 'uploading';
  // After a save the list reloads; until it does, the old draft must not be sent again.
  const canSave = changed && problems.size === 0 && !busy && phase.kind !== 'saved';

  const pick = useCallback(
    async (key: string) => {
      setPicking(true);
      try {
        const files = await transport.pickFiles();
        if (files.length > 0) dispatch({ type: 'choose', key, files, keys: files.map(() => newKey()) });
      } finally {
        setPicking(false);
      }
    },
    [transport, newKey],
  );

  const save = useCallback(async () => {
    if (!canSave) return;
    const plan = buildSavePlan(draft, studyId);
    const needsUpload = planNeedsUpload(draft);
    const abort = new AbortController();
    controller.current = abort;
    try {
      for (const id of plan.deleteIds) {
        if (deleted.current.has(id)) continue;
        dispatch({ type: 'deleting' });
        await deleteRecording(client, studyId, id);
        deleted.current.add(id);
      }
      if (needsUpload) {
        const route = uploaderEnabled ? 'service' : 'direct';
        dispatch({ type: 'uploading', route, files: plan.files, now: Date.now() });
        const answer = await transport.upload({
          studyId,
          route,
          files: plan.files.map(({ file }) => ({ token: file.token, fileName: file.name })),
          metadata: plan.metadata,
          onProgress: (progress) => dispatch({ type: 'progress', progress, now: Date.now() }),
          signal: abort.signal,
        });
        if (answer.status < 200 || answer.status >= 300) throw uploadAnswerError(answer.status, answer.body);
      }
      deleted.current.clear();
      dispatch({ type: 'saved' });
      onSaved();
    } catch (error) {
      const failure = transportFailureOf(error);
      if (failure === 'cancelled' || abort.signal.aborted) {
        dispatch({ type: 'failed', reason: 'cancelled', message: t('recordingsUi.cancelled') });
      } else if (
        failure === 'network_error' ||
        (error instanceof Error && 'status' in error && error.status === 0)
      ) {
        dispatch({ type: 'failed', reason: 'network', message: t('recordingsUi.networkError') });
      } else {
        const message = saveErrorMessage(error, t);
        if (message === null) window.location.reload();
        else dispatch({ type: 'failed', reason: 'refused', message });
      }
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, [canSave, draft, studyId, client, uploaderEnabled, transport, onSaved, t]);

  return {
    draft,
    problems,
    changed,
    canSave,
    phase,
    busy,
    picking,
    addRecording: async () => {
      const key = newKey();
      dispatch({ type: 'addEmpty', key });
      await pick(key);
    },
    chooseFile: (key) => pick(key),
    replace: async (key) => {
      dispatch({ type: 'startReplacing', key });
      await pick(key);
    },
    cancelReplacing: (key) => dispatch({ type: 'cancelReplacing', key }),
    remove: (key) => dispatch({ type: 'remove', key }),
    move: (from, to) => dispatch({ type: 'move', from, to }),
    setLanguages: (key, languageIds) => dispatch({ type: 'languages', key, languageIds }),
    save,
    cancel: () => controller.current?.abort(),
    reset: () => {
      deleted.current.clear();
      dispatch({ type: 'reset', recordings });
    },
  };
}
