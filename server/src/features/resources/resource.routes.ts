import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { findResource, type Operation, type ResourceDef } from '@school/shared/resources';
import { AppError } from '../../platform/http/app-error.js';
import { authOf } from '../../platform/security/session-guard.js';
import {
  listResourceJson,
  parseId,
  readResource,
  rowVersion,
} from '../../resource-engine/resource-reader.js';
import { ifMatchOf, setVersion } from '../../platform/http/if-match.js';
import { setListBody } from '../../platform/http/conditional-list.js';
import { createResource, deleteResource, updateResource } from '../../resource-engine/resource-writer.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { StatementMemo } from '../../resource-engine/statement-memo.js';
import { registerStudyChildrenRoutes } from './study-children.routes.js';

/**
 * Generic CRUD for every resource of the registry (shared/src/resources), under /api. Paths
 * the registry does not know, operations a resource does not offer (business commands such as
 * subscription generation) and non-numeric ids are first left to routers mounted later; only
 * when nobody answers do we reply (404 / 405 / 400).
 */
export function resourceRoutes(knex: Knex, hooks: HookRegistry): Router {
  const router = new Router({ prefix: '/api' });
  const statements = new StatementMemo();
  const engine = (ctx: Context) => ({ knex, hooks, auth: authOf(ctx), language: ctx.lang, statements });
  const writeRequest = (ctx: Context) => ({
    ...engine(ctx),
    t: ctx.t,
    body: { ...(ctx.request.body ?? {}) },
    query: ctx.querystring,
    version: {
      ifMatch: ctx.method === 'POST' ? undefined : ifMatchOf(ctx),
      written: undefined as Date | undefined,
    },
  });

  registerStudyChildrenRoutes(router, knex, hooks);
  router.get(
    '/:resource',
    handle('list', false, async (ctx, resource) => {
      // JSON text from PostgreSQL, sent as is (resource-engine/json-page.ts); a calendar's is large.
      // With an ETag: 304 when the caller holds this very answer (platform/http/conditional-list.ts).
      setListBody(ctx, await listResourceJson(engine(ctx), resource, ctx.querystring));
    }),
  );
  router.get(
    '/:resource/:id',
    handle('read', true, async (ctx, resource, id) => {
      const version = await rowVersion(engine(ctx), resource, id);
      ctx.body = { data: await readResource(engine(ctx), resource, id, ctx.querystring) };
      // The row's version (issue 34): what an update's If-Match names.
      setVersion(ctx, version);
    }),
  );
  router.post(
    '/:resource',
    handle('create', false, async (ctx, resource) => {
      const req = writeRequest(ctx);
      ctx.body = { data: await createResource(req, resource) };
      ctx.status = 201;
      setVersion(ctx, req.version.written);
    }),
  );
  // With If-Match (docs/api.md "Offline writes"): written only while the row has that version.
  const update = handle('update', true, async (ctx, resource, id) => {
    const req = writeRequest(ctx);
    ctx.body = { data: await updateResource(req, resource, id) };
    setVersion(ctx, req.version.written);
  });
  router.patch('/:resource/:id', update);
  router.put('/:resource/:id', update);
  router.delete(
    '/:resource/:id',
    handle('delete', true, async (ctx, resource, id) => {
      await deleteResource(engine(ctx), resource, id);
      ctx.status = 204;
    }),
  );
  // A POST on an item is a form submit whose `_method` was missing or unknown: answer the error
  // envelope ourselves, or an earlier router's allowedMethods() replies a bare text 405.
  router.post('/:resource/:id', async (ctx, next) => {
    await next();
    if (findResource(ctx.params.resource) && unanswered(ctx)) {
      throw new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
    }
  });
  return router;
}

type Handler = (ctx: Context, resource: ResourceDef, id: number) => Promise<void>;

const unanswered = (ctx: Context) => ctx.status === 404 && ctx.body === undefined;

/**
 * One middleware per route, so that falling through with next() reaches routers mounted later
 * (e.g. `/api/studies/initiator-options`, or a command at `POST /api/subscriptions`): unknown
 * resources, operations a resource does not offer and non-numeric ids are only answered by us
 * (404 / 405 / 400) when nobody downstream did.
 */
function handle(op: Operation, withId: boolean, fn: Handler) {
  return async (ctx: Context, next: Next) => {
    const resource = findResource(ctx.params.resource);
    if (!resource || resource.operations.length === 0) return next();
    if (!resource.operations.includes(op)) {
      await next();
      if (unanswered(ctx)) throw new AppError(405, 'method_not_allowed', 'resources.method_not_allowed');
      return;
    }
    let id = 0;
    if (withId) {
      if (!/^\d+$/.test(ctx.params.id)) {
        await next();
        if (unanswered(ctx)) parseId(ctx.params.id);
        return;
      }
      id = parseId(ctx.params.id);
    }
    await fn(ctx, resource, id);
  };
}
