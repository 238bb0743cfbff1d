import { HOUR, type Side } from './authz-school.test-kit.js';
import { specAllows, type Subject } from './authz-spec.test-kit.js';
import {
  all,
  any,
  can,
  methodNotAllowed,
  readsAny,
  related,
  signedIn,
  targets,
  type Caller,
  type Matrix,
  type MatrixContext,
  type Need,
  type Target,
} from './authz-matrix.test-kit.js';

/**
 * Matrix rows of the generic resource routes (`/api/:resource…`, spec part 1 §7 "Generic
 * table"), per resource of the registry: which subject of the spec table it is (or reference data,
 * "readable by every signed-in user", docs/permissions.md), its fixture rows, and how a create,
 * an edit and a delete are made. A resource the registry gains without an entry here fails the drill.
 */

/** Reference data: every signed-in user reads it; only `manage all` would write it (no route does). */
export const REFERENCE_RESOURCES = [
  'roles',
  'user_sources',
  'responsibletypes',
  'phone_types',
  'classifications',
  'languages',
  'contract_templates',
  'invoice_templates',
  'contract_disciplines',
  'study_types',
  'teaching_formats',
  'teaching_programs',
  'teaching_styles',
  'study_durations',
  'feature-flags',
] as const;

interface Row {
  id: number;
  target: Target;
  /** The family the row belongs to, for the read, edit and delete cases. */
  side?: 'A' | 'B';
  /** Judged in the list only (no read case of its own): what it would add, other rows show. */
  listOnly?: boolean;
}

