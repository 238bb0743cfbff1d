import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { studyFormDefinition } from './study-form-route';
import { StudiesTablePage } from './studies-table-page';

/** The studies admin page's parts; its path, title and access are ADMIN_PAGES.studies (common/admin-pages.ts). */
export const studiesPageParts: AdminPageParts = { Table: StudiesTablePage, form: studyFormDefinition };
