import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sha256 } from '../platform/security/secrets.js';
import { samplePdf } from '../features/document-generators/sample-files.test-kit.js';
import { contractFormDocx } from '../features/document-generators/document.test-kit.js';
import { LITERAL, type SignedInRole } from './authz-spec.test-kit.js';
import { DRILL_PASSWORD, type Side } from './authz-school.test-kit.js';
import {
  anyone,
  any,
  can,
  nobody,
  roles,
  signedIn,
  targets,
  type Case,
  type Matrix,
  type MatrixContext,
  type Target,
} from './authz-matrix.test-kit.js';

/**
 * Matrix rows of the routes about accounts, sessions, feeds, bots, documents and money: who may
 * call each, in spec terms (authz-spec.test-kit.ts). Study routes: authz-study-routes.test-kit.ts.
 */

const SELF: Target = { label: 'self', relations: () => new Set(['self']) };

/** A multipart form of text fields and files (`{ name, bytes }`). */
export function multipartForm(
  fields: Record<string, string | number>,
  files: Record<string, { name: string; bytes: Buffer }> = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([f.bytes]), f.name);
  return form;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function accountRoutes({ s, fresh }: MatrixContext): Matrix {
  let drillDocxSeq = 0;
  /** The contract template the .docx rows use: the catalogue's first, or one made for the drill. */
  const drillTemplate = async (): Promise<number> => {
    const row = await s.knex('contract_templates').orderBy('id').first('id');
    if (row) return row.id as number;
    const [made] = await s
      .knex('contract_templates')
      .insert({ name: 'Drill offer', url: 'https://school.example/offer' })
      .returning('id');
    return made.id as number;
  };
  const t = targets(s);
  const sides = (make: (key: 'A' | 'B', side: Side) => Case): Case[] => [make('A', s.A), make('B', s.B)];
  const money = (side: Side) => t.money(`family ${side === s.A ? 'A' : 'B'}`, side.child);
  const adminPages = roles(...(LITERAL.adminPages as SignedInRole[]));
  const telegramUpdate = JSON.stringify({ update_id: 1 });
  const viberEvent = JSON.stringify({ event: 'webhook', timestamp: 1 });
  const viberSignature = createHmac('sha256', s.srv.config.VIBER_AUTH_TOKEN!)
    .update(viberEvent)
    .digest('hex');
  const json = { 'Content-Type': 'application/json' };
  /** A form edit with its document (`POST` with `_method=patch`, `PATCH`, `PUT`), at row A and B. */
  const documentForms = (
    resource: string,
    subject: 'contract' | 'invoice',
    fixture: (side: Side) => number,
    throwAway: (key: 'A' | 'B') => Promise<number>,
    fields: Record<string, string | number>,
  ): Matrix =>
    Object.fromEntries(
      (['POST', 'PATCH', 'PUT'] as const).map((method) => [
        `${method} /api/${resource}/:id`,
        sides((key, side) => ({
          target: key,
          need: can('update', subject, money(side)),
          send: async (c) => ({
            method,
            path: `/api/${resource}/${c.granted ? await throwAway(key) : fixture(side)}`,
            body: multipartForm(
              { ...(method === 'POST' ? { _method: 'patch' } : {}), ...fields },
              { document_file: { name: 'signed.pdf', bytes: samplePdf('signed again') } },
            ),
          }),
        })),
      ]),
    );

  /** A LiqPay callback signed with the drill school's private key (an order we do not know). */
  const liqpayCallback = () => {
    const data = Buffer.from(
      JSON.stringify({
        order_id: randomUUID(),
        status: 'success',
        amount: 1,
        currency: 'UAH',
        payment_id: randomUUID(),
      }),
    ).toString('base64');
    const key = s.srv.config.LIQPAY_PRIVATE_KEY!;
    const signature = createHash('sha1')
      .update(key + data + key)
      .digest('base64');
    return new URLSearchParams({ data, signature }).toString();
  };
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  /** A payment flagged for staff, to be marked reviewed. */
  const flaggedPayment = async (side: Side) => {
    const id = randomUUID();
    await s.knex('payments').insert({
      id,
      invoice_id: side.invoice,
      provider: 'liqpay',
      amount: 60000,
      status: 'mismatch',
      review_reason: 'amount_mismatch',
    });
    return id;
  };

  const importers = roles('Administrator', 'Manager');
  /** A previewed import of no rows made by `createdBy`, fresh for every call (commit and cancel use it up). */
  const drillImport = async (createdBy: number) => {
    const id = randomUUID();
    await s.knex('imports').insert({
      id,
      kind: 'students',
      created_by: createdBy,
      headers: '[]',
      rows: '[]',
      mapping: '[]',
      results: '[]',
      counts: JSON.stringify({ create: 0, update: 0, unchanged: 0, error: 0 }),
    });
    return id;
  };
  return {
    // Issue 33 (docs/payments.md): a parent pays their children's invoices; staff record manual payments.
    'POST /api/invoices/:id/payments': sides((key, side) => ({
      target: `invoice ${key}`,
      need: can('create', 'payment', money(side)),
      // A paid fixture (another row paid it) is still a granted call.
      grantedAlso: { status: 409, code: 'invoice_paid' },
      send: async () => ({
        method: 'POST',
        path: `/api/invoices/${side.invoice}/payments`,
        body: { provider: 'liqpay' },
      }),
    })),
    // The family Payments page: the caller's own payable invoices (none for staff or other roles).
    'GET /api/payments/invoices': [
      {
        target: 'own',
        need: signedIn,
        send: async () => ({ method: 'GET', path: '/api/payments/invoices' }),
      },
    ],
    'GET /api/payments/providers': [
      { target: '-', need: signedIn, send: async () => ({ method: 'GET', path: '/api/payments/providers' }) },
    ],
    'GET /api/payments/reviews': [
      {
        target: '-',
        need: can('update', 'payment'),
        send: async () => ({ method: 'GET', path: '/api/payments/reviews' }),
      },
    ],
    // The staff Payments page's generic list: rows only for whoever manages payments, never a family.
    'GET /api/:resource [payments]': [
      {
        target: 'every payment',
        need: can('update', 'payment'),
        send: async () => ({ method: 'GET', path: '/api/payments?perpage=5' }),
      },
    ],
    // Issue 31 (docs/api.md "Imports"): Administrator and Manager import; one import is its
    // creator's (and the Administrator's): someone else's answers 404.
    'POST /api/imports/:kind/preview': [
      {
        target: '-',
        need: importers,
        send: async () => ({
          method: 'POST',
          path: '/api/imports/students/preview',
          body: multipartForm(
            {},
            { file: { name: 'a.csv', bytes: Buffer.from('Email;Name\nx@drill.test;X\n') } },
          ),
        }),
      },
    ],
    ...Object.fromEntries(
      (
        [
          ['GET', '/api/imports/:id', ''],
          ['GET', '/api/imports/:id/errors.xlsx', '/errors.xlsx'],
          ['POST', '/api/imports/:id/commit', '/commit'],
          ['POST', '/api/imports/:id/cancel', '/cancel'],
        ] as const
      ).map(([method, pattern, tail]) => [
        `${method} ${pattern}`,
        [
          {
            target: 'own import',
            need: importers,
            send: async (c) => ({
              method,
              path: `/api/imports/${await drillImport(c.user ?? s.people.admin)}${tail}`,
            }),
          },
          {
            target: "the Administrator's import",
            need: roles('Administrator'),
            send: async () => ({ method, path: `/api/imports/${await drillImport(s.people.admin)}${tail}` }),
          },
        ] satisfies Case[],
      ]),
    ),
    'GET /api/payments/reports': [
      {
        target: '-',
        need: can('update', 'payment'),
        send: async () => ({ method: 'GET', path: '/api/payments/reports' }),
      },
    ],
    'POST /api/payments/:id/reviewed': [
      {
        target: 'flagged payment',
        need: can('update', 'payment'),
        send: async () => ({ method: 'POST', path: `/api/payments/${await flaggedPayment(s.A)}/reviewed` }),
      },
    ],
    // The providers' callbacks answer their signatures, never a session (outside session and CSRF).
    'POST /api/payments/liqpay/callback': [
      {
        target: 'session only',
        need: nobody,
        send: async () => ({
          method: 'POST',
          path: '/api/payments/liqpay/callback',
          body: 'data=e30%3D',
          headers: form,
        }),
      },
      {
        target: 'with the signature',
        need: anyone,
        send: async () => ({
          method: 'POST',
          path: '/api/payments/liqpay/callback',
          body: liqpayCallback(),
          headers: form,
        }),
      },
    ],
    // monobank is not configured in the drill school: the webhook is not there for anyone.
    'POST /api/payments/monobank/webhook': [
      {
        target: 'session only',
        need: nobody,
        send: async () => ({
          method: 'POST',
          path: '/api/payments/monobank/webhook',
          body: '{}',
          headers: json,
        }),
      },
    ],
    // The feed URL is its own credential: the owner's calendar app fetches it without a session.
    'GET /ical/:file': [
      {
        target: 'own feed',
        need: signedIn,
        session: 'newUser',
        async send(c) {
          if (c.role === 'SignedOut')
            return { method: 'GET', path: `/ical/${randomBytes(32).toString('base64url')}.ics` };
          const issued = await c.client.post('/api/ical-feeds');
          return { method: 'GET', path: new URL(issued.body.data.url as string).pathname, anonymous: true };
        },
      },
    ],
    // Webhooks answer the messenger's secret, never a session.
    'POST /api/bots/telegram/webhook': [
      {
        target: 'session only',
        need: nobody,
        send: async () => ({
          method: 'POST',
          path: '/api/bots/telegram/webhook',
          body: telegramUpdate,
          headers: json,
        }),
      },
      {
        target: 'with the secret',
        need: anyone,
        send: async () => ({
          method: 'POST',
          path: '/api/bots/telegram/webhook',
          body: telegramUpdate,
          headers: { ...json, 'X-Telegram-Bot-Api-Secret-Token': s.srv.config.TELEGRAM_WEBHOOK_SECRET! },
        }),
      },
    ],
    'POST /api/bots/viber/webhook': [
      {
        target: 'session only',
        need: nobody,
        send: async () => ({
          method: 'POST',
          path: '/api/bots/viber/webhook',
          body: viberEvent,
          headers: json,
        }),
      },
      {
        target: 'with the signature',
        need: anyone,
        send: async () => ({
          method: 'POST',
          path: '/api/bots/viber/webhook',
          body: viberEvent,
          headers: { ...json, 'X-Viber-Content-Signature': viberSignature },
        }),
      },
    ],

    // Sign-in calls: open to everyone; each on a session of its own (they end or replace it).
    'POST /login': [
      {
        target: 'another account',
        need: anyone,
        session: 'own',
        send: async () => ({
          method: 'POST',
          path: '/login',
          body: { email: await fresh.emailOf(await fresh.user('Student')), password: DRILL_PASSWORD },
        }),
      },
    ],
    'POST /logout': [
      {
        target: 'own session',
        need: anyone,
        session: 'own',
        send: async () => ({ method: 'POST', path: '/logout' }),
      },
    ],
    'POST /password/email': [
      {
        target: 'another account',
        need: anyone,
        send: async () => ({
          method: 'POST',
          path: '/password/email',
          body: { email: await fresh.emailOf(await fresh.user('Student')) },
        }),
      },
    ],
    'POST /password/reset': [
      {
        target: 'a valid link',
        need: anyone,
        session: 'own',
        async send() {
          const email = await fresh.emailOf(await fresh.user('Student'));
          const token = randomBytes(32).toString('base64url');
          await s.knex('password_resets').insert({ email, token_hash: sha256(token) });
          const password = 'drill-reset-pass-1';
          return {
            method: 'POST',
            path: '/password/reset',
            body: { token, email, password, password_confirmation: password },
          };
        },
      },
    ],
    'GET /api/user': [
      { target: 'self', need: signedIn, send: async () => ({ method: 'GET', path: '/api/user' }) },
    ],
    // Part 2 §4: role switching needs `switch role` (the Administrator's).
    'POST /api/role/switch': [
      {
        target: 'own session',
        need: can('switch', 'role'),
        session: 'own',
        send: async () => ({ method: 'POST', path: '/api/role/switch', body: { role_id: 3 } }),
      },
    ],
    'POST /api/role/restore': [
      {
        target: 'own session',
        need: can('switch', 'role'),
        session: 'own',
        send: async () => ({ method: 'POST', path: '/api/role/restore' }),
      },
    ],
    // Part 2 §7: a password change is the user's own (current password required); nobody's else.
    'PATCH /api/users/:id': [
      {
        target: 'own password',
        need: signedIn,
        session: 'newUser',
        send: async (c) => ({
          method: 'PATCH',
          path: `/api/users/${c.user ?? 1}`,
          body: {
            current_password: DRILL_PASSWORD,
            new_password: 'drill-new-pass-1',
            new_password_confirmation: 'drill-new-pass-1',
          },
        }),
      },
      {
        target: "another user's password",
        need: nobody,
        send: async () => ({
          method: 'PATCH',
          path: `/api/users/${s.B.child}`,
          body: {
            current_password: DRILL_PASSWORD,
            new_password: 'drill-new-pass-1',
            new_password_confirmation: 'drill-new-pass-1',
          },
        }),
      },
    ],
    'GET /api/ical-feeds': [
      { target: 'own feed', need: signedIn, send: async () => ({ method: 'GET', path: '/api/ical-feeds' }) },
    ],
    'POST /api/ical-feeds': [
      {
        target: 'own feed',
        need: signedIn,
        session: 'newUser',
        send: async () => ({ method: 'POST', path: '/api/ical-feeds' }),
      },
    ],
    'DELETE /api/ical-feeds': [
      {
        target: 'own feed',
        need: signedIn,
        session: 'newUser',
        send: async () => ({ method: 'DELETE', path: '/api/ical-feeds' }),
      },
    ],
    // "create user limited to messenger_token": on their own user (docs/permissions.md "Messenger bots").
    'POST /api/users/:id/generate_messenger_token': [
      {
        target: 'self',
        need: can('create', 'user', SELF, 'messenger_token'),
        send: async (c) => ({
          method: 'POST',
          path: `/api/users/${c.user ?? 1}/generate_messenger_token`,
          body: { token_type: 'telegram' },
        }),
      },
      ...sides((key, side) => ({
        target: `child ${key}`,
        need: can('create', 'user', t.user(`child ${key}`, side.child), 'messenger_token'),
        send: async () => ({
          method: 'POST',
          path: `/api/users/${side.child}/generate_messenger_token`,
          body: { token_type: 'viber' },
        }),
      })),
    ],
    'GET /api/bots/status': [
      { target: 'self', need: signedIn, send: async () => ({ method: 'GET', path: '/api/bots/status' }) },
    ],
    // The family web's profile page (issue 29): students and parents, their own account only.
    'GET /api/family-profile': [
      {
        target: 'self',
        need: roles('Student', 'Responsible'),
        send: async () => ({ method: 'GET', path: '/api/family-profile' }),
      },
    ],
    'GET /telegram/disconnect': [
      {
        target: 'self',
        need: signedIn,
        session: 'newUser',
        send: async () => ({ method: 'GET', path: '/telegram/disconnect' }),
      },
    ],
    'GET /viber/disconnect': [
      {
        target: 'self',
        need: signedIn,
        session: 'newUser',
        send: async () => ({ method: 'GET', path: '/viber/disconnect' }),
      },
    ],
    'GET /api/users/:id/study-date-changes': [
      // Part 2 §2: the date changes block of the user details; whoever reads the user (and the user).
      {
        target: 'self',
        need: signedIn,
        send: async (c) => ({ method: 'GET', path: `/api/users/${c.user ?? 1}/study-date-changes` }),
      },
      ...sides((key, side) => ({
        target: `child ${key}`,
        need: can('read', 'user', t.user(`child ${key}`, side.child)),
        send: async () => ({ method: 'GET', path: `/api/users/${side.child}/study-date-changes` }),
      })),
    ],
    'GET /api/exchange-rate/eur': [
      {
        target: '-',
        need: any(can('create', 'subscription'), can('update', 'subscription')),
        send: async () => ({ method: 'GET', path: '/api/exchange-rate/eur' }),
      },
    ],
    'GET /api/teachers/available-workperiods': [
      {
        target: 'teachers A, B',
        need: adminPages,
        send: async () => ({
          method: 'GET',
          path: `/api/teachers/available-workperiods?ids[]=${s.A.teacher}&ids[]=${s.B.teacher}`,
        }),
      },
    ],
    // Part 2 §2: the document generators are the staff's contract and invoice tools.
    'POST /invoice': [
      {
        target: '-',
        need: can('create', 'invoice'),
        send: async () => ({
          method: 'POST',
          path: '/invoice',
          body: {
            contract_number: 12,
            contract_date: isoDate(Date.now()),
            invoice_number: '01-12',
            payer_fullname: 'Мельник Андрій Петрович',
            studies_count: 4,
            study_cost: 300,
          },
        }),
      },
    ],
    'POST /contract': [
      {
        target: '-',
        need: can('create', 'contract'),
        send: async () => ({
          method: 'POST',
          path: '/contract',
          body: {
            contract_number: 12,
            customer_fullname: 'Мельник Андрій Петрович',
            student_name: 'Мельник Олег',
            sex: 1,
            student_class: 5,
            studies_per_week: 2,
            study_cost: 300,
            studies_count: 8,
          },
        }),
      },
    ],
    'GET /api/analytics/studies/weekly': [
      {
        target: '-',
        need: adminPages,
        send: async () => ({ method: 'GET', path: '/api/analytics/studies/weekly?trial=0' }),
      },
    ],
    'GET /api/analytics/invoices/weekly': [
      {
        target: '-',
        need: adminPages,
        send: async () => ({ method: 'GET', path: '/api/analytics/invoices/weekly' }),
      },
    ],
    'GET /api/analytics/weekNumber': [
      {
        target: '-',
        need: adminPages,
        send: async () => ({ method: 'GET', path: '/api/analytics/weekNumber' }),
      },
    ],
    // The school's reminder timing (issue 18, docs/api.md): the Administrator's alone.
    'GET /api/study-reminder-settings': [
      {
        target: '-',
        need: roles('Administrator'),
        send: async () => ({ method: 'GET', path: '/api/study-reminder-settings' }),
      },
    ],
    'PATCH /api/study-reminder-settings': [
      {
        target: '-',
        need: roles('Administrator'),
        send: async () => ({
          method: 'PATCH',
          path: '/api/study-reminder-settings',
          body: { offsets_minutes: [1440, 60] },
        }),
      },
    ],
    // A contract template's own .docx (issue 29): whoever may `update contract_template` (manage all).
    'POST /api/contract_templates/:id/docx': [
      {
        target: 'template',
        need: roles('Administrator', 'Manager'),
        send: async () => ({
          method: 'POST',
          path: `/api/contract_templates/${await drillTemplate()}/docx`,
          body: multipartForm(
            {},
            { docx_file: { name: 'offer.docx', bytes: await contractFormDocx(['Договір № {number}']) } },
          ),
        }),
      },
    ],
    'GET /api/contract_templates/:id/docx': [
      {
        target: 'template',
        need: roles('Administrator', 'Manager'),
        send: async () => {
          const id = await drillTemplate();
          // A stored .docx to download, whatever ran before; a key of its own each time, as every
          // upload has: a DELETE of another role may still hold the previous one in the pending journal.
          const key = `contract-templates/drill-${id}-${++drillDocxSeq}.docx`;
          await s.storage.put(key, Readable.from([await contractFormDocx(['Договір № {number}'])]), {
            contentType: 'application/octet-stream',
          });
          await s
            .knex('contract_templates')
            .where('id', id)
            .update({ docx_file: key, docx_name: 'offer.docx' });
          return { method: 'GET', path: `/api/contract_templates/${id}/docx` };
        },
      },
    ],
    'DELETE /api/contract_templates/:id/docx': [
      {
        target: 'template',
        need: roles('Administrator', 'Manager'),
        send: async () => ({
          method: 'DELETE',
          path: `/api/contract_templates/${await drillTemplate()}/docx`,
        }),
      },
    ],
    // Feature flags (issue 29): the Administrator's; `true` is what the school fixture already set.
    'PATCH /api/feature-flags/:id': [
      {
        target: 'recordings_uploader_enabled',
        need: roles('Administrator'),
        send: async () => {
          const flag = (
            await s.knex('feature_flags').where('name', 'recordings_uploader_enabled').first('id')
          ).id as number;
          return { method: 'PATCH', path: `/api/feature-flags/${flag}`, body: { enabled: true } };
        },
      },
    ],

    // Contracts and invoices with their documents (part 1 §7): as reading the row.
    'GET /api/contracts/:id/download': sides((key, side) => ({
      target: key,
      need: can('read', 'contract', money(side)),
      send: async () => ({ method: 'GET', path: `/api/contracts/${side.contract}/download` }),
    })),
    'GET /api/contracts/:id/document': sides((key, side) => ({
      target: key,
      need: can('read', 'contract', money(side)),
      send: async () => ({ method: 'GET', path: `/api/contracts/${side.contract}/document` }),
    })),
    'DELETE /api/contracts/:id': sides((key, side) => ({
      target: key,
      need: can('delete', 'contract', money(side)),
      send: async (c) => ({
        method: 'DELETE',
        path: `/api/contracts/${c.granted ? await fresh.contract(key) : side.contract}`,
      }),
    })),
    'POST /api/contracts': [
      {
        target: 'family A',
        need: can('create', 'contract'),
        send: async () => ({
          method: 'POST',
          path: '/api/contracts',
          body: multipartForm(
            {
              student_id: s.A.child,
              payer_id: s.A.parent,
              template_id: 42,
              invoice_template_id: 3,
              end_at: isoDate(Date.now() + 90 * 86_400_000),
            },
            { document_file: { name: 'signed.pdf', bytes: samplePdf('signed') } },
          ),
        }),
      },
    ],
    ...documentForms(
      'contracts',
      'contract',
      (side) => side.contract,
      (key) => fresh.contract(key),
      { end_at: isoDate(Date.now() + 120 * 86_400_000), invoice_template_id: 3 },
    ),
    'GET /api/invoices/:id/download': sides((key, side) => ({
      target: key,
      need: can('read', 'invoice', money(side)),
      send: async () => ({ method: 'GET', path: `/api/invoices/${side.invoice}/download` }),
    })),
    'GET /api/invoices/:id/attachment': sides((key, side) => ({
      target: key,
      need: can('read', 'invoice', money(side)),
      send: async () => ({ method: 'GET', path: `/api/invoices/${side.invoice}/attachment` }),
    })),
    'DELETE /api/invoices/:id': sides((key, side) => ({
      target: key,
      need: can('delete', 'invoice', money(side)),
      send: async (c) => ({
        method: 'DELETE',
        path: `/api/invoices/${c.granted ? await fresh.invoice(key) : side.invoice}`,
      }),
    })),
    'POST /api/invoices': [
      {
        target: 'family A',
        need: can('create', 'invoice'),
        send: async () => ({
          method: 'POST',
          path: '/api/invoices',
          body: multipartForm(
            { subscription_id: s.A.subscription, amount: 1500 },
            { document_file: { name: 'paid.pdf', bytes: samplePdf('paid') } },
          ),
        }),
      },
    ],
    ...documentForms(
      'invoices',
      'invoice',
      (side) => side.invoice,
      (key) => fresh.invoice(key),
      { amount: 1600 },
    ),
  };
}