interface ScopedResource {
  subject: Subject;
  rows: Row[];
  /** The read case's query: relations whose rows the answer-scope check then walks too. */
  readQuery?: string;
  /** The body of a create, for the family's people (the need: `create subject`, plus `extra`). */
  create?: {
    body(key: 'A' | 'B', side: Side, c: Caller): Promise<Record<string, unknown>>;
    extra?(side: Side): Need;
    refusedAlso?: number[];
  };
  /** An edit: its body, the row it is sent to (a throw-away when granted), an alternative need. */
  update?: {
    body: Record<string, unknown>;
    row(key: 'A' | 'B', side: Side, c: Caller): Promise<number>;
    need?(row: Row): Need;
  };
  delete?: { row(key: 'A' | 'B', side: Side, c: Caller): Promise<number>; need?(row: Row): Need };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function scopedResources({ s, fresh }: MatrixContext): Record<string, ScopedResource> {
  const t = targets(s);
  const { A, B, group, people: p } = s;
  const row = (id: number, target: Target, side?: 'A' | 'B'): Row => ({ id, target, side });
  const listOnly = (id: number, target: Target): Row => ({ id, target, listOnly: true });
  const studyRow =
    (label: string, r: { study: number; about?: number; author?: number }, side?: 'A' | 'B') =>
    (id: number) =>
      row(id, t.studyRow(label, r), side);
  /** A report or homework file about a student, made by the teacher: each family's, and both of the group lesson. */
  const aboutStudents = (what: string, [a, b, groupA, groupB]: number[]): Row[] => [
    studyRow(`${what} A`, { study: A.study, about: A.child, author: A.teacher }, 'A')(a!),
    studyRow(`${what} B`, { study: B.study, about: B.child, author: B.teacher }, 'B')(b!),
    studyRow(`group lesson: ${what} of A`, { study: group.study, about: A.child, author: A.teacher })(
      groupA!,
    ),
    studyRow(`group lesson: ${what} of the classmate B`, {
      study: group.study,
      about: B.child,
      author: A.teacher,
    })(groupB!),
  ];
  const keep = (
    key: 'A' | 'B',
    side: Side,
    granted: boolean,
    make: () => Promise<number>,
    fixture: number,
  ) => (granted ? make() : Promise.resolve(fixture));
  return {
    users: {
      subject: 'user',
      rows: [
        row(A.child, t.user('child A', A.child), 'A'),
        row(B.child, t.user('child B', B.child), 'B'),
        row(A.teacher, t.user('teacher A', A.teacher)),
        row(B.teacher, t.user('teacher B', B.teacher)),
        listOnly(A.parent, t.user('parent A', A.parent)),
        listOnly(B.parent, t.user('parent B', B.parent)),
        listOnly(p.m, t.user('methodologist', p.m)),
        listOnly(p.manager, t.user('manager', p.manager)),
        listOnly(p.admin, t.user('administrator', p.admin)),
      ],
      create: {
        body: async () => ({
          firstname: 'Новенький',
          role_id: 4,
          source_id: 1,
          active: 1,
          responsible_type_id: 3,
        }),
      },
      update: {
        body: { zoom: 'https://zoom.us/j/123456789' },
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.user('Student'), side.child),
      },
      delete: { row: (key, side, c) => keep(key, side, c.granted, () => fresh.user('Student'), side.child) },
    },
    contracts: {
      subject: 'contract',
      rows: [
        row(A.contract, t.money('contract A', A.child), 'A'),
        row(B.contract, t.money('contract B', B.child), 'B'),
      ],
      create: {
        body: async (_k, side) => ({
          student_id: side.child,
          payer_id: side.parent,
          template_id: 42,
          invoice_template_id: 3,
          end_at: isoDate(Date.now() + 60 * 24 * HOUR),
        }),
      },
      update: {
        body: { end_at: isoDate(Date.now() + 70 * 24 * HOUR), invoice_template_id: 3 },
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.contract(key), side.contract),
      },
      delete: { row: (key, side, c) => keep(key, side, c.granted, () => fresh.contract(key), side.contract) },
    },
    subscriptions: {
      subject: 'subscription',
      rows: [
        row(A.subscription, t.money('package A', A.child), 'A'),
        row(B.subscription, t.money('package B', B.child), 'B'),
      ],
      update: {
        body: { price_per_study: 31000 },
        row: (key, side, c) =>
          keep(
            key,
            side,
            c.granted,
            async () => (await fresh.subscription(key, false)).subscription,
            side.subscription,
          ),
      },
      delete: {
        row: (key, side, c) =>
          keep(
            key,
            side,
            c.granted,
            async () => (await fresh.subscription(key, false)).subscription,
            side.subscription,
          ),
      },
    },
    invoices: {
      subject: 'invoice',
      rows: [
        row(A.invoice, t.money('invoice A', A.child), 'A'),
        row(B.invoice, t.money('invoice B', B.child), 'B'),
      ],
      create: { body: async (_k, side) => ({ subscription_id: side.subscription, amount: 1500 }) },
      update: {
        body: { amount: 1700 },
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.invoice(key), side.invoice),
      },
      delete: { row: (key, side, c) => keep(key, side, c.granted, () => fresh.invoice(key), side.invoice) },
    },
    studies: {
      subject: 'study',
      // The calendar's own call (part 1 §7): the participants, each with their package.
      readQuery: 'with[]=users',
      rows: [
        studyRow('study A', { study: A.study }, 'A')(A.study),
        studyRow('study B', { study: B.study }, 'B')(B.study),
        studyRow('group lesson', { study: group.study })(group.study),
        studyRow('lesson in progress A', { study: A.nowStudy })(A.nowStudy),
        studyRow('lesson in progress B', { study: B.nowStudy })(B.nowStudy),
      ],
      create: {
        body: async (_k, side) => ({
          users: [side.teacher, side.child],
          subscriptions: [],
          start: new Date(fresh.slot()).toISOString(),
          duration: 60,
          type_id: 1,
          trial: 0,
        }),
      },
      update: {
        body: { comment: 'Коментар дрилю' },
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.study(key), side.study),
      },
      // A lesson on a package is history the money depends on (409): a throw-away without one.
      delete: {
        row: (key, side, c) =>
          keep(key, side, c.granted, () => fresh.study(key, { package: false }), side.study),
      },
    },
    schedules: {
      subject: 'schedule',
      rows: [
        row(A.schedule, t.owned('schedule of teacher A', A.teacher), 'A'),
        row(B.schedule, t.owned('schedule of teacher B', B.teacher), 'B'),
        row(s.scheduleOf[p.m]!, t.owned('schedule of the methodologist', p.m)),
      ],
      create: {
        body: async () => ({
          user_id: await fresh.user('Teacher'),
          start_at: isoDate(Date.now()),
          workperiods: [{ weekday: 1, start_time: '09:00', duration: 120 }],
          offperiods: [],
        }),
      },
      update: {
        body: { end_at: isoDate(Date.now() + 800 * 24 * HOUR) },
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.schedule(key), side.schedule),
      },
      delete: { row: (key, side, c) => keep(key, side, c.granted, () => fresh.schedule(key), side.schedule) },
    },
    study_reports: {
      subject: 'study_report',
      rows: aboutStudents('report', [A.report, B.report, group.reportA, group.reportB]),
      // The report's lesson must be one the writer sees (a 422 on study_id otherwise); one report
      // per student and lesson, so a granted one gets a lesson of its own.
      create: {
        extra: (side) => can('read', 'study', t.studyRow('its lesson', { study: side.study })),
        refusedAlso: [422],
        body: async (key, side, c) => ({
          study_id: c.granted ? await fresh.study(key) : side.study,
          user_id: side.child,
          subject: 'Звіт дрилю',
          content: 'Урок пройшов за планом.'.padEnd(180, '.'),
        }),
      },
      // Part 1 §6: Edit Report is gated by `create study_report`; docs/permissions.md: the author's own.
      update: {
        body: { subject: 'Змінений предмет' },
        need: (r) =>
          any(
            can('update', 'study_report', r.target),
            all(
              can('create', 'study_report'),
              can('read', 'study_report', r.target),
              related(r.target, 'author'),
            ),
          ),
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.report(key, side.teacher), side.report),
      },
      delete: {
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.report(key, side.teacher), side.report),
      },
    },
    study_tasks: {
      subject: 'study_task',
      rows: aboutStudents('homework', [A.task, B.task, group.taskA, group.taskB]),
    },
    study_messages: {
      subject: 'study_message',
      rows: [
        studyRow('message A', { study: A.study, author: A.child }, 'A')(A.message),
        studyRow('message B', { study: B.study, author: B.child }, 'B')(B.message),
        studyRow('group lesson: message of the classmate B', { study: group.study, author: B.child })(
          group.message,
        ),
      ],
      create: {
        extra: (side) => can('read', 'study', t.studyRow('its lesson', { study: side.study })),
        refusedAlso: [422],
        body: async (_k, side) => ({ study_id: side.study, content: 'Повідомлення дрилю' }),
      },
      // Part 2 §6: "the author or anyone with delete on study_message may delete" (a message they see).
      delete: {
        need: (r) =>
          all(
            can('read', 'study_message', r.target),
            any(can('delete', 'study_message', r.target), related(r.target, 'author')),
          ),
        row: (key, side, c) => keep(key, side, c.granted, () => fresh.message(key, side.child), side.message),
      },
    },
    recordings: {
      subject: 'recording',
      rows: [
        studyRow('recording A', { study: A.study }, 'A')(A.recording),
        studyRow('recording B', { study: B.study }, 'B')(B.recording),
      ],
    },
    teachers: {
      subject: 'teacher',
      rows: [
        row(A.teacherProfile, t.owned('profile of teacher A', A.teacher), 'A'),
        row(B.teacherProfile, t.owned('profile of teacher B', B.teacher), 'B'),
        row(s.profileOf[p.m]!, t.owned('profile of the methodologist', p.m)),
      ],
    },
  };
}

