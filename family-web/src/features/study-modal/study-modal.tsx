import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transferBlocker } from '@school/shared/rules';
import { ROLE } from '@school/shared/domain';
import {
  participantRoleId,
  STUDY_COLORS,
  studentsOf,
  studyColorKind,
  teacherAddress,
  teachersOf,
  type CalendarStudy,
} from '@school/shared/ui/calendar';
import { MoveIcon } from '../../components/icons';
import { ModalDialog } from '../../components/modal-dialog';
import type { CalendarAudience } from '../../kit/calendar/calendar-user';
import { formatStudyTime } from '../../kit/calendar/study-time';
import { StudyModalSections } from './study-modal-sections';

/** The Ukrainian areas the modal and the transfer view name, added by their loader (study-modal-loader.ts). */
export { ukFamilyStudy as studyTranslations } from '@school/shared/ui';

export interface StudyModalProps {
  /** The study as the calendar loaded it; null when it is gone (deleted or moved away by staff). */
  study: CalendarStudy | null;
  typeNames: ReadonlyMap<number, string> | undefined;
  audience: CalendarAudience;
  /** Whose calendar the study was opened from (the student, or the child a parent picked). */
  calendarUserId: number;
  onClose(): void;
  onTransfer(study: CalendarStudy): void;
}

/**
 * The family's study modal (spec part 1 §2): time, type, participants and teachers, the transfer
 * entry for a Responsible (§4), homework, messages, the child's report (a Responsible) and the place
 * kept for recordings.
 */
export function StudyModal({
  study,
  typeNames,
  audience,
  calendarUserId,
  onClose,
  onTransfer,
}: StudyModalProps) {
  const { t, i18n } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!study) {
    return (
      <ModalDialog
        title={t('family.study.title')}
        closeLabel={t('family.study.close')}
        onClose={onClose}
        testId="study-modal"
      >
        <p className="muted" data-testid="study-gone">
          {t('family.study.gone')}
        </p>
      </ModalDialog>
    );
  }

  const teachers = teachersOf(study);
  const participants = (study.users ?? []).filter(
    (u) => !teachers.includes(u) && participantRoleId(u) !== ROLE.Manager,
  );
  const typeName = typeNames?.get(study.type_id) ?? null;
  const blocker = transferBlocker(
    { start: study.start, end: study.end, studentCount: studentsOf(study).length },
    Date.now(),
  );
  // Transfer is offered for a study after today with one student (spec part 1 §4); one that is
  // too close is still offered, and refused with the spec's message when asked.
  const transferOffered = audience === 'responsible' && (blocker === null || blocker === 'too_late');

  const askTransfer = () => {
    const now = transferBlocker(
      { start: study.start, end: study.end, studentCount: studentsOf(study).length },
      Date.now(),
    );
    if (now === null) onTransfer(study);
    else setRefusal(t(`scheduling.transfer.${now}`));
  };

  return (
    <ModalDialog
      title={
        <span className="study-title">
          <span
            className="study-title__dot"
            style={{ background: STUDY_COLORS[studyColorKind(study)] }}
            aria-hidden="true"
          />
          {t('family.study.title')}
        </span>
      }
      closeLabel={t('family.study.close')}
      onClose={onClose}
      testId="study-modal"
    >
      <dl className="facts" data-study-id={study.id}>
        <div className="facts__row">
          <dt>{t('family.study.time')}</dt>
          <dd data-testid="study-time">{formatStudyTime(study.start, study.end, i18n.language)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('family.study.type')}</dt>
          <dd data-testid="study-type">{typeName ?? '—'}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('family.study.participants')}</dt>
          <dd>
            <ul className="people" data-testid="study-participants">
              {participants.map((u) => (
                <li key={u.id}>{u.full_name}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="facts__row">
          <dt>{t('family.study.teachers')}</dt>
          <dd>
            {teachers.length === 0 ? (
              <span className="muted">{t('family.study.noTeacher')}</span>
            ) : (
              <ul className="people" data-testid="study-teachers">
                {teachers.map((u) => (
                  <li key={u.id}>{teacherAddress(u)}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>

      {transferOffered ? (
        <div className="transfer-entry">
          <button
            type="button"
            className="button button--primary button--auto"
            onClick={askTransfer}
            data-testid="transfer-start"
          >
            <MoveIcon />
            {t('family.study.transfer')}
          </button>
          <p className="transfer-entry__hint">{t('family.study.transferHint')}</p>
          {refusal ? (
            <div className="form-alert form-alert--error" role="alert" data-testid="transfer-refusal">
              {refusal}
            </div>
          ) : null}
        </div>
      ) : null}

      <StudyModalSections study={study} audience={audience} calendarUserId={calendarUserId} />
    </ModalDialog>
  );
}
