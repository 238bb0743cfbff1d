import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { StudyReportFormRoute } from './study-report-form-route';
import { StudyReportsTablePage } from './study-reports-table-page';

/** The study reports admin page's parts; its path, title and access are ADMIN_PAGES.reports (common/admin-pages.ts). */
export const studyReportsPageParts: AdminPageParts = {
  Table: StudyReportsTablePage,
  overlay: StudyReportFormRoute,
};
