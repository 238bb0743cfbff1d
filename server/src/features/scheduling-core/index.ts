// The public face of features/scheduling-core: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createSchedulingCoreModule } from './scheduling-core.module.js';
export type { StudiesRepository, StudyPatch, StudyWithParticipants } from './studies.repository.js';
export type { SchedulingRepository } from './scheduling.repository.js';
export { loadSlotTime } from './offered-slots.service.js';
export { familyStudentIds, readScopeFor, TEACHING_ROLES } from './study-access.sql.js';
export { gateStudy } from './study-gate.js';
