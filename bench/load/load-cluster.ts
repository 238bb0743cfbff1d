import fs from 'node:fs';
import path from 'node:path';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '@school/server/src/platform/db/embedded-postgres.js';

/**
 * The drill's own PostgreSQL: the embedded binaries with a cluster under .tmp/pg-load, durable
 * (fsync on, as in production: "no acknowledged write is lost" means nothing without it). The
 * drill owns it, so it can stop it under a running server and start it again on the same port.
 * The shared PostgreSQL of the machine is never touched.
 */
export interface DrillCluster {
  adminUrl: string;
  port: number;
  /**
   * `fast`: what a restart by an operator or a service manager does (SIGINT: sessions are ended,
   * then a clean shutdown). `immediate`: a crash (SIGQUIT: no checkpoint; recovery replays the WAL).
   */
  stop(mode: StopMode): Promise<void>;
  start(): Promise<void>;
  /** Stops it; removes the cluster unless `keep`. */
  close(keep: boolean): Promise<void>;
}

export type StopMode = 'fast' | 'immediate';

export const DRILL_CLUSTER_DIR = path.resolve('.tmp', 'pg-load');

export async function openDrillCluster(log: (line: string) => void): Promise<DrillCluster> {
  const dir = DRILL_CLUSTER_DIR;
  // The port of a kept cluster changes from run to run; its data does not.
  const port = await freePort();
  let server: EmbeddedServer | undefined;
  const start = async () => {
    // Only the first line of a FATAL or PANIC: PostgreSQL adds the whole statement it cut short.
    const onLog = (l: string) =>
      /FATAL|PANIC/.test(l) ? log(`  postgres: ${l.trim().split('\n')[0]}`) : undefined;
    server = await startEmbeddedPostgres(dir, { port, persistent: true, onLog });
  };
  await start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode) {
      const running = server;
      server = undefined;
      if (!running) return;
      if (mode === 'fast') return running.stop();
      const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid);
    },
    start,
    async close(keep) {
      await server?.stop();
      server = undefined;
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForExit(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
