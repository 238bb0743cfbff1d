import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../../platform/logging/logger.js';

/**
 * The upload service's entry point beside this file: the TypeScript source when the API runs from
 * source (tsx), the bundle `server/dist/upload-service.js` next to `main.js` when built.
 */
export function uploadServiceEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  if (!here.endsWith('.ts')) return { file: path.join(dir, 'upload-service.js'), execArgv: [] };
  const tsx = process.execArgv.some((a) => a.includes('tsx'));
  return {
    file: path.join(dir, 'upload-service.main.ts'),
    execArgv: tsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
  };
}

export interface UploadServiceProcess {
  /** The port it listens on (the real one when UPLOADER_PORT=0). */
  port: number;
  pid: () => number | undefined;
  /** SIGTERM, then waits for it to finish its uploads in flight (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

function once(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the upload service did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m?.type === 'uploader-ready' && typeof m.port === 'number') {
        clearTimeout(timer);
        resolve(m.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the upload service exited during start-up (code ${code})`));
    });
  });
}

/**
 * Forks the upload service as a child of the API process (`npm start`): same environment plus
 * `env` (the database URL of the embedded PostgreSQL), output to the same terminal. A service that
 * dies on its own is started again after a pause on the same port; Ctrl+C reaches both processes
 * and the API waits for the service before stopping the database.
 */
export async function startUploadServiceProcess(opts: {
  env: Record<string, string>;
  logger: Logger;
  timeoutMs?: number;
}): Promise<UploadServiceProcess> {
  const entry = uploadServiceEntry();
  let env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  let stopping = false;
  const spawnChild = () => fork(entry.file, [], { env, execArgv: entry.execArgv, stdio: 'inherit' });
  let child = spawnChild();
  const port = await once(child, opts.timeoutMs ?? 60_000);
  // A restart keeps the address clients were given.
  env = { ...env, UPLOADER_PORT: String(port) };

  const watch = (c: ChildProcess) =>
    c.once('exit', (code, signal) => {
      if (stopping) return;
      opts.logger.error({ code, signal }, 'the upload service stopped; starting it again');
      setTimeout(() => {
        if (stopping) return;
        child = spawnChild();
        watch(child);
      }, 2_000).unref();
    });
  watch(child);

  return {
    port,
    pid: () => child.pid,
    async stop(graceMs = 15_000) {
      stopping = true;
      const c = child;
      if (c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => c.kill('SIGKILL'), graceMs);
        c.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        c.kill('SIGTERM');
      });
    },
  };
}
