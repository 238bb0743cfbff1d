import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';

/** The literal start of a route path: up to its first parameter, wildcard, group or escape. */
const DYNAMIC = /[:*{(\\]/;

/**
 * Every path one of `router`'s layers can match starts with one of these (lower case: routes
 * match case-insensitively). A layer without a literal start (a bare `router.use(fn)`) gives '',
 * which every path starts with.
 */
export function routePrefixes(router: Router): string[] {
  const prefixes = new Set<string>();
  for (const layer of router.stack) {
    const p = typeof layer.path === 'string' ? layer.path : '';
    const cut = p.search(DYNAMIC);
    prefixes.add((cut < 0 ? p : p.slice(0, cut)).toLowerCase());
  }
  // A prefix covered by a shorter one adds nothing to test.
  const sorted = [...prefixes].sort((a, b) => a.length - b.length);
  return sorted.filter((p, i) => !sorted.slice(0, i).some((shorter) => p.startsWith(shorter)));
}

/**
 * `router.routes()` behind a test of the request path against the router's literal prefixes:
 * a router none of whose routes can match is passed over without running its matcher (each
 * router tests every layer's regular expression on every request it sees; there are ~35).
 * What a passed-over router would have done is kept: it matches nothing, so it only makes sure
 * `ctx.matched` is a list (allowedMethods() reads it: a method no router implements is a 405).
 */
export function prefixRoutes(router: Router): Middleware {
  const routes = router.routes() as unknown as Middleware;
  const prefixes = routePrefixes(router);
  if (prefixes.includes('')) return routes;
  return (ctx: Context, next: Next) => {
    const path = ctx.path.toLowerCase();
    for (const prefix of prefixes) if (path.startsWith(prefix)) return routes(ctx, next);
    const c = ctx as Context & { matched?: unknown[] };
    c.matched ??= [];
    return next();
  };
}
