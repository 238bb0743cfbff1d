// The public face of features/study-attendance: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createStudyAttendanceModule } from './study-attendance.module.js';
export type { StudyAttendanceService } from './study-attendance.service.js';
