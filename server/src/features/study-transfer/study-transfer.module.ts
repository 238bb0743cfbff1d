import type { SchedulingRepository } from '../scheduling-core/index.js';
import type { FeatureModule } from '../feature-module.js';
import { createStudyTransferService, type StudyTransferService } from './study-transfer.service.js';

/** The transfer rules of a study's new start (used by the study update command and create guard). */
export function createStudyTransferModule(deps: { slots: SchedulingRepository }): FeatureModule<{
  transfer: StudyTransferService;
}> & { services: { transfer: StudyTransferService } } {
  return { name: 'study-transfer', services: { transfer: createStudyTransferService(deps.slots) } };
}
