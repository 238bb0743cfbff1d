import { calendarKeys } from '../../kit/calendar-data/calendar-api';
import { adminFormOverlay } from '../../kit/admin-forms/admin-form-route';
import type { AdminFormDefinition } from '../../kit/admin-forms/admin-form.types';
import { SUBSCRIPTION_PRESET_TYPES } from './subscription-form.mapper';
import { SubscriptionForm } from './subscription-form';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const SUBSCRIPTIONS_PAGE = ADMIN_PAGES.subscriptions.path;

/**
 * `/admin/subscriptions?create&…`, `?create&copy_of=<id>` (prolong) and `?edit=<id>`: the package
 * form over its page; a save generates studies, so the calendars refetch too.
 */
export const subscriptionFormDefinition: AdminFormDefinition = {
  resource: 'subscriptions',
  pagePath: SUBSCRIPTIONS_PAGE,
  Form: SubscriptionForm,
  texts: {
    createTitle: 'moneyForms.subscription.createTitle',
    editTitle: 'moneyForms.subscription.editTitle',
    created: 'moneyForms.subscription.created',
    saved: 'moneyForms.subscription.saved',
  },
  presetTypes: SUBSCRIPTION_PRESET_TYPES,
  invalidates: [calendarKeys.all, ['resources', 'studies']],
  className: 'money-form-dialog',
};

export const SubscriptionFormRoute = adminFormOverlay(subscriptionFormDefinition);
