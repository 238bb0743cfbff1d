import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/platform/db/embedded-postgres.js';
import { useTestDatabase } from './harness.test-kit.js';
import {
  buildServer,
  nginxMissing,
  ProxyClient,
  spawnBuilt,
  type BuiltProcess,
  renderTemplate,
  rssOf,
  selfSignedCertificate,
  startNginx,
  TEMPLATE,
  type NginxProcess,
} from './deploy-topology.test-kit.js';

/**
 * The deployment of docs/operations.md, run for real (issue 30 point 2): Debian's nginx with the
 * repository's deploy/nginx/school.conf.template (TLS, HTTP/2, websockets, the upload path
 * unbuffered) in front of two API processes and the upload service, built and started as the
 * systemd units of deploy/systemd run them (`node server/dist/main.js` with UPLOADER_START=0,
 * `node server/dist/upload-service.js`), on one PostgreSQL and one files directory.
 * Everything below goes through the proxy.
 */

const missing = nginxMissing();
if (missing) console.warn(`deploy-topology: skipped, ${missing}`);

const run = promisify(execFile);
const MiB = 1024 * 1024;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const work = path.resolve('.tmp', `deploy-${process.pid}-${randomBytes(3).toString('hex')}`);
const dist = path.join(work, 'dist');
const serverDist = path.join(work, 'server-dist');
const startApi = (env: Record<string, string>) =>
  spawnBuilt(path.join(serverDist, 'main.js'), env, /School platform is running/);
const db = useTestDatabase();
let nginx: NginxProcess;
let uploader: BuiltProcess;
const api: Array<{ proc: BuiltProcess; env: Record<string, string>; metricsPort: number }> = [];
let base: string;
let ca: string;
let admin: ProxyClient;
const sockets: Socket[] = [];

