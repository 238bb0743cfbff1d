import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 36 point 2: an error nothing caught is in the JSON log at fatal level, with its stack,
 * and the process exits non-zero. A child process each: the handlers end the process they are in.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function crash(how: string) {
  const script = `
    import { createLogger } from ${JSON.stringify(here('../logging/logger.ts'))};
    import { exitOnUncaughtErrors } from ${JSON.stringify(here('./fatal-errors.ts'))};
    exitOnUncaughtErrors(createLogger('info'));
    ${how}
    setTimeout(() => process.stdout.write('still running\\n'), 2000);
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  const fatal = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string; stack: string } })
    .find((l) => l.level === 60);
  return { status: r.status, stdout: r.stdout, fatal };
}

describe('exitOnUncaughtErrors', () => {
  it('logs an uncaught exception at fatal level with its stack, then exits with 1', () => {
    const r = crash(
      `setTimeout(function thrower() { throw new Error('an error event nobody listened to'); }, 10);`,
    );
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('still running');
    expect(r.fatal?.msg).toBe('uncaught exception: the process exits');
    expect(r.fatal?.err?.message).toBe('an error event nobody listened to');
    expect(r.fatal?.err?.stack).toContain('thrower');
  }, 30_000);

  it('logs an unhandled rejection at fatal level with its stack, then exits with 1', () => {
    const r = crash(
      `setTimeout(async function rejecter() { await Promise.resolve(); throw new Error('a promise nobody awaited'); }, 10);`,
    );
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('still running');
    expect(r.fatal?.msg).toBe('unhandled promise rejection: the process exits');
    expect(r.fatal?.err?.message).toBe('a promise nobody awaited');
    expect(r.fatal?.err?.stack).toContain('rejecter');
  }, 30_000);
});
