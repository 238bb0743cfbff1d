// The public face of features/subscriptions: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createSubscriptionsModule } from './subscriptions.module.js';
export {
  coveredStudiesSql,
  lastPaidStudySql,
  positionInSubscriptionSql,
  STUDY_START_OF_ROW,
} from './subscriptions.sql.js';
