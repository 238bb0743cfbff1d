import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy answers instead of the server, for the requests a test picks. */
export type AnswerOverride = (request: {
  method: string;
  url: URL;
}) => { status: number; body: string } | null;

export interface AnswerProxy {
  url: string;
  /** null: everything goes to the server unchanged. */
  override: AnswerOverride | null;
  close(): Promise<void>;
}

/**
 * A small HTTP proxy in front of the test server (same paths, cookies and headers, websocket
 * upgrades piped through), which can answer chosen calls itself: how a browser test gets a
 * malformed answer from "the server" without changing the server.
 */
export async function startAnswerProxy(target: string): Promise<AnswerProxy> {
  const upstream = new URL(target);
  const proxy: AnswerProxy = { url: '', override: null, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', upstream);
    const answer = proxy.override?.({ method: req.method ?? 'GET', url }) ?? null;
    if (answer) {
      req.resume();
      res.writeHead(answer.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(answer.body);
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('upgrade', (req, socket: Socket, head) => tunnelUpgrade(upstream, req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/**
 * A websocket upgrade piped to the server as it came (request line, headers, first bytes), both
 * ways; either side ending ends the other, and `onEnd` hears of it.
 */
export function tunnelUpgrade(
  upstream: URL,
  req: http.IncomingMessage,
  socket: Socket,
  head: Buffer,
  onEnd: () => void = () => undefined,
): void {
  const remote = net.connect(Number(upstream.port), upstream.hostname, () => {
    const headers = Object.entries(req.headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${v}`),
    );
    remote.write([`${req.method} ${req.url} HTTP/1.1`, ...headers, '', ''].join('\r\n'));
    if (head.length > 0) remote.write(head);
    socket.pipe(remote).pipe(socket);
  });
  const end = () => {
    onEnd();
    socket.destroy();
    remote.destroy();
  };
  remote.on('error', end);
  remote.on('close', end);
  socket.on('error', end);
  socket.on('close', end);
}
