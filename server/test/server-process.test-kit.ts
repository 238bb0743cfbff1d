import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  proc: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then the exit code once it has shut down (at once when it already exited). */
  stop(): Promise<number | null>;
}

/**
 * Starts the real entry point (`server/src/main.ts`, what `npm start` runs) as an operating-system
 * process with `env` over the current environment, and waits until it says it is serving.
 */
export async function spawnServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    // UPLOADER_PORT 0: the upload service main.ts forks takes a free port (tests run side by side).
    env: { ...process.env, LOG_LEVEL: 'warn', UPLOADER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('School platform is running')) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        // A process killed by a signal has no exit code, only a signal code.
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGTERM');
      }),
  };
}
