import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createApiClient, type ApiClient } from '@school/shared/api';
import { calendarWindows, toKyivIso } from '@school/shared/rules';
import {
  createStudyListPatcher,
  type CalendarStudy,
  type StudyListPatcher,
} from '@school/shared/ui/calendar';
import { fetchCalendarStudies } from '@school/desktop/src/renderer/src/kit/calendar-data/calendar-api.js';
import { spawnServerProcess } from '@school/server/test/server-process.test-kit.js';
import { freePort } from '@school/server/src/platform/db/embedded-postgres.js';
import { openLargeSchool } from '../support/large-school.js';
import { LoadHttp } from './load-http.js';
import { signIn } from './load-actors.js';

/**
 * `npm run bench:watchers` (issue 32 point 4): WATCHERS socket clients, each watching a busy
 * teacher's calendar through the staff app's own code (its calendar calls, calendar-api.ts, on the
 * shared API client; the shared patcher, study-list-sync.ts; socket.io-client), while one study of
 * those teachers changes per second (a comment saved, as the study modal saves it). Reported:
 * bytes the server sent per change per watching client (HTTP bodies and the event), requests per
 * change per client, and the server process's CPU per change (/proc utime + stime). Mode `patch`
 * is the apps now; mode `refetch` is the same clients treating every change as one without a
 * study id, i.e. the apps before issue 32 (the whole list and its flags again). At the end every
 * client's list must equal a fresh full list. JSON: bench/results/watchers.json.
 *
 *   BENCH_SCALE=0.05 BENCH_KEEP=1 BENCH_LARGE_DB=… npm run bench:watchers
 *   WATCHERS=50  WATCH_TEACHERS=5  WATCH_CHANGES=30  WATCH_REFETCH_CHANGES=3
 */
const log = (l: string) => process.stderr.write(`${l}\n`);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const round = (x: number) => Math.round(x * 10) / 10;

interface Watcher {
  teacher: number;
  rows: CalendarStudy[] | undefined;
  patcher: StudyListPatcher<CalendarStudy>;
  client: ApiClient;
  socket: Socket;
  mode: { refetch: boolean };
}

const counters = { bytes: 0, requests: 0, inFlight: 0, events: 0 };

function countingFetch(cookie: string): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Cookie', cookie);
    counters.requests += 1;
    counters.inFlight += 1;
    try {
      const res = await fetch(input, { ...init, headers });
      const body = await res.arrayBuffer();
      counters.bytes += body.byteLength;
      return new Response(res.status === 304 ? null : body, { status: res.status, headers: res.headers });
    } finally {
      counters.inFlight -= 1;
    }
  };
}

function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function quiet(ms: number): Promise<void> {
  let still = 0;
  while (still < ms) {
    await new Promise((r) => setTimeout(r, 100));
    still = counters.inFlight === 0 ? still + 100 : 0;
  }
}

