import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { spawnServerProcess, type ServerProcess } from '@school/server/test/server-process.test-kit';
import { tunnelUpgrade } from '../support/answer-proxy.test-kit';

/**
 * A real outage for the staff app's browser build (issue 34 point 6): the server as an operating
 * system process the test stops and starts again on the same port and database, behind a shell
 * proxy that plays the part of Electron's app:// protocol: it keeps the app's own files it has
 * served (the installed app has them on disk) and answers 502 for the API while the server cannot
 * be reached, exactly as the desktop's proxy does. `cut` loses this browser's connection alone
 * (the teacher's home internet) while the server stays up for everyone else.
 */
export interface OutageServer {
  /** The server process itself (a second browser context may use it directly). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface ShellProxy {
  url: string;
  /** true: this browser's connection is lost (every request 502, live sockets dropped). */
  cut(lost: boolean): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startOutageServer(databaseUrl: string): Promise<OutageServer> {
  const port = await freePort();
  const env = { DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
  let running: ServerProcess | null = await spawnServerProcess(env);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await running?.stop();
      running = null;
    },
    async start() {
      running ??= await spawnServerProcess(env);
    },
  };
}

interface Kept {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const isAppFile = (method: string, path: string) =>
  method === 'GET' && path.startsWith('/staff') && !path.startsWith('/staff/api');

export async function startShellProxy(target: string): Promise<ShellProxy> {
  const upstream = new URL(target);
  const kept = new Map<string, Kept>();
  const sockets = new Set<Socket>();
  let lost = false;
  const unreachable = (res: http.ServerResponse) => {
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ message: 'Bad Gateway' }));
  };
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const fallback = () => {
      const file = isAppFile(method, path) ? (kept.get(path) ?? kept.get('/staff/')) : undefined;
      if (!file) return unreachable(res);
      res.writeHead(file.status, file.headers);
      res.end(file.body);
    };
    if (lost) {
      req.resume();
      return fallback();
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method, path, headers: req.headers },
      (reply) => {
        if (!isAppFile(method, path) || reply.statusCode !== 200) {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          const { 'set-cookie': _cookie, ...headers } = reply.headers;
          const file = { status: 200, headers, body: Buffer.concat(chunks) };
          // The app's index answers every client route: the kept copy serves them all.
          if ((reply.headers['content-type'] ?? '').includes('text/html')) kept.set('/staff/', file);
          kept.set(path, file);
          res.writeHead(200, reply.headers);
          res.end(file.body);
        });
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) fallback();
      else res.destroy();
    });
    req.pipe(forward);
  });
  server.on('upgrade', (req, socket: Socket, head) => {
    if (lost) return socket.destroy();
    sockets.add(socket);
    tunnelUpgrade(upstream, req, socket, head, () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut(value) {
      lost = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
