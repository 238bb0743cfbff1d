import { Callout, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MISS_STATUS, ROLE } from '@school/shared/domain';
import { participantRoleId, type CalendarStudy } from '@school/shared/ui/calendar';
import { RecordingsSection } from '../recordings/recordings-section';
import { StudyReportActions } from './study-report-actions';

/**
 * The slots for homework, messages, recordings and reports. Each is its own section with a
 * stable test id, so the features that fill them later replace the body, not the layout.
 */
function Slot({ id, icon, title, children }: { id: string; icon: IconName; title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="study-modal__section study-modal__slot" data-testid={`study-section-${id}`}>
      <h3 className="study-modal__heading">
        <Icon icon={icon} /> {title}
      </h3>
      {children}
      <p className="study-modal__later">{t('calendarUi.modal.comesLater')}</p>
    </section>
  );
}

export function StudyModalSections({ study, canWriteReports }: { study: CalendarStudy; canWriteReports: boolean }) {
  const { t } = useTranslation();
  const missed = study.miss_status !== MISS_STATUS.None;
  const students = (study.users ?? []).filter((u) => participantRoleId(u) === ROLE.Student);
  const reportOf = new Map((study.reports ?? []).map((r) => [r.user_id, r.id]));
  return (
    <div className="study-modal__slots">
      <Slot id="homework" icon="book" title={t('calendarUi.modal.homework')} />
      <Slot id="messages" icon="chat" title={t('calendarUi.modal.messages')} />
      <RecordingsSection study={study} />
      <Slot id="reports" icon="document" title={t('calendarUi.modal.reports')}>
        {missed ? (
          <Callout intent="warning" compact>
            {t('reports.miss_status_blocked')}
          </Callout>
        ) : canWriteReports ? (
          <ul className="study-modal__reports">
            {students.map((s) => (
              <li key={s.id}>
                <Icon icon={reportOf.has(s.id) ? 'tick-circle' : 'circle'} intent={reportOf.has(s.id) ? 'success' : 'none'} />{' '}
                {s.full_name}
                <StudyReportActions studyId={study.id} studentId={s.id} reportId={reportOf.get(s.id) ?? null} />
              </li>
            ))}
          </ul>
        ) : null}
      </Slot>
    </div>
  );
}
