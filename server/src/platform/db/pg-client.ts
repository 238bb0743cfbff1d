import pg from 'pg';

/**
 * Every raw pg client and pool is opened here, so each one has an 'error' listener: a connection
 * the server ends (restart, pg_terminate_backend, a dropped test database) emits 'error' on an
 * idle client, and an EventEmitter without a listener turns that into an uncaught exception that
 * kills the whole process. Lint forbids `new pg.Client` / `new pg.Pool` elsewhere.
 */
export type PgErrorHandler = (err: Error) => void;

const ignore: PgErrorHandler = () => undefined;

export function createPgClient(config: pg.ClientConfig, onError: PgErrorHandler = ignore): pg.Client {
  // eslint-disable-next-line no-restricted-syntax -- the one place that opens raw clients
  const client = new pg.Client(config);
  client.on('error', onError);
  return client;
}

/** A connected client; the caller ends it. */
export async function connectPgClient(
  connectionString: string,
  onError?: PgErrorHandler,
): Promise<pg.Client> {
  const client = createPgClient({ connectionString }, onError);
  await client.connect();
  return client;
}

export function createPgPool(config: pg.PoolConfig, onError: PgErrorHandler = ignore): pg.Pool {
  // eslint-disable-next-line no-restricted-syntax -- the one place that opens pools
  const pool = new pg.Pool(config);
  // The pool re-emits an idle client's error; the client is then removed from the pool.
  pool.on('error', onError);
  return pool;
}
