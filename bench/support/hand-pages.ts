import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPgPool } from '@school/server/src/platform/db/pg-client.js';

/**
 * The floor of the admin list pages (issue 20): for each page, ONE hand-written SQL statement
 * that builds the whole answer (rows, relations, total) as JSON text in PostgreSQL, served by bare
 * node:http + pg with no session, no framework and no parsing: the text goes out as it came in.
 * Each statement answers exactly what the engine answers for the page (the bench compares them
 * deep-equal and fails when they differ), so the gap between the two is the engine's own cost.
 */

/** A timestamptz as JavaScript's Date#toJSON writes it (UTC, milliseconds, Z). */
const ts = (x: string) => `to_char(${x} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const list = (select: string) => `coalesce((${select}), '[]'::json)`;

/** A user as every relation answers one (default fields, bots_connected, its role). */
const user = (u: string, extra = '') => `json_build_object(
  'id', ${u}.id, 'role_id', ${u}.role_id, 'firstname', ${u}.firstname, 'surname', ${u}.surname,
  'patronymic', ${u}.patronymic, 'full_name', ${u}.full_name, 'email', ${u}.email, 'source_id', ${u}.source_id,
  'responsible_type_id', ${u}.responsible_type_id, 'active', ${u}.active, 'viber_id', ${u}.viber_id,
  'telegram_id', ${u}.telegram_id, 'zoom', ${u}.zoom, 'googlemeet', ${u}.googlemeet,
  'birthdate', to_char(${u}.birthdate, 'YYYY-MM-DD'), 'created_at', ${ts(`${u}.created_at`)},
  'bots_connected', json_build_object('telegram', ${u}.telegram_id IS NOT NULL, 'viber', ${u}.viber_id IS NOT NULL),
  'role', (SELECT json_build_object('id', r.id, 'name', r.name) FROM roles r WHERE r.id = ${u}.role_id)${extra})`;
const userById = (idExpr: string, alias: string, extra = '') =>
  `(SELECT ${user(alias, extra)} FROM users ${alias} WHERE ${alias}.id = ${idExpr})`;

const study = (
  s: string,
  extra = '',
) => `json_build_object('id', ${s}.id, 'start', ${ts(`${s}.start`)}, 'end', ${ts(`${s}."end"`)},
  'type_id', ${s}.type_id, 'trial', ${s}.trial, 'comment', ${s}.comment, 'miss_status', ${s}.miss_status,
  'created_by', ${s}.created_by, 'created_at', ${ts(`${s}.created_at`)}${extra})`;

const contract = (
  c: string,
  extra = '',
) => `json_build_object('id', ${c}.id, 'student_id', ${c}.student_id, 'payer_id', ${c}.payer_id,
  'template_id', ${c}.template_id, 'discipline_id', ${c}.discipline_id, 'invoice_template_id', ${c}.invoice_template_id,
  'end_at', ${ts(`${c}.end_at`)}, 'document_name', ${c}.document_name, 'created_by', ${c}.created_by,
  'created_at', ${ts(`${c}.created_at`)}${extra})`;

const phones = (userId: string) =>
  list(`SELECT json_agg(json_build_object('id', ph.id, 'user_id', ph.user_id, 'phone', ph.phone, 'type_id', ph.type_id) ORDER BY ph.id)
    FROM phones ph WHERE ph.user_id = ${userId}`);
const classes = (userId: string) =>
  list(`SELECT json_agg(json_build_object('id', cl.id, 'number', cl.number) ORDER BY cl.number, cl.id)
    FROM classification_user cu JOIN classifications cl ON cl.id = cu.classification_id WHERE cu.user_id = ${userId}`);

/** Page rows as `data`, plus `meta` with the total, in one statement. */
const envelope = (page: string, perPage: number, table: string, item: string, order: string) => `
  WITH page AS (${page})
  SELECT json_build_object(
    'data', ${list(`SELECT json_agg(${item} ORDER BY ${order}) FROM page t`)},
    'meta', json_build_object('current_page', 1, 'per_page', ${perPage}, 'total', n.total,
      'last_page', greatest(1, ceil(n.total / ${perPage}.0))::int)
  )::text AS body
  FROM (SELECT count(*) AS total FROM ${table}) n`;

const PER_PAGE = 100;
const SUBSCRIPTION_COLUMNS = [
  'id',
  'contract_id',
  'studies_template_type_id',
  'price_per_study',
  'eur_rate',
  'eur_price_per_study',
  'studies_per_week',
  'created_by',
  'created_at',
  'invoices_payed_amount',
  'studies_count',
  'last_paid_study',
];

const paid = (sub: string) =>
  `(SELECT coalesce(sum(i.amount), 0) FROM invoices i WHERE i.subscription_id = ${sub}.id AND i.payed_at IS NOT NULL)`;

export interface HandPage {
  name: string;
  /** The engine's request for the same page (Administrator, page 1 of 100 rows). */
  path: string;
  sql: string;
}

export const HAND_PAGES: HandPage[] = [
  {
    name: 'studies',
    path: `/api/studies?page=1&perpage=${PER_PAGE}&sort[]=-start&with[]=users&with[]=subscriptions`,
    sql: envelope(
      `SELECT * FROM studies ORDER BY start DESC, id DESC LIMIT ${PER_PAGE}`,
      PER_PAGE,
      'studies',
      study(
        't',
        `,
        'users', ${list(`SELECT json_agg(${user('u', `, 'pivot', json_build_object('role_id', su.role_id, 'subscription_id', su.subscription_id)`)} ORDER BY u.id)
          FROM study_user su JOIN users u ON u.id = su.user_id WHERE su.study_id = t.id`)},
        'subscriptions', ${list(`SELECT json_agg(json_build_object('id', sb.id, 'contract_id', sb.contract_id,
            'studies_template_type_id', sb.studies_template_type_id, 'price_per_study', sb.price_per_study, 'eur_rate', sb.eur_rate,
            'eur_price_per_study', sb.eur_price_per_study, 'studies_per_week', sb.studies_per_week, 'created_by', sb.created_by,
            'created_at', ${ts('sb.created_at')}, 'invoices_payed_amount', ${paid('sb')}) ORDER BY sb.id DESC)
          FROM study_user su JOIN subscriptions sb ON sb.id = su.subscription_id WHERE su.study_id = t.id`)}`,
      ),
      't.start DESC, t.id DESC',
    ),
  },
  {
    name: 'users',
    path: `/api/users?page=1&perpage=${PER_PAGE}&with[]=classes&with[]=notes&with[]=childs.phones&with[]=phones&with[]=responsibles.phones&with[]=responsibles.responsible_type`,
    sql: envelope(
      `SELECT * FROM users ORDER BY id DESC LIMIT ${PER_PAGE}`,
      PER_PAGE,
      'users',
      user(
        't',
        `,
        'classes', ${classes('t.id')},
        'notes', ${list(`SELECT json_agg(json_build_object('id', n.id, 'user_id', n.user_id, 'content', n.content, 'created_by', n.created_by,
            'created_at', ${ts('n.created_at')}) ORDER BY n.created_at DESC, n.id) FROM notes n WHERE n.user_id = t.id`)},
        'childs', ${list(`SELECT json_agg(${user('c', `, 'phones', ${phones('c.id')}`)} ORDER BY c.id DESC)
          FROM user_responsibles ur JOIN users c ON c.id = ur.child_id WHERE ur.responsible_id = t.id`)},
        'phones', ${phones('t.id')},
        'responsibles', ${list(`SELECT json_agg(${user(
          'p',
          `, 'phones', ${phones('p.id')},
            'responsible_type', (SELECT json_build_object('id', rt.id, 'name', rt.name) FROM responsible_types rt WHERE rt.id = p.responsible_type_id)`,
        )} ORDER BY p.id DESC)
          FROM user_responsibles ur JOIN users p ON p.id = ur.responsible_id WHERE ur.child_id = t.id`)}`,
      ),
      't.id DESC',
    ),
  },
  {
    name: 'subscriptions',
    path:
      `/api/subscriptions?page=1&perpage=${PER_PAGE}&${SUBSCRIPTION_COLUMNS.map((c) => `select[]=${c}`).join('&')}` +
      '&with[]=created_by&with[]=contract.student&with[]=contract.student.classes&with[]=contract.payer&with[]=type&with[]=studies',
    sql: envelope(
      `SELECT * FROM subscriptions ORDER BY id DESC LIMIT ${PER_PAGE}`,
      PER_PAGE,
      'subscriptions',
      `json_build_object('id', t.id, 'contract_id', t.contract_id, 'studies_template_type_id', t.studies_template_type_id,
        'price_per_study', t.price_per_study, 'eur_rate', t.eur_rate, 'eur_price_per_study', t.eur_price_per_study,
        'studies_per_week', t.studies_per_week, 'created_by', ${userById('t.created_by', 'cb')}, 'created_at', ${ts('t.created_at')},
        'invoices_payed_amount', ${paid('t')},
        'studies_count', (SELECT count(*) FROM study_user x WHERE x.subscription_id = t.id),
        'last_paid_study', (SELECT lp.id FROM (
            SELECT x.study_id AS id, row_number() OVER (ORDER BY lower(x.period), x.study_id) AS pos
            FROM study_user x WHERE x.subscription_id = t.id) lp
          WHERE lp.pos <= coalesce(CASE WHEN t.price_per_study = 0 THEN NULL ELSE ${paid('t')} / t.price_per_study END, lp.pos)
          ORDER BY lp.pos DESC LIMIT 1),
        'contract', (SELECT ${contract(
          'c',
          `,
            'student', ${userById('c.student_id', 'st', `, 'classes', ${classes('st.id')}`)},
            'payer', ${userById('c.payer_id', 'py')}`,
        )} FROM contracts c WHERE c.id = t.contract_id),
        'type', (SELECT json_build_object('id', ty.id, 'name', ty.name) FROM study_types ty WHERE ty.id = t.studies_template_type_id),
        'studies', ${list(`SELECT json_agg(${study('s')} ORDER BY s.start, s.id)
          FROM study_user x JOIN studies s ON s.id = x.study_id WHERE x.subscription_id = t.id`)})`,
      't.id DESC',
    ),
  },
  {
    name: 'invoices',
    path: `/api/invoices?page=1&perpage=${PER_PAGE}&with[]=created_by&with[]=contract.payer&with[]=invoicetemplate`,
    sql: envelope(
      `SELECT * FROM invoices ORDER BY id DESC LIMIT ${PER_PAGE}`,
      PER_PAGE,
      'invoices',
      `json_build_object('id', t.id, 'subscription_id', t.subscription_id, 'contract_id', t.contract_id, 'position', t.position,
        'amount', t.amount, 'payed_at', ${ts('t.payed_at')}, 'template_id', t.template_id,
        'created_by', ${userById('t.created_by', 'cb')}, 'created_at', ${ts('t.created_at')},
        'number', CASE WHEN t.position < 10 THEN '0' ELSE '' END || t.position || '-' || CASE WHEN t.contract_id < 10 THEN '0' ELSE '' END || t.contract_id,
        'studies_count', (SELECT CASE WHEN sb.price_per_study = 0 THEN 0 ELSE round(t.amount::numeric / sb.price_per_study)::int END
          FROM subscriptions sb WHERE sb.id = t.subscription_id),
        'attachment_name', (SELECT ia.file_name FROM invoice_attachments ia WHERE ia.invoice_id = t.id ORDER BY ia.id DESC LIMIT 1),
        'contract', (SELECT ${contract('c', `, 'payer', ${userById('c.payer_id', 'py')}`)} FROM contracts c WHERE c.id = t.contract_id),
        'invoicetemplate', (SELECT json_build_object('id', it.id, 'name', it.name, 'entity', it.entity, 'bank', it.bank,
          'contract_template_id', it.contract_template_id) FROM invoice_templates it WHERE it.id = t.template_id))`,
      't.id DESC',
    ),
  },
  {
    name: 'schedules',
    path: `/api/schedules?page=1&perpage=${PER_PAGE}&with[]=user&with[]=workperiods&with[]=offperiods`,
    sql: envelope(
      `SELECT * FROM schedules ORDER BY id DESC LIMIT ${PER_PAGE}`,
      PER_PAGE,
      'schedules',
      `json_build_object('id', t.id, 'user_id', t.user_id, 'start_at', ${ts('t.start_at')}, 'end_at', ${ts('t.end_at')},
        'created_by', t.created_by, 'created_at', ${ts('t.created_at')}, 'user', ${userById('t.user_id', 'u')},
        'workperiods', ${list(`SELECT json_agg(json_build_object('id', w.id, 'schedule_id', w.schedule_id, 'weekday', w.weekday,
            'start_time', to_char(w.start_time, 'HH24:MI'), 'duration', w.duration) ORDER BY w.weekday, w.start_time, w.id)
          FROM workperiods w WHERE w.schedule_id = t.id`)},
        'offperiods', ${list(`SELECT json_agg(json_build_object('id', o.id, 'schedule_id', o.schedule_id,
            'start_at', ${ts('o.start_at')}, 'end_at', ${ts('o.end_at')}) ORDER BY o.start_at, o.id)
          FROM offperiods o WHERE o.schedule_id = t.id`)})`,
      't.id DESC',
    ),
  },
];

/**
 * Starts the bare server: GET /<page name> runs that page's one statement and sends the text
 * PostgreSQL built, as is.
 */
export async function startHandPagesServer(dbUrl: string) {
  const pool = createPgPool({ connectionString: dbUrl, max: 10 });
  const byPath = new Map(HAND_PAGES.map((p) => [`/${p.name}`, p.sql]));
  const server = http.createServer((req, res) => {
    const sql = byPath.get(req.url ?? '');
    if (!sql) {
      res.statusCode = 404;
      res.end();
      return;
    }
    pool.query(sql).then(
      (r) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(r.rows[0].body as string);
      },
      (err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: (name: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}
