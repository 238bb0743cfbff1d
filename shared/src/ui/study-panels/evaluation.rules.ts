import type { AppAbility } from '@school/shared/permissions';
import { RESOURCES } from '@school/shared/resources';

/**
 * Who may read a study's evaluation: the registry's guard on the studies.evaluation relation
 * (Administrator and Manager), the same one the server's GET api/studies/{id}/evaluation applies.
 */
export function canReadEvaluation(roleId: number, ability: AppAbility): boolean {
  const guard = RESOURCES.studies.relations?.evaluation?.readableBy;
  if (!guard) return true;
  if (guard.roles?.includes(roleId)) return true;
  return guard.ability ? ability.can(guard.ability[0], guard.ability[1]) : false;
}
