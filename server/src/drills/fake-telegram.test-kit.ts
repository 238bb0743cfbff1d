import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API's sendMessage that decides per chat (the fakes of
 * messenger-bots/fake-bot-servers.test-kit.ts answer in arrival order, which concurrent chats
 * make unpredictable): `hold-first` leaves the first send unanswered (in flight until the sender
 * dies), `cut-first` drops the first send's connection, `retry-first` answers the first with 429
 * and `retry_after`; everything else is delivered.
 * `delivered` counts the sends answered `ok: true`: what reached the chat.
 */
type Mode = 'hold-first' | 'cut-first' | 'retry-first';

export interface FakeTelegram {
  url: string;
  plan(chat: string, mode: Mode, retryAfterSeconds?: number): void;
  requests(chat: string): number;
  delivered(chat: string): number;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const plans = new Map<string, { mode: Mode; retryAfter: number }>();
  const seen = new Map<string, number>();
  const ok = new Map<string, number>();
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let chat = '';
      try {
        chat = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { chat_id?: unknown }).chat_id ?? '');
      } catch {
        /* not a send */
      }
      const n = (seen.get(chat) ?? 0) + 1;
      seen.set(chat, n);
      const plan = plans.get(chat);
      if (plan?.mode === 'hold-first' && n === 1) return void held.add(res);
      if (plan?.mode === 'cut-first' && n === 1) return void req.socket.destroy();
      res.setHeader('Content-Type', 'application/json');
      if (plan?.mode === 'retry-first' && n === 1) {
        res.statusCode = 429;
        const description = `Too Many Requests: retry after ${plan.retryAfter}`;
        return void res.end(JSON.stringify({ ok: false, error_code: 429, description, parameters: { retry_after: plan.retryAfter } }));
      }
      ok.set(chat, (ok.get(chat) ?? 0) + 1);
      res.end(JSON.stringify({ ok: true, result: { message_id: n } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plan: (chat, mode, retryAfterSeconds = 1) => void plans.set(chat, { mode, retryAfter: retryAfterSeconds }),
    requests: (chat) => seen.get(chat) ?? 0,
    delivered: (chat) => ok.get(chat) ?? 0,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
