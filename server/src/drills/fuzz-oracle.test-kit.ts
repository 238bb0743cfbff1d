import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

/**
 * What the fuzz drill checks after every request (issue #19, point 3): the answer (no 5xx, the
 * error envelope for every refusal, nothing of the server's inside in it), the database (unchanged
 * by a refusal) and the disk (no file anywhere but storage; nothing in storage from a refusal).
 */

/**
 * Tables a refusal may change by design: the login throttle counts failed attempts, and a session
 * is touched by every signed-in request (its row count must hold, its contents may not).
 */
const COUNT_ONLY = new Set(['sessions']);
const IGNORED = new Set(['rate_limits', 'knex_migrations', 'knex_migrations_lock']);

/**
 * A cheap fingerprint of every table of the public schema: its row count and the sum of its rows'
 * xmin. An insert or delete changes the count; an update writes a new row version with a newer
 * transaction id, which changes the sum. The drill sends one request at a time, so no other
 * transaction commits in between. Most requests write nothing and so take no transaction id:
 * while the next id to assign has not moved, the previous fingerprint still holds (a 1 ms query
 * instead of one over every table).
 */
export async function dbFingerprinter(knex: Knex): Promise<() => Promise<Map<string, string>>> {
  const tables = (await knex('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  const parts = tables
    .filter((t) => !IGNORED.has(t))
    .map((t) =>
      COUNT_ONLY.has(t)
        ? `SELECT '${t}' AS t, count(*)::text AS f FROM "${t}"`
        : `SELECT '${t}' AS t, count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) AS f FROM "${t}"`,
    );
  const sql = parts.join(' UNION ALL ');
  let last: { nextXid: string; tables: Map<string, string> } | undefined;
  return async () => {
    const { rows: ids } = (await knex.raw('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')) as {
      rows: Array<{ x: string }>;
    };
    const nextXid = ids[0]!.x;
    if (last?.nextXid === nextXid) return last.tables;
    const { rows } = (await knex.raw(sql)) as { rows: Array<{ t: string; f: string }> };
    last = { nextXid, tables: new Map(rows.map((r) => [r.t, r.f])) };
    return last.tables;
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, f]) => before.get(t) !== f).map(([t]) => t);
}

/** Every file under `dir` (paths relative to it) with its size. */
export async function filesIn(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.set(path.relative(dir, p), (await stat(p).catch(() => ({ size: -1 }))).size);
    }
  };
  await walk(dir);
  return out;
}

export interface AnswerFacts {
  status: number;
  contentType: string;
  text: string;
}

/** `error`: the commands' 422 refusals repeat their message there (spec part 2 §8, docs/api.md). */
const ENVELOPE_KEYS = new Set(['message', 'errors', 'code', 'params', 'error']);

/** Why a refusal is not the spec's error envelope (`{ message, errors?, code?, params?, error? }`), or null. */
export function envelopeProblem(a: AnswerFacts): string | null {
  if (!a.contentType.startsWith('application/json'))
    return `refusal answered as ${a.contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    return 'refusal body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'refusal body is not an object';
  const o = body as Record<string, unknown>;
  if (typeof o.message !== 'string' || o.message.trim() === '') return 'refusal without a message';
  const extra = Object.keys(o).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length) return `refusal with unexpected keys ${extra.join(',')}`;
  if (a.status === 401 && (o.message !== 'Unauthenticated.' || Object.keys(o).length !== 1))
    return '401 is not { message: "Unauthenticated." }';
  if (o.code !== undefined && typeof o.code !== 'string') return 'code is not a string';
  if (o.error !== undefined && o.error !== o.message) return 'error is not the message';
  if (o.params !== undefined && (typeof o.params !== 'object' || o.params === null))
    return 'params is not an object';
  if (o.errors !== undefined) {
    const errs = o.errors as Record<string, unknown>;
    if (typeof errs !== 'object' || errs === null || Array.isArray(errs)) return 'errors is not an object';
    for (const [field, msgs] of Object.entries(errs)) {
      if (!Array.isArray(msgs) || msgs.length === 0 || msgs.some((m) => typeof m !== 'string' || m === ''))
        return `errors.${field} is not a list of messages`;
    }
  }
  return null;
}

/**
 * What only the server could have written: a stack frame, a source or data path, PostgreSQL's own
 * wording or SQL the query builder makes (knex quotes every name).
 */
const LEAKS: Array<[string, RegExp]> = [
  [
    'stack trace',
    /\n\s+at \S|\bat (?:async )?[\w.$<>]+ \((?:file:\/\/|\/|node:)|\bat (?:file:\/\/)?\/[^\s:]+:\d+:\d+/,
  ],
  ['source path', /(?:\/server\/src\/|\/node_modules\/|\.ts:\d+:\d+|file:\/\/\/)/],
  [
    'SQL',
    /\b(?:select|insert into|update|delete from)\b[^"\n]{0,80}"\w+"(?:\."\w+")?|\bfrom "\w+"|\bwhere "\w+"/i,
  ],
  [
    'PostgreSQL error',
    /syntax error at or near|violates (?:foreign key|unique|check|not-null|exclusion) constraint|duplicate key value|invalid input (?:syntax|value) for|relation "[^"]+" does not exist|column "[^"]+" (?:does not exist|of relation)|operator does not exist|current transaction is aborted|\bSQLSTATE\b|out of range for type|value too long for type|invalid byte sequence for encoding/i,
  ],
];

/**
 * Leaks in an answer's text. `request` is everything the client sent: a match the client wrote
 * itself is an echo of its own input (a stored note that reads like SQL), not a leak. `paths`
 * are the server's directories (the repository, DATA_DIR, the temporary directory).
 */
export function leaksIn(text: string, request: string, paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const [what, re] of LEAKS) {
    const m = re.exec(text);
    if (m && !request.includes(m[0])) found.push(`${what}: ${JSON.stringify(m[0].slice(0, 80))}`);
  }
  for (const p of paths) if (text.includes(p) && !request.includes(p)) found.push(`server path ${p}`);
  return found;
}

/** Keys that polluted a built-in prototype of this process (the test server runs in it). */
export function prototypeKeys(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].flatMap((proto) =>
    Object.getOwnPropertyNames(proto),
  );
}
