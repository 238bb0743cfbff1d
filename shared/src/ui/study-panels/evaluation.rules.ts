import { RESOURCES } from '@school/shared/resources';
import type { PanelAbility } from './panel-ability';

/**
 * Who may read a study's evaluation: the registry's guard on the studies.evaluation relation
 * (`manage study`: Administrator and Manager), the same one the server's GET api/studies/{id}/evaluation applies.
 */
export function canReadEvaluation(_roleId: number, ability: PanelAbility): boolean {
  const guard = RESOURCES.studies.relations?.evaluation?.readableBy;
  if (!guard) return true;
  if (!guard.ability) return false;
  const [action, subject] = guard.ability;
  return subject === 'all' ? false : ability.allows(action, subject);
}
