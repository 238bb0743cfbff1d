import { Callout, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { scoreIntent, useStudyEvaluation, useStudyReportText } from '@school/shared/ui/study-panels';

/** A Responsible reads the report about the child whose calendar is shown (spec part 1 §6). */
export function StudyReportText({ studyId, childId }: { studyId: number; childId: number }) {
  const { t } = useTranslation();
  const { loading, report, loadError, notLoadedOffline } = useStudyReportText({ studyId, childId });
  if (loading) return <Spinner size={20} />;
  if (loadError) {
    return (
      <Callout
        intent={notLoadedOffline ? 'none' : 'danger'}
        icon={notLoadedOffline ? 'offline' : undefined}
        compact
        data-testid={notLoadedOffline ? 'not-loaded-offline' : undefined}
      >
        {loadError}
      </Callout>
    );
  }
  if (!report)
    return (
      <p className="study-panel__empty" data-testid="report-none">
        {t('studyPanels.reports.none')}
      </p>
    );
  return (
    <div className="study-report-text" data-testid="report-text">
      <strong className="study-report-text__subject">{report.subject}</strong>
      <p className="study-report-text__content">{report.content}</p>
    </div>
  );
}

/**
 * The study's evaluation (score and report) for those who may read it (Administrator, Manager),
 * with the spec's messages: 'Access denied', 'No evaluation found', 'Failed to load evaluation',
 * 'No report' (part 2 §2, §8).
 */
export function StudyEvaluationView({ studyId }: { studyId: number }) {
  const { t } = useTranslation();
  const { loading, evaluation, failure, message } = useStudyEvaluation({ studyId, enabled: true });
  if (loading) return <Spinner size={20} />;
  const intent = evaluation ? scoreIntent(evaluation.score) : 'secondary';
  return (
    <div className="study-evaluation" data-testid="evaluation">
      {evaluation ? (
        <Tag
          intent={intent === 'secondary' ? 'none' : intent}
          round
          large
          data-testid="evaluation-score"
          data-intent={intent}
        >
          {t('studyPanels.evaluation.score', { score: evaluation.score ?? '—' })}
        </Tag>
      ) : null}
      {message ? (
        <p
          className={failure && failure !== 'notFound' ? 'study-evaluation__failure' : 'study-panel__empty'}
          data-testid="evaluation-message"
        >
          {message}
        </p>
      ) : evaluation?.report ? (
        <p className="study-evaluation__report" data-testid="evaluation-report">
          {evaluation.report}
        </p>
      ) : null}
    </div>
  );
}
