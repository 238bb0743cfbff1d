import type { ComponentType } from 'react';
import type { RouteParams } from '@school/shared/ui';
import type { AdminPath } from '../shell/admin-links';
import { AnalyticsLazyPage } from '../analytics/analytics-lazy-page';
import { SCHEDULES_PAGE } from '../schedules/schedule-form-route';
import { SchedulesTablePage } from '../schedules/schedules-table-page';
import { STUDY_REPORTS_PAGE } from '../study-reports/study-report-form-route';
import { CONTRACTS_PAGE } from '../contracts/contract-form-route';
import { ContractsTablePage } from '../contracts/contracts-table-page';
import { INVOICES_PAGE } from '../invoices/invoice-form-route';
import { InvoicesTablePage } from '../invoices/invoices-table-page';
import { SUBSCRIPTIONS_PAGE } from '../subscriptions/subscription-form-route';
import { SubscriptionsTablePage } from '../subscriptions/subscriptions-table-page';
import { STUDIES_TABLE_PAGE, StudiesTablePage } from './studies-table-page';
import { StudyReportsTablePage } from './study-reports-table-page';
import { TEACHERS_PAGE, TeachersTablePage } from './teachers-table-page';
import { USERS_PAGE } from '../users/user-form-route';
import { UsersTablePage } from './users-table-page';

/** Each admin link's page, by path: the compiler refuses a link without one (or a page without a link). */
export const adminTablePages: Readonly<Record<AdminPath, ComponentType<{ params: RouteParams }>>> = {
  [USERS_PAGE]: UsersTablePage,
  [STUDIES_TABLE_PAGE]: StudiesTablePage,
  [TEACHERS_PAGE]: TeachersTablePage,
  [STUDY_REPORTS_PAGE]: StudyReportsTablePage,
  [SCHEDULES_PAGE]: SchedulesTablePage,
  [CONTRACTS_PAGE]: ContractsTablePage,
  [SUBSCRIPTIONS_PAGE]: SubscriptionsTablePage,
  [INVOICES_PAGE]: InvoicesTablePage,
  '/admin/analytics': AnalyticsLazyPage,
};
