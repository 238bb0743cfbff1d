import { anyOfFilter, withQuery } from '@school/shared/api';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import { DRILL_PASSWORD, type Actors } from './load-actors.js';
import type { Answer, LoadHttp, RequestOptions } from './load-http.js';
import { outcomeOf, type WriteLedger } from './write-ledger.js';

/**
 * The traffic of a school day, as the two apps send it (their own query strings, from
 * desktop/src/renderer and family-web/src): each operation is one thing a user does, made of the
 * requests the app sends for it, one after the other. Weights are operations per 100.
 */
export interface RequestSample {
  op: string;
  request: string;
  /** performance.now() when it was sent. */
  at: number;
  ms: number;
  status: number;
  code?: string;
  /** An answer the drill counts as right: 2xx, or a conflict the operation may meet (a slot taken). */
  ok: boolean;
}

export interface MixContext {
  http: LoadHttp;
  actors: Actors;
  ledger: WriteLedger;
  record(sample: RequestSample): void;
  /** A number unique in this drill (message contents, comments). */
  next(): number;
}

export interface Operation {
  name: string;
  weight: number;
  run(ctx: MixContext): Promise<void>;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

async function send(
  ctx: MixContext,
  op: string,
  request: string,
  method: string,
  path: string,
  opts: RequestOptions,
  alsoOk: (a: Answer) => boolean = () => false,
): Promise<Answer> {
  const at = performance.now();
  const answer = await ctx.http.request(method, path, opts);
  const ok = (answer.status >= 200 && answer.status < 300) || alsoOk(answer);
  ctx.record({ op, request, at, ms: answer.ms, status: answer.status, code: answer.code, ok });
  return answer;
}

function json<T>(a: Answer): T | undefined {
  if (a.status < 200 || a.status >= 300) return undefined;
  try {
    return JSON.parse(a.text) as T;
  } catch {
    return undefined;
  }
}

const staffOf = (ctx: MixContext, roles: Array<'admin' | 'manager' | 'teacher'>) =>
  pick(ctx.actors.staff.filter((s) => roles.includes(s.role)));

/** The admin studies table, as studies-table-page.tsx asks for a page. */
const adminStudiesTable: Operation = {
  name: 'staff.admin_studies_table',
  weight: 8,
  async run(ctx) {
    const s = staffOf(ctx, ['admin', 'manager']);
    const path = withQuery('/api/studies', {
      with: ['created_by', 'users', 'subscriptions.contract.payer', 'type'],
      sort: ['-start'],
      page: 1 + Math.floor(Math.random() * 20),
    });
    await send(ctx, this.name, 'GET /api/studies (table)', 'GET', path, { cookie: s.cookie });
  },
};

const adminUsersTable: Operation = {
  name: 'staff.admin_users_table',
  weight: 5,
  async run(ctx) {
    const s = staffOf(ctx, ['admin', 'manager']);
    const path = withQuery('/api/users', {
      with: ['role', 'phones'],
      sort: ['-id'],
      page: 1 + Math.floor(Math.random() * 10),
    });
    await send(ctx, this.name, 'GET /api/users (table)', 'GET', path, { cookie: s.cookie });
  },
};

/** The home calendar of a teacher (own, or a staff member looking at one): calendar-api.ts's calls. */
const staffCalendar: Operation = {
  name: 'staff.calendar',
  weight: 15,
  async run(ctx) {
    const s = staffOf(ctx, ['admin', 'manager', 'teacher']);
    const userId = s.role === 'teacher' ? s.userId : pick(ctx.actors.teacherIds);
    const windows = calendarWindows(Date.now());
    const list = await send(
      ctx,
      this.name,
      'GET /api/studies (calendar)',
      'GET',
      withQuery('/api/studies', {
        with: ['users', 'users.classes', 'reports'],
        withFilter: { 'users.id': userId },
        filterDatesStart: { start: toKyivIso(windows.studiesFrom) },
      }),
      { cookie: s.cookie },
    );
    const ids = (json<{ data: Array<{ id: number }> }>(list)?.data ?? []).map((r) => r.id);
    if (ids.length) {
      await send(
        ctx,
        this.name,
        'GET /api/studies (calendar flags)',
        'GET',
        withQuery('/api/studies', {
          select: [
            'id',
            'start',
            'type_id',
            'isPaid',
            'isLast',
            'studyReportCheck',
            'isBonus',
            'isNoReport',
            'hasUnreadMessages',
          ],
          withCount: ['recordings'],
          filter: { id: anyOfFilter(ids) },
        }),
        { cookie: s.cookie },
      );
    }
    await send(
      ctx,
      this.name,
      'GET /api/schedules (calendar)',
      'GET',
      withQuery('/api/schedules', {
        with: ['workperiods', 'offperiods'],
        filterDatesStart: { end_at: toKyivIso(windows.schedulesEndingAfter) },
        filter: { user_id: userId },
      }),
      { cookie: s.cookie },
    );
  },
};

/** The study modal and form: the study with its people and packages. */
const staffStudyRead: Operation = {
  name: 'staff.study_read',
  weight: 15,
  async run(ctx) {
    const s = staffOf(ctx, ['admin', 'manager']);
    const id = pick(ctx.actors.readStudyIds);
    await send(
      ctx,
      this.name,
      'GET /api/studies/:id',
      'GET',
      withQuery(`/api/studies/${id}`, { with: ['users', 'subscriptions', 'type'] }),
      { cookie: s.cookie },
    );
  },
};

/** The study modal's comment saved (PATCH, as the desktop modal sends it). */
const staffStudyUpdate: Operation = {
  name: 'staff.study_update',
  weight: 8,
  async run(ctx) {
    const s = staffOf(ctx, ['admin', 'manager']);
    const { id, comment: initial } = pick(ctx.actors.staffStudies);
    const key = `comment:${id}`;
    // One write per study at a time: the order of its writes is then the order they were sent.
    if (!ctx.ledger.lock(key, initial)) return;
    const comment = `load ${ctx.next()}`;
    const a = await send(ctx, this.name, 'PATCH /api/studies/:id', 'PATCH', `/api/studies/${id}`, {
      cookie: s.cookie,
      json: { comment },
    });
    ctx.ledger.settle(key, comment, outcomeOf(a.status));
  },
};

/** Notify (the modal's bell): one bot message per connected chat, sent by a pg-boss job. */
export const staffNotify: Operation = {
  name: 'staff.notify',
  weight: 1,
  async run(ctx) {
    if (!ctx.actors.notify.length) return;
    const s = staffOf(ctx, ['admin', 'manager']);
    const t = pick(ctx.actors.notify);
    const a = await send(
      ctx,
      this.name,
      'POST /api/users/:id/notify',
      'POST',
      `/api/users/${t.studentId}/notify`,
      { cookie: s.cookie, json: { type_id: 1, study_id: t.studyId } },
    );
    ctx.ledger.tally('notify', outcomeOf(a.status));
  },
};

/** The family calendar (family-web calendar-api.ts): the child's studies and the type names. */
const familyCalendar: Operation = {
  name: 'family.calendar',
  weight: 15,
  async run(ctx) {
    const f = pick(ctx.actors.families);
    await send(
      ctx,
      this.name,
      'GET /api/studies (family calendar)',
      'GET',
      withQuery('/api/studies', {
        with: ['users:id,firstname,surname,patronymic,full_name'],
        withFilter: { 'users.id': f.childId },
        select: [
          'id',
          'start',
          'end',
          'type_id',
          'trial',
          'comment',
          'miss_status',
          'isPaid',
          'isLast',
          'isBonus',
          'hasUnreadMessages',
        ],
        filterDatesStart: { start: toKyivIso(calendarWindows(Date.now()).studiesFrom) },
      }),
      { cookie: f.cookie },
    );
    await send(ctx, this.name, 'GET /api/study_types', 'GET', '/api/study_types', { cookie: f.cookie });
  },
};

/** The family study modal: the chat and the report. */
const familyStudyModal: Operation = {
  name: 'family.study_modal',
  weight: 12,
  async run(ctx) {
    const f = pick(ctx.actors.families);
    const id = pick(f.studyIds);
    await send(
      ctx,
      this.name,
      'GET /api/study_messages',
      'GET',
      withQuery('/api/study_messages', { with: ['user'], filter: { study_id: id } }),
      { cookie: f.cookie },
    );
    await send(
      ctx,
      this.name,
      'GET /api/study_reports',
      'GET',
      withQuery('/api/study_reports', {
        filter: { study_id: id },
        select: ['user_id', 'id', 'subject', 'content'],
      }),
      { cookie: f.cookie },
    );
  },
};

/** A parent writes in the study chat (an appended row: each acknowledged one must be stored). */
const familyMessage: Operation = {
  name: 'family.message',
  weight: 3,
  async run(ctx) {
    const f = pick(ctx.actors.families);
    const content = `load message ${ctx.next()}`;
    const a = await send(ctx, this.name, 'POST /api/study_messages', 'POST', '/api/study_messages', {
      cookie: f.cookie,
      json: { study_id: pick(f.studyIds), content },
    });
    ctx.ledger.append(content, outcomeOf(a.status));
  },
};

/** A parent moves a lesson: the free slots of its transfer calendar, then one of them saved. */
const familyTransfer: Operation = {
  name: 'family.transfer',
  weight: 2,
  async run(ctx) {
    const f = pick(ctx.actors.families);
    const study = pick(f.transferable);
    const key = `start:${study.id}`;
    if (!ctx.ledger.lock(key, study.start)) return;
    let moved: string | undefined;
    let status = 0;
    try {
      const from = new Date(Date.now() + 86_400_000);
      const to = new Date(Date.now() + 30 * 86_400_000);
      const slots = await send(
        ctx,
        this.name,
        'GET /api/studies/:id/free-slots',
        'GET',
        withQuery(`/api/studies/${study.id}/free-slots`, {
          from: toKyivIso(from.getTime()),
          to: toKyivIso(to.getTime()),
        }),
        { cookie: f.cookie },
      );
      const free = json<{ data: Array<{ start: string }> }>(slots)?.data ?? [];
      if (!free.length) return;
      moved = pick(free).start;
      const form = {
        _method: 'patch',
        comment: study.comment ?? '',
        miss_status: String(study.miss_status),
        start: moved,
      };
      // Another family may have taken the slot a moment ago: the server's 409 is a right answer.
      const a = await send(
        ctx,
        this.name,
        'POST /api/studies/:id (transfer)',
        'POST',
        `/api/studies/${study.id}`,
        { cookie: f.cookie, form },
        (x) => x.status === 409,
      );
      status = a.status;
    } finally {
      if (moved) ctx.ledger.settle(key, String(Date.parse(moved)), outcomeOf(status));
      else ctx.ledger.release(key);
    }
  },
};

/** A sign-in (argon2 on the server): a fresh session, then the user it belongs to. */
const signInOp: Operation = {
  name: 'sign_in',
  weight: 1,
  async run(ctx) {
    const email = pick(ctx.actors.signInEmails);
    const a = await send(ctx, this.name, 'POST /login', 'POST', '/login', {
      json: { email, password: DRILL_PASSWORD },
    });
    const cookie = a.setCookie.map((c) => c.split(';')[0]).join('; ');
    if (a.status === 200) await send(ctx, this.name, 'GET /api/user', 'GET', '/api/user', { cookie });
  },
};

export const OPERATIONS: readonly Operation[] = [
  adminStudiesTable,
  adminUsersTable,
  staffCalendar,
  staffStudyRead,
  staffStudyUpdate,
  staffNotify,
  familyCalendar,
  familyStudyModal,
  familyMessage,
  familyTransfer,
  signInOp,
];

const TOTAL_WEIGHT = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);

export function pickOperation(): Operation {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const op of OPERATIONS) {
    r -= op.weight;
    if (r < 0) return op;
  }
  return OPERATIONS[OPERATIONS.length - 1];
}
