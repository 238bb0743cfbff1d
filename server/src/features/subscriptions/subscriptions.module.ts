import type { FeatureModule } from '../feature-module.js';
import { subscriptionsHooks } from './subscriptions.sql.js';

/** Subscriptions: paid amounts, unpaid, last paid study and the row scope. */
export function createSubscriptionsModule(): FeatureModule {
  return { name: 'subscriptions', resourceHooks: { subscriptions: subscriptionsHooks } };
}
