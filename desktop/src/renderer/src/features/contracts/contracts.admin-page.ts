import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { contractFormDefinition } from './contract-form-route';
import { ContractsTablePage } from './contracts-table-page';

/** The contracts admin page's parts; its path, title and access are ADMIN_PAGES.contracts (common/admin-pages.ts). */
export const contractsPageParts: AdminPageParts = { Table: ContractsTablePage, form: contractFormDefinition };
