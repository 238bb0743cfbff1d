// The public face of features/teachers-listing: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createTeachersListingModule } from './teachers-listing.module.js';