/** The generic rows: `METHOD pattern [resource]` → cases. */
export async function resourceRoutes(
  ctx: MatrixContext,
  registry: ReadonlyArray<{ name: string; table: string }>,
): Promise<Matrix> {
  const { s } = ctx;
  const scoped = scopedResources(ctx);
  const out: Matrix = {};
  const key = (method: string, item: boolean, name: string) =>
    `${method} /api/:resource${item ? '/:id' : ''} [${name}]`;
  for (const r of registry) {
    if ((REFERENCE_RESOURCES as readonly string[]).includes(r.name)) {
      const first = (await s.knex(r.table).orderBy('id').first('id')).id as number;
      out[key('GET', false, r.name)] = [
        { target: 'all', need: signedIn, send: async () => ({ method: 'GET', path: `/api/${r.name}` }) },
      ];
      out[key('GET', true, r.name)] = [
        {
          target: `#${first}`,
          need: signedIn,
          send: async () => ({ method: 'GET', path: `/api/${r.name}/${first}` }),
        },
      ];
      continue;
    }
    const def = scoped[r.name];
    if (!def) continue;
    const ids = def.rows.map((x) => x.id).join('|');
    out[key('GET', false, r.name)] = [
      {
        target: 'fixture rows',
        need: readsAny(def.subject),
        send: async () => ({
          method: 'GET',
          path: `/api/${r.name}?select[]=id&perpage=100&filter[id]=${ids}`,
        }),
        // Exactly the fixture rows the table lets the caller read.
        inspect(res, c) {
          const listed = new Set((res.body?.data ?? []).map((x: { id: number }) => x.id));
          const wrong = def.rows.filter(
            (x) => listed.has(x.id) !== specAllows(c.role, 'read', def.subject, x.target.relations(c.user)),
          );
          return wrong.length
            ? wrong.map((x) => `${x.target.label} ${listed.has(x.id) ? 'listed' : 'missing'}`).join(', ')
            : null;
        },
      },
    ];
    out[key('GET', true, r.name)] = def.rows
      .filter((x) => !x.listOnly)
      .map((x) => ({
        target: x.target.label,
        need: can('read', def.subject, x.target),
        send: async () => ({
          method: 'GET',
          path: `/api/${r.name}/${x.id}${def.readQuery ? `?${def.readQuery}` : ''}`,
        }),
      }));
    const sided = def.rows.filter((x): x is Row & { side: 'A' | 'B' } => x.side !== undefined);
    const create = def.create;
    if (create) {
      out[key('POST', false, r.name)] = sided.map((x) => ({
        target: `family ${x.side}`,
        need: all(can('create', def.subject), ...(create.extra ? [create.extra(s[x.side])] : [])),
        refusedAlso: create.refusedAlso,
        send: async (c) => ({
          method: 'POST',
          path: `/api/${r.name}`,
          body: await create.body(x.side, s[x.side], c),
        }),
      }));
    }
    const update = def.update;
    if (update) {
      for (const method of ['PATCH', 'PUT']) {
        out[key(method, true, r.name)] = sided.map((x) => ({
          target: x.target.label,
          // Each field sent must be one the caller may write ("update study limited to …").
          need:
            update.need?.(x) ??
            all(...Object.keys(update.body).map((field) => can('update', def.subject, x.target, field))),
          send: async (c) => ({
            method,
            path: `/api/${r.name}/${await update.row(x.side, s[x.side], c)}`,
            body: update.body,
          }),
        }));
      }
    }
    const remove = def.delete;
    if (remove) {
      out[key('DELETE', true, r.name)] = sided.map((x) => ({
        target: x.target.label,
        need: remove.need?.(x) ?? can('delete', def.subject, x.target),
        send: async (c) => ({
          method: 'DELETE',
          path: `/api/${r.name}/${await remove.row(x.side, s[x.side], c)}`,
        }),
      }));
    }
    if (update || remove) {
      // A form submit whose `_method` was lost: no operation at all.
      out[key('POST', true, r.name)] = [
        {
          target: 'A',
          need: methodNotAllowed,
          send: async () => ({ method: 'POST', path: `/api/${r.name}/${sided[0]!.id}`, body: {} }),
        },
      ];
    }
  }
  return out;
}
