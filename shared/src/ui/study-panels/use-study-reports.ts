import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api-context';
import { evaluationFailure, type EvaluationFailure } from './study-panels.rules';
import { isAbort, isUnreachable, loadFailureText, statusOf } from './panel-errors';
import {
  fetchStudyEvaluation,
  fetchStudyReports,
  type StudyEvaluation,
  type StudyReportRow,
} from './study-panels.api';
import { useLiveLoad } from './use-live-load';

export interface StudyReportText {
  loading: boolean;
  /** The child's report of this study, null when none is written yet. */
  report: StudyReportRow | null;
  loadError: string | null;
  /** The load failed only because the server cannot be reached: loadError says "not loaded". */
  notLoadedOffline: boolean;
}

/**
 * A Responsible reads the report about the selected child (spec part 1 §6 "Reports list": subject
 * and content, the report text for the selected child). `childId` null: nothing to read.
 */
export function useStudyReportText({
  studyId,
  childId,
}: {
  studyId: number;
  childId: number | null;
}): StudyReportText {
  const { t } = useTranslation();
  const { client } = useApi();
  const load = useCallback(
    (signal: AbortSignal) => fetchStudyReports(client, studyId, true, signal),
    [client, studyId],
  );
  const list = useLiveLoad(studyId, childId === null ? null : load, `reports:${studyId}`);
  return {
    loading: list.loading,
    report: list.data?.find((row) => row.user_id === childId) ?? null,
    notLoadedOffline: list.data === undefined && isUnreachable(list.error),
    loadError:
      list.error && list.data === undefined
        ? loadFailureText(list.error, 'studyPanels.reports.loadFailed', t)
        : null,
  };
}

export interface StudyEvaluationState {
  loading: boolean;
  evaluation: StudyEvaluation | null;
  /** Spec part 2 §8: 'Access denied', 'No evaluation found', 'Failed to load evaluation'. */
  failure: EvaluationFailure | null;
  /** The message to show instead of the evaluation, or for an empty report ('No report'). */
  message: string | null;
}

/** Outcome of GET api/studies/{id}/evaluation as the screen shows it. */
export function evaluationOutcome(answer: { evaluation?: StudyEvaluation; error?: unknown }): {
  failure: EvaluationFailure | null;
  messageKey: string | null;
} {
  if (answer.error !== undefined) {
    const failure = evaluationFailure(statusOf(answer.error));
    return { failure, messageKey: `studyPanels.evaluation.${failure}` };
  }
  if (!answer.evaluation) return { failure: null, messageKey: null };
  const report = answer.evaluation.report?.trim() ?? '';
  return { failure: null, messageKey: report === '' ? 'studyPanels.evaluation.noReport' : null };
}

/** The evaluation of a study (score and report), loaded only when `enabled` (who may read it). */
export function useStudyEvaluation({
  studyId,
  enabled,
}: {
  studyId: number;
  enabled: boolean;
}): StudyEvaluationState {
  const { t } = useTranslation();
  const { client } = useApi();
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchStudyEvaluation(client, studyId, signal).then(
        (evaluation) => ({ evaluation }),
        (error: unknown) => {
          if (isAbort(error)) throw error;
          return { error };
        },
      ),
    [client, studyId],
  );
  const answer = useLiveLoad<{ evaluation?: StudyEvaluation; error?: unknown }>(
    studyId,
    enabled ? load : null,
  );
  const outcome = answer.data ? evaluationOutcome(answer.data) : { failure: null, messageKey: null };
  return {
    loading: enabled && answer.loading,
    evaluation: answer.data?.evaluation ?? null,
    failure: outcome.failure,
    message: outcome.messageKey ? t(outcome.messageKey) : null,
  };
}
