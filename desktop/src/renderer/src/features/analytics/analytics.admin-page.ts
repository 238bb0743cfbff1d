import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { AnalyticsLazyPage } from './analytics-lazy-page';

/** The analytics admin page's parts; its path, title and access are ADMIN_PAGES.analytics (common/admin-pages.ts). */
export const analyticsPageParts: AdminPageParts = { Table: AnalyticsLazyPage };
