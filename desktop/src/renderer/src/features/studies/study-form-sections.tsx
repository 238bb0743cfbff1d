import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CalendarStudy } from '@school/shared/ui/calendar';
import { homeworkStudentIds, usePanelAccess } from '@school/shared/ui/study-panels';
import { studentsOf } from '@school/shared/ui/calendar';
import { RecordingsSection } from '../recordings/recordings-section';
import { StudyHomeworkPanel } from '../study-modal/study-homework-panel';
import { StudyMessagesPanel } from '../study-modal/study-messages-panel';
// The panels' own look (file rows, message bubbles, section frames) is the study modal's.
import '../study-modal/study-event-modal.css';

/**
 * The homework, messages and recordings of an existing study under the study form (spec part 2
 * §2 "Study form"): the study modal's panels as they are, each saving on its own, outside the
 * form's Save. `study` is the stored row the form read (with its users).
 */
export function StudyFormSections({ study }: { study: CalendarStudy }) {
  const { t } = useTranslation();
  const { viewer } = usePanelAccess();
  const showHomework =
    homeworkStudentIds(
      viewer,
      studentsOf(study).map((s) => s.id),
    ).length > 0;
  return (
    <div
      className="study-form__sections"
      data-testid="study-form-sections"
      aria-label={t('studyForm.studySections')}
    >
      <div className="study-modal__slots">
        {showHomework ? (
          <section className="study-modal__section study-modal__slot" data-testid="study-section-homework">
            <h3 className="study-modal__heading">
              <Icon icon="book" /> {t('studyPanels.homework.title')}
            </h3>
            <StudyHomeworkPanel study={study} />
          </section>
        ) : null}
        <RecordingsSection study={study} />
        <section
          className="study-modal__section study-modal__slot study-modal__slot--wide"
          data-testid="study-section-messages"
        >
          <h3 className="study-modal__heading">
            <Icon icon="chat" /> {t('studyPanels.messages.title')}
          </h3>
          <StudyMessagesPanel studyId={study.id} />
        </section>
      </div>
    </div>
  );
}
