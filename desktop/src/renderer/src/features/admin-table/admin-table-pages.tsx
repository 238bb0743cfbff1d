import type { ComponentType } from 'react';
import type { RouteParams } from '@school/shared/ui';
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
import { USERS_PAGE } from './admin-table-cells';
import { UsersTablePage } from './users-table-page';

/** The admin pages that have their table, by path (the others stay placeholders until theirs land). */
export const adminTablePages: Readonly<Record<string, ComponentType<{ params: RouteParams }>>> = {
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
