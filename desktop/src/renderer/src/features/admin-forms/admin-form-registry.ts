import { scheduleFormDefinition } from '../schedules/schedule-form-route';
import { studyFormDefinition } from '../studies/study-form-route';
import { userFormDefinition } from '../users/user-form-route';
import { contractFormDefinition } from '../contracts/contract-form-route';
import { invoiceFormDefinition } from '../invoices/invoice-form-route';
import { subscriptionFormDefinition } from '../subscriptions/subscription-form-route';
import type { AdminFormDefinition } from './admin-form.types';

/**
 * Each admin page's form (`?create`, `?edit=<id>`), by page path: the page's Add and pencil
 * buttons appear once its form is here. One line per form.
 */
export const adminFormRegistry: Readonly<Record<string, AdminFormDefinition>> = {
  [studyFormDefinition.pagePath]: studyFormDefinition,
  [userFormDefinition.pagePath]: userFormDefinition,
  [scheduleFormDefinition.pagePath]: scheduleFormDefinition,
  [contractFormDefinition.pagePath]: contractFormDefinition,
  [subscriptionFormDefinition.pagePath]: subscriptionFormDefinition,
  [invoiceFormDefinition.pagePath]: invoiceFormDefinition,
};

export function adminFormOf(pagePath: string): AdminFormDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(adminFormRegistry, pagePath)
    ? adminFormRegistry[pagePath]
    : undefined;
}
