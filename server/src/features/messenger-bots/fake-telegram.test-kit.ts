import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The one local stand-in for the Telegram Bot API (TELEGRAM_API_URL points here), shared by the
 * messenger tests, the faults drill, the load drill and the reminders bench. It records every
 * request and answers `ok: true` unless told otherwise, in one of two ways:
 *
 *  - `answer(...)` queues the next answers in arrival order (a status and body, or a handler that
 *    may hang), for tests that send one message at a time;
 *  - `plan(chat, ...)` decides a chat's first send, for drills whose chats send concurrently
 *    (arrival order there is unpredictable): `hold-first` leaves it unanswered (in flight until the
 *    sender dies), `cut-first` drops its connection, `retry-first` answers 429 with retry_after.
 *
 * Per chat it counts the sendMessage requests received (counted on arrival: a message the server
 * sent is delivered even if it never reads the answer) and the ones answered ok (what reached the
 * chat). The Viber fake of fake-bot-servers.test-kit.ts is this server with Viber's OK body.
 */
export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  at: number;
}

export type FakeAnswer =
  { status: number; body: unknown; headers?: Record<string, string> } | ((res: http.ServerResponse) => void);

export type FirstSendPlan = 'hold-first' | 'cut-first' | 'retry-first';

/**
 * Every sendMessage in arrival order, on `performance.now()` of the fake's process: `times`
 * negative for a send answered 429; `chats` of the sends answered ok.
 */
export interface FakeArrivals {
  times: number[];
  chats: string[];
}

export interface FakeTelegramOptions {
  /** How long each answer takes (a real Bot API answers in tens to hundreds of ms); 0: at once. */
  delayMs?: number;
  /** The body of an OK answer; Telegram's sendMessage result unless given (the Viber fake's). */
  okBody?: (chat: string, messageId: number) => unknown;
}

export interface FakeTelegram {
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  answer(...answers: FakeAnswer[]): void;
  plan(chat: string, plan: FirstSendPlan, retryAfterSeconds?: number): void;
  /** sendMessage requests received per chat. */
  sends(): Map<string, number>;
  sendsTo(chat: string): number;
  total(): number;
  /** sendMessage requests answered ok for the chat. */
  delivered(chat: string): number;
  arrivals(): FakeArrivals;
  /** Forgets what was received and what was queued or planned. */
  reset(): void;
  close(): Promise<void>;
}

/** Telegram's answer when a bot sends too fast. */
export const tooManyRequests = (retryAfterSeconds: number) => ({
  status: 429,
  body: {
    ok: false,
    error_code: 429,
    description: `Too Many Requests: retry after ${retryAfterSeconds}`,
    parameters: { retry_after: retryAfterSeconds },
  },
});

const telegramOk = (chat: string, messageId: number) => ({
  ok: true,
  result: { message_id: messageId, chat: { id: chat } },
});

const parseJson = (raw: Buffer): any => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
};

const bump = (counts: Map<string, number>, key: string) => {
  const n = (counts.get(key) ?? 0) + 1;
  counts.set(key, n);
  return n;
};

