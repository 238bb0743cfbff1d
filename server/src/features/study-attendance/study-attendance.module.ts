import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createStudyAttendanceRepository } from './study-attendance.repository.js';
import { createStudyAttendanceService, type StudyAttendanceService } from './study-attendance.service.js';
import { attendanceComputed } from './study-attendance.sql.js';

/** Families' attendance answers (given in the bot): recording them, and `studies.attendance` for staff. */
export function createStudyAttendanceModule(deps: { knex: Knex; now?: () => number }): FeatureModule<{
  studyAttendance: StudyAttendanceService;
}> & {
  services: { studyAttendance: StudyAttendanceService };
} {
  const studyAttendance = createStudyAttendanceService({
    knex: deps.knex,
    repo: createStudyAttendanceRepository(),
    now: deps.now,
  });
  return {
    name: 'study-attendance',
    services: { studyAttendance },
    resourceHooks: { studies: { computed: { attendance: attendanceComputed } } },
  };
}
