import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { invoiceFormDefinition } from './invoice-form-route';
import { InvoicesTablePage } from './invoices-table-page';

/** The invoices admin page's parts; its path, title and access are ADMIN_PAGES.invoices (common/admin-pages.ts). */
export const invoicesPageParts: AdminPageParts = { Table: InvoicesTablePage, form: invoiceFormDefinition };
