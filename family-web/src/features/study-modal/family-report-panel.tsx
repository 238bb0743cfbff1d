import { useTranslation } from 'react-i18next';
import { useStudyReportText } from '@school/shared/ui/study-panels';

/** A Responsible reads the teacher's report about the selected child (spec part 1 §6). */
export function FamilyReportPanel({ studyId, childId }: { studyId: number; childId: number }) {
  const { t } = useTranslation();
  const { loading, report, loadError } = useStudyReportText({ studyId, childId });
  if (loading) return <p className="panel__muted">{t('studyPanels.loading')}</p>;
  if (loadError)
    return (
      <p className="panel__error" role="alert">
        {loadError}
      </p>
    );
  if (!report) {
    return (
      <p className="panel__muted" data-testid="report-none">
        {t('studyPanels.reports.none')}
      </p>
    );
  }
  return (
    <div className="report" data-testid="report-text">
      <p className="report__subject">{report.subject}</p>
      <p className="report__content">{report.content}</p>
    </div>
  );
}
