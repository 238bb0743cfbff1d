import { Callout, Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MISS_STATUS, ROLE } from '@school/shared/domain';
import { participantRoleId, studentsOf, type CalendarStudy } from '@school/shared/ui/calendar';
import { canReadEvaluation, homeworkStudentIds, usePanelAccess } from '@school/shared/ui/study-panels';
import { readsThroughChildren } from '@school/shared/permissions';
import { StudyHomeworkPanel } from './study-homework-panel';
import { StudyMessagesPanel } from './study-messages-panel';
import { RecordingsSection } from '../recordings/recordings-section';
import { StudyReportActions } from './study-report-actions';
import { StudyEvaluationView, StudyReportText } from './study-report-reading';

/** One titled section of the modal, with a stable test id. */
function Section({
  id,
  icon,
  title,
  wide,
  children,
}: {
  id: string;
  icon: IconName;
  title: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      className={`study-modal__section study-modal__slot${wide ? ' study-modal__slot--wide' : ''}`}
      data-testid={`study-section-${id}`}
    >
      <h3 className="study-modal__heading">
        <Icon icon={icon} /> {title}
      </h3>
      {children}
    </section>
  );
}

export interface StudyModalSectionsProps {
  study: CalendarStudy;
  canWriteReports: boolean;
  /** Whose calendar the modal was opened from: a Responsible reads that child's report. */
  calendarUserId: number;
}

/**
 * Homework, messages, recordings, reports and the evaluation of the study (spec part 1 §2, §6,
 * part 2 §2, §6). Each section shows only to those the spec lets see it.
 */
export function StudyModalSections({ study, canWriteReports, calendarUserId }: StudyModalSectionsProps) {
  const { t } = useTranslation();
  const { viewer, ability } = usePanelAccess();
  const missed = study.miss_status !== MISS_STATUS.None;
  const students = studentsOf(study);
  const reportOf = new Map((study.reports ?? []).map((r) => [r.user_id, r.id]));
  const showHomework =
    homeworkStudentIds(
      viewer,
      students.map((s) => s.id),
    ).length > 0;
  const readsChildReport =
    !canWriteReports &&
    readsThroughChildren(viewer.roleId) &&
    viewer.childIds.includes(calendarUserId) &&
    students.some((s) => s.id === calendarUserId);
  const showEvaluation = students.length > 0 && canReadEvaluation(viewer.roleId, ability);

  return (
    <div className="study-modal__slots">
      {showHomework ? (
        <Section id="homework" icon="book" title={t('studyPanels.homework.title')}>
          <StudyHomeworkPanel study={study} />
        </Section>
      ) : null}
      <RecordingsSection study={study} />
      <Section id="messages" icon="chat" title={t('studyPanels.messages.title')} wide>
        <StudyMessagesPanel studyId={study.id} />
      </Section>
      {canWriteReports || readsChildReport ? (
        <Section id="reports" icon="document" title={t('calendarUi.modal.reports')} wide={!showEvaluation}>
          {readsChildReport ? (
            <StudyReportText studyId={study.id} childId={calendarUserId} />
          ) : missed ? (
            <Callout intent="warning" compact data-testid="report-miss-blocked">
              {t('reports.miss_status_blocked')}
            </Callout>
          ) : (
            <ul className="study-modal__reports">
              {students
                .filter((s) => participantRoleId(s) === ROLE.Student)
                .map((s) => (
                  <li key={s.id}>
                    <Icon
                      icon={reportOf.has(s.id) ? 'tick-circle' : 'circle'}
                      intent={reportOf.has(s.id) ? 'success' : 'none'}
                    />{' '}
                    {s.full_name}
                    <StudyReportActions
                      studyId={study.id}
                      studentId={s.id}
                      reportId={reportOf.get(s.id) ?? null}
                    />
                  </li>
                ))}
            </ul>
          )}
        </Section>
      ) : null}
      {showEvaluation ? (
        <Section id="evaluation" icon="star" title={t('studyPanels.evaluation.title')}>
          <StudyEvaluationView studyId={study.id} />
        </Section>
      ) : null}
    </div>
  );
}