/** Which API process (0 or 1) logged the request with this id (nginx's $request_id). */
function servedBy(requestId: string): number {
  const who = api.findIndex((p) => p.proc.output().includes(`"req":"${requestId}"`));
  if (who < 0) throw new Error(`no API process logged request ${requestId}`);
  return who;
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function openSockets(i: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${api[i]!.metricsPort}/metrics`)).text();
  return Number(/^realtime_open_sockets\{[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
}

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a9c.js'), 'console.log("hashed bundle")');
  const { cert, key, pem } = selfSignedCertificate(work);
  ca = pem;
  buildServer(serverDist);
  await db.knex('feature_flags').where('name', 'recordings_uploader_enabled').update({ enabled: true });
  const [httpsPort, httpPort, uploaderPort, api1, api2, m1, m2] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  );
  base = `https://127.0.0.1:${httpsPort}`;
  const shared = {
    DATABASE_URL: db.url,
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    APP_URL: base,
    UPLOADER_URL: base,
    SESSION_COOKIE_SECURE: '1',
    TRUST_PROXY: '1',
    UPLOADER_JWT_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN,
    DATA_DIR: path.join(work, 'data'),
    STATIC_FAMILY_DIR: dist,
    STATIC_STAFF_DIR: dist,
    STUDY_REMINDERS_TICK: '0',
  };
  const apiEnv = (port: number, metricsPort: number) => ({
    ...shared,
    PORT: String(port),
    UPLOADER_START: '0',
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'info',
  });
  const site = renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
    SCHOOL_SERVER_NAME: '127.0.0.1 localhost',
    SCHOOL_HTTP_PORT: `127.0.0.1:${httpPort}`,
    SCHOOL_HTTPS_PORT: `127.0.0.1:${httpsPort}`,
    SCHOOL_TLS_CERT: cert,
    SCHOOL_TLS_KEY: key,
    SCHOOL_API_1: `127.0.0.1:${api1}`,
    SCHOOL_API_2: `127.0.0.1:${api2}`,
    SCHOOL_UPLOADER: `127.0.0.1:${uploaderPort}`,
    SCHOOL_FAMILY_DIST: dist,
    SCHOOL_STAFF_DIST: dist,
  });
  const envs = [apiEnv(api1!, m1!), apiEnv(api2!, m2!)];
  const [p1, p2, up] = await Promise.all([
    startApi(envs[0]!),
    startApi(envs[1]!),
    spawnBuilt(
      path.join(serverDist, 'upload-service.js'),
      { ...shared, UPLOADER_PORT: String(uploaderPort), LOG_LEVEL: 'warn' },
      /Upload service is running/,
    ),
  ]);
  api.push({ proc: p1, env: envs[0]!, metricsPort: m1! }, { proc: p2, env: envs[1]!, metricsPort: m2! });
  uploader = up;
  nginx = await startNginx(path.join(work, 'nginx'), site, httpsPort!);
  admin = new ProxyClient(base, ca);
  const login = await admin.post('/login', { email: 'admin@example.com', password: 'demo12345' });
  expect(login.status, login.text).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  admin?.close();
  await nginx?.stop();
  await Promise.all([...api.map((p) => p.proc.stop()), uploader?.stop()]);
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(missing)(
  'the deployment: nginx, two API processes and the upload service on one PostgreSQL',
  () => {
    it('serves TLS with HTTP/2, hashed bundles cached for a year, pages and health; /metrics is not public', async () => {
      const c = new ProxyClient(base, ca);
      const bundle = await c.get('/assets/app-3f2a9c.js');
      expect(bundle.status).toBe(200);
      expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await c.get('/staff/assets/app-3f2a9c.js')).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      const page = await c.get('/calendar', { Accept: 'text/html', 'X-Requested-With': '' });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect((await c.get('/readyz')).body).toEqual({ status: 'ready' });
      // Not even with the right token: scrapes go to each process's private METRICS_PORT.
      expect((await c.get('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(404);
      const h2 = http2.connect(base, { ca });
      const status = await new Promise<number>((resolve, reject) => {
        const req = h2.request({ ':path': '/healthz' });
        req.on('response', (h) => resolve(Number(h[':status'])));
        req.on('error', reject);
        req.end();
      });
      h2.close();
      expect(status).toBe(200);
      c.close();
    });

    it('a session made on one process serves requests on the other', async () => {
      const c = new ProxyClient(base, ca);
      const login = await c.post('/login', { email: 'teacher@example.com', password: 'demo12345' });
      expect(login.status).toBe(200);
      await until(
        () => api.some((p) => p.proc.output().includes(String(login.headers['x-request-id']))),
        'the sign-in line',
      );
      const signedInOn = servedBy(String(login.headers['x-request-id']));
      const seen = new Set<number>();
      for (let i = 0; i < 6 && seen.size < 2; i++) {
        const me = await c.get('/api/user');
        expect(me.status).toBe(200);
        expect(me.body.data.email).toBe('teacher@example.com');
        await until(
          () => api.some((p) => p.proc.output().includes(String(me.headers['x-request-id']))),
          'the request line',
        );
        seen.add(servedBy(String(me.headers['x-request-id'])));
      }
      expect(seen).toContain(1 - signedInOn);
      c.close();
    });

    it('a socket connected through the proxy receives changes made through either process', async () => {
      const parent = new ProxyClient(base, ca);
      expect(
        (await parent.post('/login', { email: 'parent@example.com', password: 'demo12345' })).status,
      ).toBe(200);
      const student = (await db.knex('users').where({ email: 'student@example.com' }).first('id'))
        .id as number;
      const study = await db
        .knex('study_user')
        .where({ user_id: student })
        .join('studies', 'studies.id', 'study_user.study_id')
        .where('studies.start', '>', db.knex.fn.now())
        .orderBy('studies.start')
        .first('studies.id');
      const socket = io(base, {
        path: '/socket.io',
        transports: ['websocket'],
        ca,
        forceNew: true,
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
        extraHeaders: { Cookie: parent.cookieHeader(), Origin: base },
      } as never);
      sockets.push(socket);
      const changes: number[] = [];
      socket.on('study:changed', (c: { studyId: number }) => changes.push(c.studyId));
      let connects = 0;
      socket.on('connect', () => {
        connects++;
        void socket.emitWithAck('calendar:subscribe', { userId: student });
      });
      await until(() => connects === 1, 'the socket');
      await until(async () => (await openSockets(0)) + (await openSockets(1)) === 1, 'the socket counted');
      const servers = new Set<number>();
      for (let n = 1; n <= 2; n++) {
        await new Promise((r) => setTimeout(r, 100)); // the subscription's ack
        const res = await admin.patch(`/api/studies/${study.id}`, { comment: `through the proxy ${n}` });
        expect(res.status, res.text).toBe(200);
        await until(() => changes.filter((id) => id === study.id).length >= n, `change ${n}`);
        await until(
          () => api.some((p) => p.proc.output().includes(String(res.headers['x-request-id']))),
          'the PATCH line',
        );
        servers.add(servedBy(String(res.headers['x-request-id'])));
      }
      // Round robin: the two changes were made on different processes, one of them not the socket's.
      expect(servers.size).toBe(2);
      parent.close();
    });

    it('a 300 MB recording goes through nginx to the upload service with flat memory; playback with ranges through the proxy', async () => {
      const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
      const file = path.join(work, 'lesson.mkv');
      // 218 raw 1280x720 frames: ~300 MB of real video that ffprobe accepts.
      await run(ffmpeg, [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=1280x720:rate=25',
        '-frames:v',
        '218',
        '-c:v',
        'rawvideo',
        '-pix_fmt',
        'yuv420p',
        '-f',
        'matroska',
        file,
      ]);
      const size = fs.statSync(file).size;
      expect(size).toBeGreaterThan(300 * 1000 * 1000);
      const study = await db.knex('studies').where('miss_status', 0).orderBy('id').first('id');
      const issued = await admin.get(`/api/jwt/issue?study_id=${study.id}`);
      expect(issued.status, issued.text).toBe(200);
      expect(issued.body.upload_url).toBe(base);
      const boundary = '----deploytopology';
      const metadata = JSON.stringify({
        study_id: study.id,
        parts: [{ part: 1, file_name: 'lesson.mkv', id: null, languages: [] }],
      });
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="lesson.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const baseRss = rssOf(uploader.pid);
      let peak = baseRss;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(uploader.pid))), 50);
      const res = await admin
        .postStream('/upload', file, head, tail, {
          Authorization: `Bearer ${issued.body.token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
        })
        .finally(() => clearInterval(sampler));
      expect(res.status, res.text).toBe(200);
      const growth = peak - baseRss;
      console.info(
        `deploy-topology: 300 MB upload through nginx, upload service RSS ${Math.round(baseRss / MiB)} MiB + ${Math.round(growth / MiB)} MiB at peak`,
      );
      expect(growth).toBeLessThan(96 * MiB);
      const [recordingId] = JSON.parse(res.text).created as number[];
      const start = 150 * MiB;
      const played = await admin.get(`/api/studies/${study.id}/recordings/${recordingId}/play`, {
        Range: `bytes=${start}-${start + 65535}`,
      });
      expect(played.status).toBe(206);
      expect(played.headers['content-range']).toBe(`bytes ${start}-${start + 65535}/${size}`);
      const expected = Buffer.alloc(65536);
      const fd = fs.openSync(file, 'r');
      fs.readSync(fd, expected, 0, 65536, start);
      fs.closeSync(fd);
      expect(played.raw.equals(expected)).toBe(true);
      fs.rmSync(file);
    });

    it('an API process restarted under a light load: no request fails, its sockets reconnect to the other', async () => {
      const holder = (await openSockets(0)) === 1 ? 0 : 1;
      expect(await openSockets(holder)).toBe(1);
      const socket = sockets[0]!;
      let reconnected = false;
      socket.once('connect', () => (reconnected = true));
      const study = await db.knex('studies').orderBy('id').first('id');
      const failures: string[] = [];
      let done = 0;
      let stop = false;
      const worker = async () => {
        while (!stop) {
          for (const p of ['/api/user', `/api/studies/${study.id}`]) {
            try {
              const r = await admin.get(p);
              if (r.status !== 200) failures.push(`${p}: ${r.status} ${r.text.slice(0, 120)}`);
            } catch (err) {
              failures.push(`${p}: ${(err as Error).message}`);
            }
            done++;
          }
        }
      };
      const workers = [worker(), worker(), worker()];
      await until(() => done > 30, 'the load to run');
      const old = api[holder]!;
      expect(await old.proc.stop()).toBe(0);
      // The socket's process is gone: the client reconnects through nginx, to the other one.
      await until(() => reconnected, 'the socket to reconnect');
      const restarted = await startApi(old.env);
      api[holder] = { ...old, proc: restarted };
      const before = done;
      await until(() => done > before + 60, 'more load after the restart');
      await until(() => restarted.output().includes('"msg":"request"'), 'the restarted process to serve');
      stop = true;
      await Promise.all(workers);
      expect(failures).toEqual([]);
      expect(done).toBeGreaterThan(90);
    });
  },
);
