import type { AdminPageParts } from '../../kit/admin-forms/admin-page';
import { subscriptionFormDefinition } from './subscription-form-route';
import { SubscriptionsTablePage } from './subscriptions-table-page';

/** The subscriptions admin page's parts; its path, title and access are ADMIN_PAGES.subscriptions (common/admin-pages.ts). */
export const subscriptionsPageParts: AdminPageParts = {
  Table: SubscriptionsTablePage,
  form: subscriptionFormDefinition,
};
