import type { Knex } from 'knex';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoSchool } from './db/seeds/demo-school.seed.js';
import {
  loadUploadSecret,
  startUploadServiceProcess,
  uploaderPublicUrl,
  type UploadServiceProcess,
} from './features/recording-uploads/index.js';
import { migrateLatest, openDatabase, withStartupLock } from './platform/db/database.js';
import { takeOverShutdownSignals } from './platform/db/embedded-postgres.js';
import { serveMetrics } from './platform/health/operations.js';
import { createJobQueue } from './platform/jobs/pg-boss-job-queue.js';
import { createLogger } from './platform/logging/logger.js';
import { exitOnUncaughtErrors } from './platform/process/fatal-errors.js';
import { hashPassword } from './platform/security/secrets.js';

const DEMO_ACCOUNTS = [
  ['Administrator', 'admin@example.com'],
  ['Manager', 'manager@example.com'],
  ['Teacher', 'teacher@example.com'],
  ['Methodologist', 'methodologist@example.com'],
  ['Student', 'student@example.com'],
  ['Responsible (parent)', 'parent@example.com'],
];

async function schoolIsEmpty(knex: Knex): Promise<boolean> {
  const row = await knex('users').count<{ count: number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0) === 0;
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  exitOnUncaughtErrors(logger);
  const db = await openDatabase({
    ...config,
    log: (line) => logger.debug({ pg: line.trim() }, 'postgres'),
    knexLog: logger,
  });
  logger.info({ embedded: !config.DATABASE_URL }, 'database ready');
  await migrateLatest(db.knex);

  // The recordings upload service: its own process on the same database, storage and secret. It
  // starts while this process seeds and builds the app; its address is set before the first request.
  const appConfig = { ...config };
  const uploaderStart = config.UPLOADER_START
    ? loadUploadSecret(config, { create: true }).then(() =>
        startUploadServiceProcess({
          env: {
            DATABASE_URL: db.url,
            DATA_DIR: config.DATA_DIR,
            UPLOADER_PORT: String(config.UPLOADER_PORT),
          },
          logger,
        }),
      )
    : Promise.resolve(undefined);
  uploaderStart.catch(() => undefined);

  const seed = config.SEED_DEMO ?? !config.DATABASE_URL;
  // Under the start-up lock: two processes starting on one empty database seed it once.
  if (seed) {
    await withStartupLock(db.knex, async () => {
      if (!(await schoolIsEmpty(db.knex))) return;
      logger.info('loading the demo school');
      await seedDemoSchool(db.knex, { hashPassword, uploaderService: config.UPLOADER_START });
    });
  }

  // Background jobs (the messenger outbox): pg-boss in the same database, started once every
  // module registered its jobs; pending bot messages a previous run left are queued again.
  const jobs = createJobQueue({ databaseUrl: db.url, logger });
  const { app, server, realtime, services, metrics } = createApp({
    config: appConfig,
    knex: db.knex,
    logger,
    dbUrl: db.url,
    jobs,
  });
  // Behind a proxy (docs/operations.md): ctx.ip is the address nginx saw, not a client's claim.
  app.proxy = config.TRUST_PROXY;
  app.maxIpsCount = 1;
  // Prometheus on a private port of its own (docs/operations.md); with METRICS_TOKEN also /metrics on PORT.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(metrics, config.METRICS_PORT, config.METRICS_HOST);
  await jobs.start();
  await services.messengerOutbox?.resumePending();
  // What a killed process left of uploads (temp files, stored objects without a row) goes first.
  const sweep = () =>
    services
      .sweepRecordings()
      .then((report) => logger.info(report, 'recording leftovers swept'))
      .catch((err: unknown) => logger.error({ err }, 'recording sweep failed'));
  await sweep();
  setInterval(() => void sweep(), 3600_000).unref();
  let uploader: UploadServiceProcess | undefined;
  try {
    uploader = await uploaderStart;
  } catch (err) {
    await db.close();
    throw new Error(
      `${(err as Error).message} (UPLOADER_PORT=${config.UPLOADER_PORT}; UPLOADER_START=0 runs the API without it)`,
    );
  }
  if (uploader) appConfig.UPLOADER_URL = uploaderPublicUrl(config, uploader.port);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const url = `http://localhost:${config.PORT}`;
  process.stdout.write(
    [
      '',
      `School platform is running: ${url}`,
      `  Family web (students, parents): ${url}/`,
      `  Staff app in the browser:       ${url}/staff/`,
      ...(uploader ? [`  Recordings upload service:      ${appConfig.UPLOADER_URL}`] : []),
      seed ? '  Demo accounts (password demo12345):' : '',
      ...(seed ? DEMO_ACCOUNTS.map(([role, email]) => `    ${role.padEnd(22)} ${email}`) : []),
      '',
    ].join('\n') + '\n',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Finish requests in flight, then close the pool and stop PostgreSQL cleanly.
    await realtime?.close();
    await jobs.stop();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await Promise.all([
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
      // Before the database stops: its uploads in flight commit first.
      uploader?.stop(),
    ]);
    clearTimeout(force);
    metricsServer?.close();
    await db.close();
    logger.info('stopped');
    process.exit(0);
  };
  takeOverShutdownSignals();
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
