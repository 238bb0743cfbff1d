import type Router from '@koa/router';
import type { RealtimeChannel, RealtimeNotification } from '../platform/realtime/realtime.types.js';
import type { HookSet } from '../resource-engine/resource-hooks.js';

/**
 * Where a module's router sits in the request pipeline (app.ts mounts the stages in this order,
 * and within a stage in the order of the composition root's list, server/src/modules.ts):
 * - `feeds`: no session, before the SPA fallback (calendar apps fetch iCal feeds signed out);
 * - `public`: the session is loaded but not required (sign-in, password reset); 405s answered;
 * - `uploads`: a session is required; before the form parser, which refuses file content: routes
 *   that take files check the caller, then read the body with `multipart(...)` and their own
 *   limits; anything else they pass on (e.g. a JSON `PATCH /api/studies/:id`);
 * - `commands`: a session is required; the router answers its own 405s;
 * - `chained`: a session is required; unmatched methods fall through to the generic resource
 *   routes (PATCH /api/studies/:id is the study command, GET /api/studies/:id the generic read);
 * - `resources`: the generic CRUD, last.
 */
export type RouteStage = 'feeds' | 'public' | 'uploads' | 'commands' | 'chained' | 'resources';

export interface ModuleRoute {
  stage: RouteStage;
  router: Router;
}

/**
 * What one feature contributes to the app, built by its `create<Feature>Module(deps)` from plain
 * dependencies (knex, a logger, other modules' services): no HTTP needed to reach its services,
 * so a bot, a worker or a test builds the same module the app mounts.
 */
export interface FeatureModule<S extends object = object> extends HookSet {
  name: string;
  routes?: readonly ModuleRoute[];
  /** The feature's services, for other modules and for callers without HTTP. */
  services?: S;
  /** Socket handlers the feature adds to the app's session-authenticated sockets (the chat). */
  channels?: readonly RealtimeChannel[];
  /** Database notifications the feature forwards to sockets (invoice changes). */
  notifications?: readonly RealtimeNotification[];
}
