import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { createPgPool } from '@school/server/src/platform/db/pg-client.js';

/**
 * The admin studies page (`sort[]=-start&with[]=users&with[]=subscriptions`, page 1) written by
 * hand: the session and user look-ups every endpoint needs, then page, count, participants with
 * their role, packages; the same rows and nesting as the API's answer, served by bare node:http.
 * What is left between the two is the engine, Koa, the middleware and knex.
 */
const USER_COLUMNS = `u.id, u.role_id, u.firstname, u.surname, u.patronymic, u.full_name, u.email, u.source_id,
  u.responsible_type_id, u.active, u.viber_id, u.telegram_id, u.zoom, u.googlemeet,
  to_char(u.birthdate, 'YYYY-MM-DD') AS birthdate, u.created_at,
  json_build_object('telegram', u.telegram_id IS NOT NULL, 'viber', u.viber_id IS NOT NULL) AS bots_connected`;

type Row = Record<string, unknown>;

async function page(pool: pg.Pool, token: string, perPage: number) {
  const sessionId = createHash('sha256').update(token).digest('hex');
  const s = await pool.query('SELECT user_id FROM sessions WHERE id = $1 AND expires_at > now() LIMIT 1', [
    sessionId,
  ]);
  await pool.query('SELECT id, role_id, active FROM users WHERE id = $1 LIMIT 1', [s.rows[0].user_id]);
  const rows = (
    await pool.query(
      `SELECT id, start, "end", type_id, trial, comment, miss_status, created_by, created_at
       FROM studies ORDER BY start DESC, id DESC LIMIT $1`,
      [perPage],
    )
  ).rows as Row[];
  const total = Number((await pool.query('SELECT count(*) AS n FROM studies')).rows[0].n);
  const ids = rows.map((r) => r.id);
  const users = (
    await pool.query(
      `SELECT su.study_id, su.role_id AS pivot_role_id, su.subscription_id AS pivot_subscription_id, ${USER_COLUMNS}, r.name AS role_name
       FROM study_user su JOIN users u ON u.id = su.user_id JOIN roles r ON r.id = u.role_id
       WHERE su.study_id = ANY($1) ORDER BY u.id`,
      [ids],
    )
  ).rows as Row[];
  const subscriptions = (
    await pool.query(
      `SELECT su.study_id, s.id, s.contract_id, s.studies_template_type_id, s.price_per_study, s.eur_rate,
         s.eur_price_per_study, s.studies_per_week, s.created_by, s.created_at,
         (SELECT coalesce(sum(i.amount), 0) FROM invoices i WHERE i.subscription_id = s.id AND i.payed_at IS NOT NULL)::bigint
           AS invoices_payed_amount
       FROM study_user su JOIN subscriptions s ON s.id = su.subscription_id
       WHERE su.study_id = ANY($1) ORDER BY s.id DESC`,
      [ids],
    )
  ).rows as Row[];
  const byStudy = new Map<unknown, Row>(rows.map((r) => [r.id, { ...r, users: [], subscriptions: [] }]));
  for (const { study_id, pivot_role_id, pivot_subscription_id, role_name, ...user } of users) {
    (byStudy.get(study_id)!.users as Row[]).push({
      ...user,
      pivot: { role_id: pivot_role_id, subscription_id: pivot_subscription_id },
      role: { id: user.role_id, name: role_name },
    });
  }
  for (const { study_id, ...sub } of subscriptions) (byStudy.get(study_id)!.subscriptions as Row[]).push(sub);
  return {
    data: [...byStudy.values()],
    meta: { current_page: 1, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

/** Starts the bare server; GET / answers the page for the session `token`. */
export async function startHandStudiesServer(dbUrl: string, token: string, perPage: number) {
  const pool = createPgPool({ connectionString: dbUrl, max: 10 });
  const server = http.createServer((_req, res) => {
    page(pool, token, perPage).then(
      (body) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      },
      (err) => {
        res.statusCode = 500;
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}
