// The public face of features/subscription-plans: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createSubscriptionPlansModule } from './subscription-plans.module.js';
