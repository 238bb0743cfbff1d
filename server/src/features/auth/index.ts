// The public face of features/auth: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createAuthModule } from './auth.module.js';
export { loadSession } from './session.middleware.js';
export { createAuthRepository, type AuthRepository } from './auth.repository.js';
export { createSessionRepository } from './session.repository.js';
export { buildAuthState, resolveSession } from './auth-user.js';
