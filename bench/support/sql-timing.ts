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
export async function explainStatement(pool: pg.Pool, st: Statement): Promise<{ execution_ms: number; jit: boolean; jit_ms: number | null }> {
  const res = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${st.sql}`, [...st.bindings]);
  const plan = res.rows[0]['QUERY PLAN'][0] as { 'Execution Time': number; JIT?: { Timing?: { Total?: number } } };
  return { execution_ms: round(plan['Execution Time']), jit: Boolean(plan.JIT), jit_ms: plan.JIT?.Timing?.Total ?? null };
}

/** The statements of an engine list request, by role (session / user look-ups are the rest). */
export function classify(statements: Statement[]) {
  const page = statements.find((s) => /\) as "p" inner join/.test(s.sql));
  const count = statements.find((s) => /as "total"/.test(s.sql));
  if (!page || !count) throw new Error('page or count statement not found');
  return { page, count };
}
