import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * pg_dump and pg_restore of the PostgreSQL major version the server has (docs/operations.md,
 * "Backup and restore"): the one from PG_BIN_DIR, else Debian's /usr/lib/postgresql/<major>/bin,
 * else on PATH; a newer major when that one is missing (pg_dump reads older servers, pg_restore
 * older archives). Never an older one: pg_dump refuses a newer server.
 */
export async function pgTool(
  tool: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const candidates: string[] = [];
  if (env.PG_BIN_DIR) candidates.push(path.join(env.PG_BIN_DIR, tool));
  const debian = '/usr/lib/postgresql';
  const installed = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .map(Number)
        .filter((n) => n >= serverMajor)
        .sort((a, b) => a - b)
    : [];
  for (const major of installed) candidates.push(path.join(debian, String(major), 'bin', tool));
  candidates.push(tool);
  const seen: string[] = [];
  for (const bin of candidates) {
    const major = await majorOf(bin);
    if (major === null) continue;
    seen.push(`${bin} (${major})`);
    if (major >= serverMajor) return bin;
  }
  throw new Error(
    `${tool} for PostgreSQL ${serverMajor} not found${seen.length ? ` (found ${seen.join(', ')})` : ''}: install postgresql-client-${serverMajor} or set PG_BIN_DIR`,
  );
}

async function majorOf(bin: string): Promise<number | null> {
  try {
    const { stdout } = await exec(bin, ['--version']);
    const m = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Runs a tool; its stderr is the error's message when it fails. */
export async function runTool(bin: string, args: string[]): Promise<void> {
  try {
    await exec(bin, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${path.basename(bin)} failed: ${(e.stderr || e.message).trim()}`);
  }
}
