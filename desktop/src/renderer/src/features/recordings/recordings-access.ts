import { MISS_STATUS } from '@school/shared/domain';
import type { AppAbility } from '@school/shared/permissions';

export interface RecordingsAccess {
  /** Upload, replace, reorder, remove (spec part 1 §6: Administrator, Manager, Teacher). */
  canEdit: boolean;
  /** Would edit, but a miss status is set: the spec's alert instead of the controls (part 1 §4). */
  blockedByMissStatus: boolean;
}

/** Who edits the recordings section; everyone who sees the study watches and downloads. */
export function recordingsAccess(_roleId: number, ability: AppAbility, missStatus: number): RecordingsAccess {
  // `create recording`: Administrator, Manager, Teacher (part 1 §6).
  const editor = ability.can('create', 'recording');
  const missed = missStatus !== MISS_STATUS.None;
  return { canEdit: editor && !missed, blockedByMissStatus: editor && missed };
}
