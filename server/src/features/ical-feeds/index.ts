// The public face of features/ical-feeds: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createIcalFeedsModule } from './ical-feeds.module.js';