async function main() {
  const scale = num('BENCH_SCALE', 0.05);
  const school = await openLargeSchool(
    process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    scale,
    log,
  );
  const from = toKyivIso(calendarWindows(Date.now()).studiesFrom);
  const teachers = (
    await school.knex.raw(
      `SELECT su.user_id AS id, count(*)::int AS n FROM study_user su JOIN studies s ON s.id = su.study_id JOIN users u ON u.id = su.user_id
       WHERE u.role_id = 3 AND s.start >= ? GROUP BY su.user_id ORDER BY n DESC LIMIT ?`,
      [from, num('WATCH_TEACHERS', 5)],
    )
  ).rows as Array<{ id: number; n: number }>;
  const port = await freePort();
  const server = await spawnServerProcess({
    DATABASE_URL: school.url,
    TEST_DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.resolve('.tmp', 'watchers-data'),
    UPLOADER_START: '0',
    SEED_DEMO: '0',
  });
  const base = `http://127.0.0.1:${port}`;
  const http = new LoadHttp(base);
  const watchers: Watcher[] = [];
  try {
    const cookie = await signIn(http, 'admin@example.com');
    for (let i = 0; i < num('WATCHERS', 50); i += 1) {
      const teacher = teachers[i % teachers.length].id;
      const client = createApiClient({
        baseUrl: base,
        getLanguage: () => 'uk',
        fetchImpl: countingFetch(cookie),
      });
      const w = { teacher, rows: undefined, client, mode: { refetch: false } } as Watcher;
      w.patcher = createStudyListPatcher<CalendarStudy>({
        fetchStudies: (ids) => fetchCalendarStudies(client, teacher, Date.now(), ids),
        update: (change) => {
          w.rows = change(w.rows);
        },
        reloadAll: () => {
          void w.patcher
            .loadAll(() => fetchCalendarStudies(client, teacher, Date.now()))
            .then((rows) => {
              w.rows = rows;
            });
        },
      });
      w.rows = await w.patcher.loadAll(() => fetchCalendarStudies(client, teacher, Date.now()));
      w.socket = io(base, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { Cookie: cookie },
      });
      await new Promise<void>((resolve, reject) => {
        w.socket.once('connect', () => resolve());
        w.socket.once('connect_error', reject);
      });
      const ack = (await w.socket.timeout(5000).emitWithAck('calendar:subscribe', { userId: teacher })) as {
        ok: boolean;
      };
      if (!ack.ok) throw new Error('calendar:subscribe refused');
      w.socket.on('study:changed', (change: { studyId: number | null; userIds: number[] }) => {
        if (!change.userIds.includes(teacher)) return;
        counters.events += 1;
        counters.bytes += Buffer.byteLength(JSON.stringify(change));
        w.patcher.changed(w.mode.refetch ? null : change.studyId);
      });
      watchers.push(w);
    }
    log(
      `watchers: ${watchers.length} clients on ${teachers.length} teachers (${teachers.map((t) => t.n).join(', ')} studies)`,
    );
    const targets = (
      await school.knex.raw(
        `SELECT su.study_id AS id FROM study_user su JOIN studies s ON s.id = su.study_id WHERE su.user_id = ANY(?) AND s.start >= ? ORDER BY random() LIMIT 200`,
        [teachers.map((t) => t.id), from],
      )
    ).rows.map((r: { id: number }) => r.id) as number[];

    const run = async (mode: 'patch' | 'refetch', changes: number) => {
      for (const w of watchers) w.mode.refetch = mode === 'refetch';
      await quiet(1000);
      Object.assign(counters, { bytes: 0, requests: 0, events: 0 });
      const cpu0 = cpuTicks(server.proc.pid!);
      const t0 = performance.now();
      for (let i = 0; i < changes; i += 1) {
        const id = targets[i % targets.length];
        const res = await http.request('POST', `/api/studies/${id}`, {
          cookie,
          form: { _method: 'patch', comment: `watchers ${mode} ${i} ${Date.now()}` },
        });
        if (res.status !== 200) throw new Error(`change ${id}: ${res.status} ${res.text.slice(0, 200)}`);
        await new Promise((r) => setTimeout(r, Math.max(0, t0 + (i + 1) * 1000 - performance.now())));
      }
      await quiet(2000);
      const cpuMs = ((cpuTicks(server.proc.pid!) - cpu0) * 1000) / 100;
      const watching = changes * (watchers.length / teachers.length);
      return {
        changes,
        events_received: counters.events,
        bytes_per_change_per_client: Math.round(counters.bytes / watching),
        requests_per_change_per_client: round((counters.requests / watching) * 10) / 10,
        server_cpu_ms_per_change: round(cpuMs / changes),
        seconds: round((performance.now() - t0) / 1000),
      };
    };
    const patch = await run('patch', num('WATCH_CHANGES', 30));
    log(`  patch: ${JSON.stringify(patch)}`);
    const refetch = await run('refetch', num('WATCH_REFETCH_CHANGES', 3));
    log(`  refetch: ${JSON.stringify(refetch)}`);
    // After a sequence of patches, every list must be what a fresh load answers.
    let consistent = 0;
    const fresh = new Map<number, string>();
    for (const t of teachers) {
      const rows = await fetchCalendarStudies(watchers[0].client, t.id, Date.now());
      fresh.set(t.id, JSON.stringify([...rows].sort((a, b) => a.id - b.id)));
    }
    for (const w of watchers)
      if (JSON.stringify([...(w.rows ?? [])].sort((a, b) => a.id - b.id)) === fresh.get(w.teacher))
        consistent += 1;
    const result = {
      at: new Date().toISOString(),
      load_average: os.loadavg().map(round),
      scale,
      watchers: watchers.length,
      teachers: teachers.map((t) => ({ id: t.id, studies: t.n })),
      note: 'each client counts as watching one calendar; one change reaches the clients of its teacher',
      patch,
      refetch,
      clients_equal_to_a_fresh_list: `${consistent}/${watchers.length}`,
      targets: [
        {
          target: 'bytes per change per watching client at most 10 KB',
          measured: patch.bytes_per_change_per_client,
          limit: 10_240,
          pass: patch.bytes_per_change_per_client <= 10_240,
        },
      ],
    };
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/watchers.json', `${JSON.stringify(result, null, 2)}\n`);
    log(JSON.stringify(result, null, 2));
  } finally {
    for (const w of watchers) w.socket?.disconnect();
    http.close();
    await server.stop();
    await school.close();
  }
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
