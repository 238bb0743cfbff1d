import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API (TELEGRAM_API_URL points here): it answers every
 * sendMessage with ok and counts what each chat received, so the drill can tell whether a bot
 * message (one pg-boss job) was delivered twice.
 */
export interface FakeTelegram {
  url: string;
  /** Messages received per chat id. */
  sends(): Map<string, number>;
  total(): number;
  close(): Promise<void>;
}

/** `delayMs`: how long each answer takes (a real Bot API answers in tens to hundreds of ms). */
export async function startFakeTelegram(delayMs = 0): Promise<FakeTelegram> {
  const perChat = new Map<string, number>();
  let messageId = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let chat = '';
      try {
        chat = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { chat_id?: unknown }).chat_id ?? '');
      } catch {
        chat = '';
      }
      // Counted when received: a message the server sent is delivered even if it never reads the answer.
      if (req.url?.endsWith('/sendMessage') && chat) perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: true, result: { message_id: ++messageId, chat: { id: chat } } }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sends: () => new Map(perChat),
    total: () => [...perChat.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
