import { asSubject } from '@school/shared/permissions';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { StudyChange } from '../../platform/realtime/study-change.payload.js';

/**
 * Who hears of a change to what hangs off a study: exactly who could read it through REST (the
 * CASL read rules the row scopes are made from, shared/src/permissions/read-scopes.ts), judged
 * from the change itself, without a query:
 * - `message`: who reads the study's chat (its participants, their parents, staff);
 * - `recording`: who reads the study's recordings (the same people);
 * - `task`, `report`: who reads a homework file or report about one of the students named in
 *   the change (the student, their parent, the study's teachers, staff; students read no
 *   reports). A classmate's parent in a group lesson hears nothing.
 * Study-level kinds (created, updated, deleted, transferred) and bulk changes go to every socket
 * that joined a room for them: joining was judged already.
 */
export function studyChangeAudience(auth: AuthState, change: StudyChange): boolean {
  if (change.studyId === null) return true;
  const study_user_ids = change.userIds;
  const can = (subject: Parameters<typeof asSubject>[0], row: Record<string, unknown>) =>
    auth.ability.can('read', asSubject(subject, { study_user_ids, ...row }));
  switch (change.kind) {
    case 'message':
      return can('study_message', {});
    case 'recording':
      return can('recording', {});
    case 'task':
      return (change.studentIds ?? []).some((user_id) => can('study_task', { user_id }));
    case 'report':
      return (change.studentIds ?? []).some((user_id) => can('study_report', { user_id }));
    default:
      return true;
  }
}
