import type { Context } from 'koa';
import { RESOURCES } from '@school/shared/resources';

/**
 * The route pattern that answered a request (`/api/studies/:id`), for logs and metrics: set by
 * @koa/router on the context of every route layer it runs (`_matchedRoute`, also `routerPath`),
 * so it does not depend on how the app mounts its routers. Without a route: the static apps,
 * socket.io's polling, or nothing at all (a 404), each one label so that a client cannot make up
 * new label values with new paths.
 */
export function routePatternOf(ctx: Context): string {
  const c = ctx as Context & { _matchedRoute?: unknown; routerPath?: unknown };
  const matched = c._matchedRoute ?? c.routerPath;
  if (typeof matched === 'string' && matched) {
    // The generic CRUD routes serve every resource of the registry: name it (a bounded set).
    const resource = (ctx.params as Record<string, string> | undefined)?.resource;
    return matched.includes(':resource') && resource && Object.hasOwn(RESOURCES, resource)
      ? matched.replace(':resource', resource)
      : matched;
  }
  if (ctx.state.routePattern) return ctx.state.routePattern;
  if (ctx.status === 404) return '(unmatched)';
  return ctx.path.startsWith('/api') ? '(api)' : '(static)';
}

declare module 'koa' {
  interface DefaultState {
    /** A route outside @koa/router names itself here (/healthz, /metrics). */
    routePattern?: string;
  }
}
