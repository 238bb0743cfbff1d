import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { studentsOf, type CalendarStudy } from '@school/shared/ui/calendar';
import { homeworkStudentIds, usePanelAccess } from '@school/shared/ui/study-panels';
import type { CalendarAudience } from '../../kit/calendar/calendar-user';
import { FamilyHomeworkPanel } from './family-homework-panel';
import { FamilyMessagesPanel } from './family-messages-panel';
import { FamilyReportPanel } from './family-report-panel';
import './study-panels.css';
// The player loads when a modal shows recordings: the calendar route keeps within its bundle budget.
const FamilyRecordings = lazy(() =>
  import('../recordings/family-recordings').then((m) => ({ default: m.FamilyRecordings })),
);

/**
 * The study modal's sections (spec part 1 §2 "Study event modal": homework, messages, reports,
 * recordings). Each is a named slot keeping its order and `data-slot`. Who sees which slot follows
 * spec part 2 §6: reports are read by a Responsible, not a Student.
 */
export type StudyModalSlotId = 'homework' | 'messages' | 'reports' | 'recordings';

export interface SlotContext {
  /** Whose calendar is shown: the student themself, or the child a Responsible picked. */
  calendarUserId: number;
}

export interface StudyModalSlot {
  id: StudyModalSlotId;
  audiences: readonly CalendarAudience[];
  render: (study: CalendarStudy, context: SlotContext) => ReactNode;
}

export const STUDY_MODAL_SLOTS: readonly StudyModalSlot[] = [
  {
    id: 'homework',
    audiences: ['student', 'responsible'],
    render: (study) => <FamilyHomeworkPanel study={study} />,
  },
  {
    id: 'messages',
    audiences: ['student', 'responsible'],
    render: (study) => <FamilyMessagesPanel studyId={study.id} />,
  },
  {
    id: 'reports',
    audiences: ['responsible'],
    render: (study, { calendarUserId }) => <FamilyReportPanel studyId={study.id} childId={calendarUserId} />,
  },
  {
    id: 'recordings',
    audiences: ['student', 'responsible'],
    render: (study) => (
      <Suspense fallback={null}>
        <FamilyRecordings studyId={study.id} />
      </Suspense>
    ),
  },
];

export function StudyModalSections({
  study,
  audience,
  calendarUserId,
}: {
  study: CalendarStudy;
  audience: CalendarAudience;
  calendarUserId: number;
}) {
  const { t } = useTranslation();
  const { viewer } = usePanelAccess();
  // Homework exists only for the Student participants the viewer may see (part 2 §6).
  const seesHomework =
    homeworkStudentIds(
      viewer,
      studentsOf(study).map((s) => s.id),
    ).length > 0;
  const slots = STUDY_MODAL_SLOTS.filter(
    (slot) => slot.audiences.includes(audience) && (slot.id !== 'homework' || seesHomework),
  );
  return (
    <div className="study-slots">
      {slots.map((slot) => (
        <section
          key={slot.id}
          className="study-slot"
          data-slot={slot.id}
          data-testid={`study-slot-${slot.id}`}
        >
          <h3 className="study-slot__title">{t(`family.study.sections.${slot.id}`)}</h3>
          {slot.render(study, { calendarUserId })}
        </section>
      ))}
    </div>
  );
}
