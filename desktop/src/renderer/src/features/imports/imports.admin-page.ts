import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { ImportPage } from './import-page';

/** The Import page's parts; its path, title and access are ADMIN_PAGES.imports (common/admin-pages.ts). */
export const importsPageParts: AdminPageParts = { Table: ImportPage };
