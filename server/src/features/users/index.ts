// The public face of features/users: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createUsersModule } from './users.module.js';
