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
 * One stage's routers in one middleware, in their order: the request path is tested against each
 * router's literal prefixes once, and only the routers that can match run (each would test every
 * layer's regular expression on every request it sees; there are ~35 in all). What a passed-over
 * router would have done is kept: it matches nothing, so it only makes sure `ctx.matched` is a list
 * (allowedMethods() reads it: a method no router implements is a 501/405).
 */
export function stageRoutes(routers: readonly Router[]): Middleware & { routers: readonly Router[] } {
  const entries = routers.map((router) => ({
    prefixes: routePrefixes(router),
    routes: router.routes() as unknown as Middleware,
  }));
  const canMatch = (entry: (typeof entries)[number], path: string) =>
    entry.prefixes.some((prefix) => path.startsWith(prefix));
  const dispatch = (ctx: Context, next: Next) => {
    const path = ctx.path.toLowerCase();
    // Most paths reach one router of a stage, or none: no list is made for them (every request passes each stage).
    let only: (typeof entries)[number] | undefined;
    let count = 0;
    for (const entry of entries) {
      if (canMatch(entry, path)) {
        only ??= entry;
        count++;
      }
    }
    if (!only) {
      const c = ctx as Context & { matched?: unknown[] };
      c.matched ??= [];
      return next();
    }
    if (count === 1) return only.routes(ctx, next);
    const candidates = entries.filter((e) => canMatch(e, path));
    const run = (i: number): Promise<unknown> =>
      i === candidates.length ? next() : Promise.resolve(candidates[i].routes(ctx, () => run(i + 1)));
    return run(0);
  };
  // The routers it holds stay visible, as router.routes() shows its router: the route drills list
  // every mounted route from the app's middleware.
  return Object.assign(dispatch, { routers });
}

/** One router behind the prefix test (stageRoutes of one). */
export const prefixRoutes = (router: Router): Middleware => stageRoutes([router]);
