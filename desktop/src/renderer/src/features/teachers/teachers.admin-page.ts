import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { TeachersTablePage } from './teachers-table-page';

/** The teachers admin page's parts; its path, title and access are ADMIN_PAGES.teachers (common/admin-pages.ts). */
export const teachersPageParts: AdminPageParts = { Table: TeachersTablePage };
