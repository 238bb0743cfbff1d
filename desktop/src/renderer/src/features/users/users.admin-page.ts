import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { userFormDefinition } from './user-form-route';
import { UsersTablePage } from './users-table-page';

/** The users admin page's parts; its path, title and access are ADMIN_PAGES.users (common/admin-pages.ts). */
export const usersPageParts: AdminPageParts = { Table: UsersTablePage, form: userFormDefinition };
