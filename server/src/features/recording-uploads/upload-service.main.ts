import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config.js';
import { createKnex } from '../../platform/db/database.js';
import { takeOverShutdownSignals } from '../../platform/db/embedded-postgres.js';
import { serveMetrics } from '../../platform/health/operations.js';
import { createLogger } from '../../platform/logging/logger.js';
import { exitOnUncaughtErrors } from '../../platform/process/fatal-errors.js';
import { createUploadServiceApp } from './upload-service.app.js';
import { uploaderPublicUrl } from './upload-service.config.js';
import { loadUploadSecret } from './upload-secret.js';

/**
 * Entry point of the recordings upload service, a process of its own (`npm start` forks it next to
 * the API: upload-service.process.ts; `node server/dist/upload-service.js` runs it alone). It uses
 * the API's database (DATABASE_URL; `npm start` passes the embedded one), storage and secret.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL).child({ service: 'uploader' });
  // As the API (main.ts): nothing ends this process without a fatal line in its log.
  exitOnUncaughtErrors(logger);
  if (!config.DATABASE_URL)
    throw new Error('DATABASE_URL is required: the upload service uses the API’s database');
  try {
    await loadUploadSecret(config, { create: false });
  } catch (err) {
    logger.error(
      { reason: (err as Error).message },
      'no usable signing secret: uploads are answered server_configuration',
    );
  }
  const knex = createKnex(config.DATABASE_URL, config.DB_POOL_MAX, logger);
  const { server, metrics } = createUploadServiceApp({ config, knex, logger });
  // Its metrics on a private port of its own when set (docs/operations.md).
  const metricsPort = config.UPLOADER_METRICS_PORT;
  const metricsServer =
    metricsPort === undefined ? undefined : await serveMetrics(metrics, metricsPort, config.METRICS_HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.UPLOADER_PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  process.stdout.write(
    `Upload service is running: ${uploaderPublicUrl(config, port)} (pid ${process.pid})\n`,
  );
  process.send?.({ type: 'uploader-ready', port });

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'upload service shutting down');
    // Uploads in flight may finish (their commit is one transaction); after 10 s they are cut.
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    metricsServer?.close();
    await knex.destroy();
    process.exit(0);
  };
  takeOverShutdownSignals();
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Forked by npm start: the API process is gone (even killed), so this one goes too.
  process.on('disconnect', () => void stop('parent gone'));
}

main().catch((err) => {
  process.stderr.write(`Upload service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
