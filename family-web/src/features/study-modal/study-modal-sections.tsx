import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarStudy } from '@school/shared/ui/calendar';
import type { CalendarAudience } from '../calendar/calendar-user';
import { FamilyRecordings } from '../recordings/family-recordings';

/**
 * The places the study modal keeps for what comes in a later issue (spec part 1 §2 "Study event
 * modal": homework, messages, reports, recordings). Each is a named slot: the feature that fills
 * it replaces its `render` and keeps the order and the `data-slot` the tests and styles use.
 * Who sees which slot follows spec part 2 §6: reports are read by a Responsible, not a Student.
 */
export type StudyModalSlotId = 'homework' | 'messages' | 'reports' | 'recordings';

export interface StudyModalSlot {
  id: StudyModalSlotId;
  audiences: readonly CalendarAudience[];
  /** The section's content, once its feature exists; null shows the "comes later" note. */
  render: ((study: CalendarStudy) => ReactNode) | null;
}

export const STUDY_MODAL_SLOTS: readonly StudyModalSlot[] = [
  { id: 'homework', audiences: ['student', 'responsible'], render: null },
  { id: 'messages', audiences: ['student', 'responsible'], render: null },
  { id: 'reports', audiences: ['responsible'], render: null },
  { id: 'recordings', audiences: ['student', 'responsible'], render: (study) => <FamilyRecordings studyId={study.id} /> },
];

export function StudyModalSections({ study, audience }: { study: CalendarStudy; audience: CalendarAudience }) {
  const { t } = useTranslation();
  const slots = STUDY_MODAL_SLOTS.filter((slot) => slot.audiences.includes(audience));
  return (
    <div className="study-slots">
      {slots.map((slot) => (
        <section key={slot.id} className="study-slot" data-slot={slot.id} data-testid={`study-slot-${slot.id}`}>
          <h3 className="study-slot__title">
            {t(`family.study.sections.${slot.id}`)}
            {slot.render ? null : <span className="study-slot__badge">{t('family.study.later')}</span>}
          </h3>
          {slot.render ? slot.render(study) : <p className="study-slot__hint">{t(`family.study.sectionHints.${slot.id}`)}</p>}
        </section>
      ))}
    </div>
  );
}
