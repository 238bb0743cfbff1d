import { specAllows, type Role, type Subject } from './authz-spec.test-kit.js';
import type { School } from './authz-school.test-kit.js';

/**
 * The answer-scope check of the authorization drill (issue 27, point 1): every JSON answer a
 * granted call gets is walked, and each id of a user, package, contract, invoice or report it
 * names must be one the caller may read by the spec table (authz-spec.test-kit.ts) given how that
 * row stands to them (the school's facts). A write answers under the same read scope as a list:
 * `PATCH api/studies/{id}` must not name a classmate that `GET api/studies?with[]=users` hides.
 */

type Kind = 'user' | 'subscription' | 'contract' | 'invoice' | 'study_report';

/**
 * Keys whose number value is the id of a row of that kind. The audit columns (`created_by`,
 * `creator_id`, `changed_by`: the staff member who made a row) are not walked: they name no
 * family, and which staff see them is docs/permissions.md's "Fields" rule, not the row scope.
 */
const ID_KEYS: Readonly<Record<string, Kind>> = {
  user_id: 'user',
  student_id: 'user',
  payer_id: 'user',
  responsible_id: 'user',
  child_id: 'user',
  teacher_id: 'user',
  subscription_id: 'subscription',
  contract_id: 'contract',
  invoice_id: 'invoice',
  study_report_id: 'study_report',
};

/** Keys whose object (or list of objects) are rows of that kind: their `id` is checked. */
const ROW_KEYS: Readonly<Record<string, Kind>> = {
  users: 'user',
  user: 'user',
  student: 'user',
  payer: 'user',
  childs: 'user',
  responsibles: 'user',
  subscriptions: 'subscription',
  subscription: 'subscription',
  contracts: 'contract',
  contract: 'contract',
  invoices: 'invoice',
  invoice: 'invoice',
  reports: 'study_report',
  report: 'study_report',
};

const PARTICIPANT_PACKAGE = /\.users\[\d+\](\.pivot)?\.subscription_id$/;

interface Ref {
  kind: Kind;
  id: number;
  path: string;
}

/** Every id the answer names, with where (a JSON path, for the finding's text). */
export function idsNamed(body: unknown): Ref[] {
  const out: Ref[] = [];
  const walk = (node: unknown, path: string, rowKind?: Kind) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${path}[${i}]`, rowKind));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const at = `${path}.${key}`;
      if (key === 'id' && rowKind && typeof value === 'number')
        out.push({ kind: rowKind, id: value, path: at });
      else if (ID_KEYS[key] && typeof value === 'number')
        out.push({ kind: ID_KEYS[key], id: value, path: at });
      // CASL rules (the sign-in answer's abilities) are conditions, not rows.
      else if (key !== 'abilities') walk(value, at, ROW_KEYS[key]);
    }
  };
  walk(body, '');
  return out;
}

type RowFacts = { student: number } | { study: number; about: number; author?: number } | null;
/** Looked up once per row and sweep: who a row is about never changes (a deleted row: looked up again). */
const known = new WeakMap<School, Map<string, RowFacts>>();

async function rowFacts(s: School, kind: Exclude<Kind, 'user'>, id: number): Promise<RowFacts> {
  const cache = known.get(s) ?? new Map<string, RowFacts>();
  known.set(s, cache);
  const key = `${kind}:${id}`;
  if (cache.has(key)) return cache.get(key)!;
  const facts = await lookUp(s, kind, id);
  if (facts) cache.set(key, facts);
  return facts;
}

/** The student a package, contract or invoice is about; a report's study, student and author. */
async function lookUp(s: School, kind: Exclude<Kind, 'user'>, id: number): Promise<RowFacts> {
  if (kind === 'study_report') {
    const r = await s.knex('study_reports').where({ id }).first('study_id', 'user_id', 'created_by');
    return r
      ? {
          study: r.study_id as number,
          about: r.user_id as number,
          author: (r.created_by as number | null) ?? undefined,
        }
      : null;
  }
  const q =
    kind === 'contract'
      ? s.knex('contracts as c').where('c.id', id)
      : s
          .knex(`${kind === 'subscription' ? 'subscriptions' : 'invoices'} as x`)
          .join('contracts as c', 'c.id', 'x.contract_id')
          .where('x.id', id);
  const r = await q.first('c.student_id');
  return r ? { student: r.student_id as number } : null;
}

/** Why the answer names a row the caller may not read (the first few), or null. */
export async function answerScopeProblem(
  s: School,
  role: Role,
  caller: number | null,
  body: unknown,
  route: string,
): Promise<string | null> {
  if (caller === null) return null;
  // A chat message names its author: whoever reads the message reads who wrote it, a classmate
  // in a group lesson included (docs/permissions.md, "Homework and messages").
  const chat = /study_messages|\/messages/.test(route);
  const refused: string[] = [];
  const seen = new Set<string>();
  for (const ref of idsNamed(body)) {
    if (ref.kind === 'user' && chat && /\.user_id$/.test(ref.path)) continue;
    // A participant's package id is part of the participant (the pivot a list answers, the
    // calendar's "no package" colour): named with a user row, it is read with that row, whose own
    // id is checked (docs/permissions.md, "Answers of writes").
    if (ref.kind === 'subscription' && PARTICIPANT_PACKAGE.test(ref.path)) continue;
    const key = `${ref.kind}:${ref.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let readable: boolean;
    if (ref.kind === 'user') {
      // Everyone reads themself (GET api/user is no ability of the table).
      readable = ref.id === caller || specAllows(role, 'read', 'user', s.facts.toUser(caller, ref.id));
    } else {
      const facts = await rowFacts(s, ref.kind, ref.id);
      // A row that is gone (deleted by the call itself) names nothing anyone could read.
      if (!facts) continue;
      const relations =
        'student' in facts ? s.facts.toMoneyRow(caller, facts.student) : s.facts.toStudyRow(caller, facts);
      readable = specAllows(role, 'read', ref.kind as Subject, relations);
    }
    if (!readable) refused.push(`${ref.kind} ${ref.id} at ${ref.path}`);
  }
  return refused.length ? `names rows it may not read: ${refused.slice(0, 4).join('; ')}` : null;
}
