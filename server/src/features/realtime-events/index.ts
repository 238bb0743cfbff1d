// The public face of features/realtime-events: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { realtimeEventsFor } from './realtime-events.setup.js';
export { createSessionAuthenticator } from './socket-session.auth.js';
