import pg from 'pg';
import type { Statement } from './bench-env.js';
import { round } from './measure.js';

/** Median wall-clock time of one captured statement, run `runs` times after one warm-up. */
export async function timeStatement(pool: pg.Pool, st: Statement, runs = 7): Promise<number> {
  await pool.query(st.sql, [...st.bindings]);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await pool.query(st.sql, [...st.bindings]);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return round(times[Math.floor(times.length / 2)]);
}

/** EXPLAIN ANALYZE of a statement: execution time and whether PostgreSQL compiled it with JIT. */
export async function explainStatement(
  pool: pg.Pool,
  st: Statement,
): Promise<{ execution_ms: number; jit: boolean; jit_ms: number | null }> {
  const res = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${st.sql}`, [...st.bindings]);
  const plan = res.rows[0]['QUERY PLAN'][0] as {
    'Execution Time': number;
    JIT?: { Timing?: { Total?: number } };
  };
  return {
    execution_ms: round(plan['Execution Time']),
    jit: Boolean(plan.JIT),
    jit_ms: plan.JIT?.Timing?.Total ?? null,
  };
}

/** The count query of the engine (sql-builder.ts countQuery), distinct or not. */
const COUNT_START = /\(select count\((?:\*|distinct [^)]*)\) as "total" /gi;

/**
 * The page and count statements of an engine list request (session / user look-ups are the rest).
 *
 * GET /api/{resource} sends ONE statement (resource-engine/json-page.ts): the page as JSON and
 * `(select count(*) as "total" …) as total`. Its two parts are cut out of that text, so each is
 * timed as the server runs it: `count` is the subquery alone, `page` the statement with the
 * subquery replaced by NULL; `combined` is the statement as sent. The row path (listResource,
 * a page statement and a count statement) is recognised too; it has no `combined`.
 */
export function classify(statements: Statement[]): {
  page: Statement;
  count: Statement;
  combined?: Statement;
} {
  const combined = statements.find(
    (s) =>
      /(\)|"__page") as "p" inner join/.test(s.sql) &&
      /as "total"/.test(s.sql) &&
      /::text as data/.test(s.sql),
  );
  if (combined) return { ...splitCount(combined), combined };
  const page = statements.find((s) => /(\)|"__page") as "p" inner join/.test(s.sql));
  const count = statements.find((s) => /as "total"/.test(s.sql));
  if (!page || !count) throw new Error('page or count statement not found');
  return { page, count };
}

/** Cuts the count subquery out of a one-statement page; placeholders are renumbered in each part. */
export function splitCount(st: Statement): { page: Statement; count: Statement } {
  const starts = [...st.sql.matchAll(COUNT_START)];
  if (starts.length !== 1) throw new Error(`expected one count subquery, found ${starts.length}`);
  const open = starts[0].index!;
  const close = matchingParen(st.sql, open);
  return {
    count: renumber(st.sql.slice(open + 1, close), st.bindings),
    page: renumber(`${st.sql.slice(0, open)}NULL${st.sql.slice(close + 1)}`, st.bindings),
  };
}

/** Index of the `)` closing the `(` at `open`, skipping '…' literals and "…" identifiers. */
function matchingParen(sql: string, open: number): number {
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      i = sql.indexOf(ch, i + 1); // doubled quotes inside read as two adjacent literals: same end
      if (i < 0) break;
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  throw new Error('unbalanced parentheses in the captured statement');
}

/** `$n` placeholders (outside quotes) numbered from 1 in order of use, with their bindings. */
function renumber(sql: string, bindings: readonly unknown[]): Statement {
  const next = new Map<number, number>();
  const out: unknown[] = [];
  let text = '';
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '$') {
      const m = /^\$(\d+)/.exec(sql.slice(i));
      if (m) {
        const old = Number(m[1]);
        if (!next.has(old)) {
          out.push(bindings[old - 1]);
          next.set(old, out.length);
        }
        text += `$${next.get(old)}`;
        i += m[0].length - 1;
        continue;
      }
    }
    text += ch;
  }
  return { sql: text, bindings: out };
}
