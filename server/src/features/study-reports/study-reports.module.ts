import type { FeatureModule } from '../feature-module.js';
import { studyReportsHooks } from './study-reports.sql.js';
import { studyReportWriteHooks } from './study-reports.write.js';

/** Study reports: the study's start, the row scope, and the report-is-about-a-student check. */
export function createStudyReportsModule(): FeatureModule {
  return {
    name: 'study-reports',
    resourceHooks: { study_reports: studyReportsHooks },
    writeHooks: { study_reports: studyReportWriteHooks },
  };
}
