import type Router from '@koa/router';
import type Koa from 'koa';
import { RESOURCES, type Operation } from '@school/shared/resources';

export const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type StateChangingMethod = (typeof STATE_CHANGING)[number];

export interface RouterRoute {
  method: string;
  /** The path as registered, prefix included (`/api/:resource/:id`). */
  pattern: string;
}

export interface ConcreteRoute extends RouterRoute {
  /** A path the route answers, its parameters filled in. */
  path: string;
  /** For the generic `/api/:resource…` routes: the registry resource filled in. */
  resource?: string;
}

/**
 * Every route of a built app, read from the routers the app actually mounted (@koa/router's
 * `routes()` middleware carries its router, a stageRoutes dispatcher its routers), so a route added anywhere shows up here without
 * any list to keep in sync.
 */
export function routesOf(app: Koa): RouterRoute[] {
  const routers = new Set<Router>();
  for (const mw of app.middleware) {
    // A router's own middleware names it; a stage's dispatcher (router-dispatch.ts) names its routers.
    const { router, routers: held } = mw as { router?: Router; routers?: readonly Router[] };
    if (router) routers.add(router);
    for (const r of held ?? []) routers.add(r);
  }
  const out = new Map<string, RouterRoute>();
  for (const router of routers) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        // @koa/router adds HEAD to every GET; a HEAD of its own (tus) is a route of its own.
        if (method === 'HEAD' && layer.methods.includes('GET')) continue;
        const route = { method, pattern: String(layer.path) };
        out.set(`${method} ${route.pattern}`, route);
      }
    }
  }
  return [...out.values()];
}

const OPERATION_OF: Record<StateChangingMethod | 'GET', Operation> = {
  GET: 'list',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * Fills the parameters in: `:resource` becomes each registry resource that offers the method's
 * operation (a GET on an item: read; a POST on an item, the form submit whose `_method` was lost,
 * every resource that updates or deletes), any other parameter `1`. A pattern this cannot fill (a regular expression,
 * a wildcard) throws, so no route is silently left out.
 */
export function concreteRoutes(routes: RouterRoute[]): ConcreteRoute[] {
  const out: ConcreteRoute[] = [];
  for (const route of routes) {
    const fill = (resource?: string) =>
      route.pattern.replace(/:(\w+)\??/g, (_m, name: string) => (name === 'resource' ? resource! : '1'));
    if (/[()*]/.test(route.pattern))
      throw new Error(`cannot fill in the route ${route.method} ${route.pattern}`);
    if (!route.pattern.includes(':resource')) {
      out.push({ ...route, path: fill() });
      continue;
    }
    const method = route.method as StateChangingMethod | 'GET';
    const onItem = /:resource\/:id$/.test(route.pattern);
    const wanted: Operation[] =
      method === 'POST' && onItem
        ? ['update', 'delete']
        : method === 'GET' && onItem
          ? ['read']
          : [OPERATION_OF[method]];
    for (const def of Object.values(RESOURCES)) {
      if (def.operations.some((op) => wanted.includes(op)))
        out.push({ ...route, path: fill(def.name), resource: def.name });
    }
  }
  return out;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
