import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { scheduleFormDefinition } from './schedule-form-route';
import { SchedulesTablePage } from './schedules-table-page';

/** The schedules admin page's parts; its path, title and access are ADMIN_PAGES.schedules (common/admin-pages.ts). */
export const schedulesPageParts: AdminPageParts = { Table: SchedulesTablePage, form: scheduleFormDefinition };
