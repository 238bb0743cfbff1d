import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePrefixes, stageRoutes } from './router-dispatch.js';

describe('routePrefixes', () => {
  it('the literal start of each route, lower case, the shorter covering the longer', () => {
    const r = new Router({ prefix: '/api' });
    r.get('/studies/:id/recordings', () => {});
    r.get('/studies/:id', () => {});
    r.post('/Role/switch', () => {});
    expect(routePrefixes(r).sort()).toEqual(['/api/role/switch', '/api/studies/']);
    const generic = new Router({ prefix: '/api' });
    generic.get('/:resource', () => {});
    expect(routePrefixes(generic)).toEqual(['/api/']);
  });
});

describe('stageRoutes', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    const studies = new Router({ prefix: '/api' });
    studies.get('/studies/:id', (ctx) => {
      ctx.body = { study: ctx.params.id };
    });
    const user = new Router({ prefix: '/api' });
    user.use(async (_ctx, next) => {
      seen.push('user-router middleware');
      await next();
    });
    user.get('/user', (ctx) => {
      ctx.body = { user: true };
    });
    const app = new Koa();
    // One allowedMethods for both (as app.ts mounts them), and the stage's routers in order.
    app.use(user.allowedMethods());
    app.use(stageRoutes([user, studies]));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = (method: string, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, method, path }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject)
        .end();
    });

  it('routes as router.routes() does, case-insensitively, with params', async () => {
    expect(await call('GET', '/api/studies/7')).toEqual({ status: 200, body: '{"study":"7"}' });
    expect((await call('GET', '/API/User')).status).toBe(200);
    expect((await call('GET', '/api/nothing')).status).toBe(404);
  });

  it('keeps the 405 and 501 answers of allowedMethods, and a passed-over router runs none of its middleware', async () => {
    seen.length = 0;
    expect((await call('POST', '/api/studies/7')).status).toBe(405);
    expect((await call('PROPFIND', '/api/studies/7')).status).toBe(501);
    // No route matched anywhere, but the routers' methods are known: an unknown one is still a 501.
    expect((await call('PROPFIND', '/elsewhere')).status).toBe(501);
    expect(seen).toEqual([]);
  });
});
