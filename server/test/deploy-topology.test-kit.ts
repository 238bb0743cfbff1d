import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';

/**
 * Test support of the deployment test (deploy-topology.int.test.ts): Debian's nginx run as the
 * test user with its own prefix on the repository's deploy/nginx/school.conf.template (rendered
 * with the test's ports and paths, as envsubst renders it on a server), a self-signed certificate,
 * and an HTTPS client that keeps cookies like a browser.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const TEMPLATE = path.resolve('deploy/nginx/school.conf.template');

/** Why the deployment test cannot run here, or null. */
export function nginxMissing(): string | null {
  if (!fs.existsSync(NGINX))
    return `Debian's nginx is not installed (${NGINX}); as root, npm test installs nginx-light`;
  return null;
}

/** Replaces exactly the template's `${SCHOOL_…}` names (what `envsubst '$SCHOOL_…'` does); any left is an error. */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  const out = text.replace(/\$\{(SCHOOL_[A-Z0-9_]+)\}/g, (whole, name: string) => {
    if (!(name in vars)) throw new Error(`the template names ${name}, which the test does not set`);
    return vars[name]!;
  });
  return out;
}

export function selfSignedCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, pem: fs.readFileSync(cert, 'utf8') };
}

export interface NginxProcess {
  proc: ChildProcess;
  prefix: string;
  output(): string;
  stop(): Promise<void>;
}

/** nginx in the foreground with everything (pid, logs, temp files) under `prefix`. */
export async function startNginx(prefix: string, site: string, port: number): Promise<NginxProcess> {
  for (const d of ['logs', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(prefix, d), { recursive: true });
  fs.writeFileSync(path.join(prefix, 'school.conf'), site);
  const main = [
    // As root, workers would otherwise run as nobody, who may not read the repository's files.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/logs/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    `  access_log ${prefix}/logs/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((d) => `  ${d}_temp_path ${prefix}/${d};`),
    `  include ${prefix}/school.conf;`,
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), main);
  let out = '';
  const proc = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (proc.exitCode !== null)
      throw new Error(`nginx exited: ${out}${readIf(path.join(prefix, 'logs/error.log'))}`);
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    proc,
    prefix,
    output: () => out + readIf(path.join(prefix, 'logs/error.log')),
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGQUIT');
      }),
  };
}

const readIf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
  raw: Buffer;
}

/** A browser-like HTTPS client of the proxy: trusts the test's certificate, keeps cookies. */
export class ProxyClient {
  readonly cookies = new Map<string, string>();
  private readonly agent: https.Agent;

  constructor(
    readonly base: string,
    readonly ca: string,
  ) {
    this.agent = new https.Agent({ ca, keepAlive: true, maxSockets: 16 });
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(
    method: string,
    urlPath: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ProxyResponse> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': 'uk',
      ...extra,
    };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    if (payload)
      Object.assign(headers, {
        'Content-Type': 'application/json',
        'Content-Length': String(payload.length),
      });
    return new Promise((resolve, reject) => {
      const req = https.request(
        new URL(this.base + urlPath),
        { method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            for (const c of res.headers['set-cookie'] ?? []) {
              const [pair] = c.split(';');
              const eq = pair!.indexOf('=');
              this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
            }
            const raw = Buffer.concat(chunks);
            const text = raw.toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed, raw });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  get = (p: string, h?: Record<string, string>) => this.request('GET', p, undefined, h);
  post = (p: string, b?: unknown, h?: Record<string, string>) => this.request('POST', p, b, h);
  patch = (p: string, b?: unknown, h?: Record<string, string>) => this.request('PATCH', p, b, h);

  /** Streams `head`, the file, then `tail` as one POST body (a multipart form from disk). */
  postStream(
    urlPath: string,
    file: string,
    head: Buffer,
    tail: Buffer,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string }> {
    const length = head.length + fs.statSync(file).size + tail.length;
    return new Promise((resolve, reject) => {
      const req = https.request(
        new URL(this.base + urlPath),
        { method: 'POST', agent: this.agent, headers: { ...headers, 'Content-Length': String(length) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.on('error', reject);
      req.write(head);
      const source = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
      source.pipe(req, { end: false });
      source.on('end', () => req.end(tail));
      source.on('error', reject);
    });
  }

  close() {
    this.agent.destroy();
  }
}

export function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

/** Bundles the server as `npm run build` does (server/build.mjs), into `outdir`: what systemd runs. */
export function buildServer(outdir: string): void {
  execFileSync(process.execPath, ['server/build.mjs', '--outdir', outdir], { stdio: 'inherit' });
}

export interface BuiltProcess {
  pid: number;
  output(): string;
  /** SIGTERM, then the exit code once it has shut down. */
  stop(): Promise<number | null>;
}

/** `node <script>` as a systemd unit's ExecStart runs it; resolves once its output matches `ready`. */
export async function spawnBuilt(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<BuiltProcess> {
  let out = '';
  const proc = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  while (!ready.test(out)) {
    if (proc.exitCode !== null) throw new Error(`${script} exited early:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`${script} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    pid: proc.pid!,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGTERM');
      }),
  };
}
