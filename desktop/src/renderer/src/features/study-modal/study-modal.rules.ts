import { ROLE } from '@school/shared/domain';
import type { AppAbility } from '@school/shared/permissions';
import { isStudyInProgress } from '@school/shared/rules';
import { participantRoleId, type CalendarStudy } from '@school/shared/ui/calendar';

/** What the study event modal shows and lets the viewer change (spec part 1 §4, §6). */
export interface StudyModalAccess {
  inProgress: boolean;
  /** Student phones, responsibles and contacts: `manage user`. */
  showContacts: boolean;
  /** Per Student participant, only while the study runs, with `notify user` (part 1 §6: staff). */
  showNotify: boolean;
  /** The internal comment: `update study comment`. */
  canComment: boolean;
  /**
   * With `update study miss_status` (Administrator, Manager, Teacher), and only for a study with
   * exactly one student.
   */
  showMissStatus: boolean;
  canMissStatus: boolean;
  /** Save exists with `update study` (spec part 1 §2, §6); the field rules decide what it can change. */
  canSave: boolean;
  canWriteReports: boolean;
}

/**
 * Kept apart from the component so each rule of the spec has a test of its own; the component
 * only draws what this answers.
 */
export function studyModalAccess(
  study: CalendarStudy,
  _roleId: number,
  ability: AppAbility,
  now: number,
): StudyModalAccess {
  const students = (study.users ?? []).filter((u) => participantRoleId(u) === ROLE.Student);
  const inProgress = isStudyInProgress(study, now);
  const canComment = ability.can('update', 'study', 'comment');
  const showMissStatus = ability.can('update', 'study', 'miss_status') && students.length === 1;
  const canMissStatus = showMissStatus;
  return {
    inProgress,
    showContacts: ability.can('manage', 'user'),
    showNotify: ability.can('notify', 'user') && inProgress && students.length > 0,
    canComment,
    showMissStatus,
    canMissStatus,
    canSave: ability.can('update', 'study'),
    canWriteReports: ability.can('create', 'study_report'),
  };
}