export async function startFakeTelegram({
  delayMs = 0,
  okBody = telegramOk,
}: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const requests: FakeRequest[] = [];
  let queue: FakeAnswer[] = [];
  const plans = new Map<string, { plan: FirstSendPlan; retryAfter: number }>();
  const received = new Map<string, number>();
  const answeredOk = new Map<string, number>();
  let arrivals: FakeArrivals = { times: [], chats: [] };
  let messageId = 0;
  // Answers left open (held, hanging or still delayed): destroyed on close, or close would wait for them.
  const open = new Set<http.ServerResponse>();

  const reply = (
    res: http.ServerResponse,
    { status, body, headers }: { status: number; body: unknown; headers?: Record<string, string> },
  ) => {
    const write = () => {
      open.delete(res);
      if (res.destroyed) return;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (delayMs <= 0) return write();
    open.add(res);
    setTimeout(write, delayMs);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const arrivedAt = performance.now();
      const path = req.url ?? '';
      const body = parseJson(Buffer.concat(chunks));
      requests.push({ path, headers: req.headers, body, at: Date.now() });
      // Only sendMessage carries a chat; answerCallbackQuery and the like are answered, not counted.
      const chat = path.endsWith('/sendMessage') && body?.chat_id != null ? String(body.chat_id) : '';
      const planned = chat && bump(received, chat) === 1 ? plans.get(chat) : undefined;
      if (planned?.plan === 'hold-first') return void open.add(res);
      if (planned?.plan === 'cut-first') return void req.socket.destroy();
      const next = planned ? tooManyRequests(planned.retryAfter) : queue.shift();
      if (typeof next === 'function') {
        open.add(res);
        return next(res);
      }
      if (chat) arrivals.times.push(next?.status === 429 ? -arrivedAt : arrivedAt);
      if (next) return reply(res, next);
      if (chat) {
        bump(answeredOk, chat);
        arrivals.chats.push(chat);
      }
      reply(res, { status: 200, body: okBody(chat, ++messageId) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (...answers) => void queue.push(...answers),
    plan: (chat, plan, retryAfterSeconds = 1) =>
      void plans.set(chat, { plan, retryAfter: retryAfterSeconds }),
    sends: () => new Map(received),
    sendsTo: (chat) => received.get(chat) ?? 0,
    total: () => [...received.values()].reduce((a, b) => a + b, 0),
    delivered: (chat) => answeredOk.get(chat) ?? 0,
    arrivals: () => ({ times: [...arrivals.times], chats: [...arrivals.chats] }),
    reset() {
      requests.length = 0;
      queue = [];
      plans.clear();
      received.clear();
      answeredOk.clear();
      arrivals = { times: [], chats: [] };
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The fake in a process of its own, driven over IPC. */
export interface FakeTelegramProcess {
  url: string;
  arrivals(): Promise<FakeArrivals>;
  /** The next request is answered 429 with this retry_after. */
  refuseNext(retryAfterSeconds: number): Promise<void>;
  close(): Promise<void>;
}

type CallBody = { call: 'arrivals' } | { call: 'refuseNext'; retryAfterSeconds: number };
type Call = CallBody & { id: number };
type Reply = { id: number; result?: unknown } | { url: string };

/**
 * Starts the fake in a child process, so arrival times are taken on an idle event loop (in the
 * caller's process they would wait behind the senders' own work and look bunched). The child
 * runs this file through tsx's loader, whatever loader the caller runs under.
 */
export async function startFakeTelegramProcess(
  options: Pick<FakeTelegramOptions, 'delayMs'> = {},
): Promise<FakeTelegramProcess> {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), JSON.stringify(options)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const waiting = new Map<number, (result: unknown) => void>();
  let lastId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fake Telegram exited with ${code}`)));
    child.on('message', (m: Reply) => {
      if ('url' in m) return resolve(m.url);
      waiting.get(m.id)?.(m.result);
      waiting.delete(m.id);
    });
  });
  const call = <T>(message: CallBody) =>
    new Promise<T>((resolve) => {
      const id = ++lastId;
      waiting.set(id, resolve as (result: unknown) => void);
      child.send({ ...message, id } satisfies Call);
    });
  return {
    url,
    arrivals: () => call<FakeArrivals>({ call: 'arrivals' }),
    refuseNext: (retryAfterSeconds) => call<void>({ call: 'refuseNext', retryAfterSeconds }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** The child's side of startFakeTelegramProcess: serves, sends its URL, then answers calls. */
async function serveOverIpc(options: FakeTelegramOptions) {
  const fake = await startFakeTelegram(options);
  process.on('message', (m: Call) => {
    if (m.call === 'refuseNext') fake.answer(tooManyRequests(m.retryAfterSeconds));
    const result = m.call === 'arrivals' ? fake.arrivals() : undefined;
    process.send!({ id: m.id, result } satisfies Reply);
  });
  // The caller gone (a crash skips close): nothing would ever stop this process otherwise.
  process.on('disconnect', () => process.exit(0));
  process.send!({ url: fake.url } satisfies Reply);
}

if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void serveOverIpc(JSON.parse(process.argv[2] ?? '{}') as FakeTelegramOptions);
}
