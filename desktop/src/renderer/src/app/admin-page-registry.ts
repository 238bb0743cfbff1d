import { ADMIN_PAGE_IDS, ADMIN_PAGES, type AdminPageId } from '../../../common/admin-pages';
import type { AdminPage, AdminPageParts } from '../kit/admin-forms/admin-page';
import { analyticsPageParts } from '../features/analytics/analytics.admin-page';
import { contractsPageParts } from '../features/contracts/contracts.admin-page';
import { importsPageParts } from '../features/imports/imports.admin-page';
import { invoicesPageParts } from '../features/invoices/invoices.admin-page';
import { paymentsPageParts } from '../features/payments/payments.admin-page';
import { schedulesPageParts } from '../features/schedules/schedules.admin-page';
import { studiesPageParts } from '../features/studies/studies.admin-page';
import { studyReportsPageParts } from '../features/study-reports/study-reports.admin-page';
import { subscriptionsPageParts } from '../features/subscriptions/subscriptions.admin-page';
import { teachersPageParts } from '../features/teachers/teachers.admin-page';
import { usersPageParts } from '../features/users/users.admin-page';

/**
 * Each declared admin page's table and form, by page id: the compiler refuses a declaration
 * without its parts (or parts without a declaration). The registry points down at the resource
 * folders; they never import it back.
 */
const PARTS: Readonly<Record<AdminPageId, AdminPageParts>> = {
  users: usersPageParts,
  contracts: contractsPageParts,
  subscriptions: subscriptionsPageParts,
  invoices: invoicesPageParts,
  payments: paymentsPageParts,
  studies: studiesPageParts,
  schedules: schedulesPageParts,
  teachers: teachersPageParts,
  analytics: analyticsPageParts,
  reports: studyReportsPageParts,
  imports: importsPageParts,
};

/** Every admin page, declaration and parts, in navbar order: routes and links are made from it. */
export const adminPages: readonly AdminPage[] = ADMIN_PAGE_IDS.map((id) => ({
  ...ADMIN_PAGES[id],
  ...PARTS[id],
}));
