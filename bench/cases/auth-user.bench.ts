import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { createPgPool } from '@school/server/src/platform/db/pg-client.js';
import { compare, get } from '../support/measure.js';
import { signIn, startBenchServer } from '../support/bench-env.js';
import type { BenchContext } from '../run.js';

/** Requests each side answers before it is measured. */
const WARM_UP_REQUESTS = 3000;

/**
 * GET /api/user through the whole stack (Koa, middleware, session, knex, abilities) against a
 * bare node:http + pg endpoint that runs the same two queries (session, then user). The ratio
 * is the price of the framework and of our middleware per request.
 */
export async function authUserBench(ctx: BenchContext) {
  const app = await startBenchServer(ctx.knex);
  const cookie = await signIn(app.url, 'teacher@example.com');
  const token = decodeURIComponent(cookie.split('=')[1]);
  const pool = createPgPool({ connectionString: ctx.dbUrl, max: 10 });
  const bare = http.createServer(async (_req, res) => {
    const id = createHash('sha256').update(token).digest('hex');
    const s = await pool.query(
      'SELECT id, user_id, role_id_override, remember, expires_at, last_seen_at FROM sessions WHERE id = $1 AND expires_at > now() LIMIT 1',
      [id],
    );
    const u = await pool.query(
      'SELECT id, role_id, firstname, surname, patronymic, email, password, active FROM users WHERE id = $1 LIMIT 1',
      [s.rows[0].user_id],
    );
    const { password: _p, ...user } = u.rows[0];
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ data: user }));
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const headers = { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' };
  if ((await get(`${app.url}/api/user`, headers)) !== 200)
    throw new Error('GET /api/user did not answer 200');
  // Both sides warmed up past the JIT's first tiers (measure() warms 50 calls): the Koa side runs
  // far more JavaScript, so a cold comparison counts mostly interpreter time, not a server's steady state.
  for (let i = 0; i < WARM_UP_REQUESTS; i++)
    await Promise.all([get(`${app.url}/api/user`, headers), get(bareUrl)]);
  const result = await compare(
    () => get(`${app.url}/api/user`, headers),
    () => get(bareUrl),
  );
  await new Promise<void>((r) => bare.close(() => r()));
  await pool.end();
  await app.close();
  return {
    name: 'auth_user_get',
    description:
      'GET /api/user (Koa + knex + session + abilities) vs bare node:http + pg running the same queries',
    koa_knex: result.a,
    bare_node_pg: result.b,
    ratio_p50: result.ratio_p50,
    // Issue 35 point 3: throughput at least 0.7x the bare server's, measured in this run.
    ratio_rps: result.ratio_rps,
    ratio_rps_target: 0.7,
    ratio_rps_within_target: result.ratio_rps >= 0.7,
    // CPU per request of this process (client + server); less disturbed by a busy machine.
    ratio_cpu: result.ratio_cpu,
    warm_up_requests: WARM_UP_REQUESTS,
    load_average_1min: Math.round(os.loadavg()[0] * 10) / 10,
  };
}
