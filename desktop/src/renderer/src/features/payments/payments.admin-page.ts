import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { PaymentsTablePage } from './payments-table-page';

/** The payments admin page's parts; its path, title and access are ADMIN_PAGES.payments (common/admin-pages.ts). */
export const paymentsPageParts: AdminPageParts = { Table: PaymentsTablePage };
