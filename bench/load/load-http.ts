import http from 'node:http';

/**
 * The drill's HTTP client: node:http over kept-alive sockets (cheap per request, so the client
 * takes little of the CPU the server and PostgreSQL share), the headers the apps send, and a
 * deadline per request so a hang shows up as a timeout, never as a stuck drill.
 */

export interface Answer {
  /** 0 when no HTTP answer came (connection refused or reset, timeout). */
  status: number;
  ms: number;
  text: string;
  /** The envelope's `code` of an error answer, the network error's code, or 'timeout'. */
  code?: string;
  setCookie: string[];
}

export interface RequestOptions {
  cookie?: string;
  json?: unknown;
  form?: Record<string, string>;
  lang?: string;
}

export class LoadHttp {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly host: string;
  private readonly port: number;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  /**
   * A GET on a kept-alive socket the server closed as it was reused (its idle timeout) fails with
   * a reset before any answer: sent again once on a new connection, as browsers do. Other methods
   * are not repeated.
   */
  async request(method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
    const first = await this.send(method, path, opts, false);
    if (!(
      method === 'GET' &&
      first.reusedSocket &&
      first.status === 0 &&
      (first.code === 'ECONNRESET' || first.code === 'EPIPE')
    ))
      return first;
    const again = await this.send(method, path, opts, true);
    return { ...again, ms: again.ms + first.ms };
  }

  private send(
    method: string,
    path: string,
    opts: RequestOptions,
    fresh: boolean,
  ): Promise<Answer & { reusedSocket: boolean }> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': opts.lang ?? 'uk',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (opts.cookie) headers.Cookie = opts.cookie;
    let body: string | undefined;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['Content-Type'] = 'application/json';
    } else if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (a: Omit<Answer, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...a, ms: performance.now() - started, reusedSocket: req.reusedSocket });
      };
      const req = http.request(
        { host: this.host, port: this.port, method, path, headers, agent: fresh ? false : this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err: NodeJS.ErrnoException) =>
            done({ status: 0, text: '', code: err.code ?? 'response_error', setCookie: [] }),
          );
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            done({
              status,
              text,
              code: status >= 400 ? envelopeCode(text) : undefined,
              setCookie: res.headers['set-cookie'] ?? [],
            });
          });
        },
      );
      const timer = setTimeout(() => {
        done({ status: 0, text: '', code: 'timeout', setCookie: [] });
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) =>
        done({ status: 0, text: '', code: err.code ?? 'request_error', setCookie: [] }),
      );
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function envelopeCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : 'no_code';
  } catch {
    return 'not_json';
  }
}

/** `name=value` pairs of Set-Cookie headers, as a Cookie header. */
export function cookieHeader(setCookie: readonly string[]): string {
  return setCookie.map((c) => c.split(';')[0]).join('; ');
}
