import http from 'node:http';

export interface Timing {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  mean_ms: number;
  rps: number;
  /** This process's CPU time (user + system) per request: client and server when both run here. */
  cpu_ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One GET over a kept-alive socket; resolves with the status after the body is read. */
export function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/**
 * Runs `fn` `count` times with `concurrency` in flight after a warm-up, and reports percentiles.
 * Alternating cases inside one run (see `compare`) keeps machine noise from favouring one side.
 */
export async function measure(fn: () => Promise<unknown>, count: number, concurrency = 4): Promise<Timing> {
  for (let i = 0; i < Math.min(50, count); i++) await fn();
  const times: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t0 = process.hrtime.bigint();
        await fn();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const total = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return {
    requests: times.length,
    p50_ms: round(pct(0.5)),
    p95_ms: round(pct(0.95)),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
    rps: round(times.length / total),
    cpu_ms: round((cpu.user + cpu.system) / 1000 / times.length),
  };
}

/**
 * Measures two sides in alternating rounds and gives the ratio of their medians (a / b): p50
 * latency, throughput (b's share a reaches) and CPU per request, the figure a loaded machine
 * disturbs least (time waiting for a core is not counted).
 */
export async function compare(
  runA: () => Promise<unknown>,
  runB: () => Promise<unknown>,
  rounds = 5,
  perRound = 400,
) {
  const as: Timing[] = [];
  const bs: Timing[] = [];
  for (let r = 0; r < rounds; r++) {
    as.push(await measure(runA, perRound));
    bs.push(await measure(runB, perRound));
  }
  const med = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const a50 = med(as.map((t) => t.p50_ms));
  const b50 = med(bs.map((t) => t.p50_ms));
  const a = { p50_ms: a50, rps: med(as.map((t) => t.rps)), cpu_ms: med(as.map((t) => t.cpu_ms)) };
  const b = { p50_ms: b50, rps: med(bs.map((t) => t.rps)), cpu_ms: med(bs.map((t) => t.cpu_ms)) };
  return {
    a,
    b,
    ratio_p50: round(a50 / b50),
    ratio_rps: round(a.rps / b.rps),
    ratio_cpu: round(a.cpu_ms / b.cpu_ms),
  };
}

export const round = (n: number) => Math.round(n * 1000) / 1000;
