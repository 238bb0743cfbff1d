import type { MessengerType } from '@school/shared/domain';

/**
 * HTTP clients of the two outside services: the Telegram Bot API (`POST {base}/bot{token}/sendMessage`)
 * and the Viber REST API (`POST {base}/pa/send_message`). Base URLs and tokens are configuration;
 * tests point them at local fake servers. A client never throws: it says what happened, and the
 * outbox decides (sent, retry later, the user blocked the bot, give up).
 */
export type SendOutcome =
  /** `messageId`: the messenger's id of the delivered message (Telegram message_id, Viber message_token), when it gave one. */
  | { kind: 'sent'; messageId?: string }
  /** The user blocked the bot or unsubscribed: the chat is gone, the user is disconnected. */
  | { kind: 'blocked'; reason: string }
  /** Worth another try (5xx, network, timeout, 429); `afterMs` when the service said how long to wait. */
  | { kind: 'retry'; reason: string; afterMs?: number }
  /** The service refused the message for good (a bad chat id, a bad token). */
  | { kind: 'failed'; reason: string };

/** A reply button: its label and what comes back when it is pressed (callback data, Viber's ActionBody). */
export interface BotButton {
  text: string;
  data: string;
}

/** Rows of buttons under a message. */
export type BotKeyboard = BotButton[][];

export interface BotClient {
  readonly messenger: MessengerType;
  send(chatId: string, text: string, buttons?: BotKeyboard | null): Promise<SendOutcome>;
  /**
   * Telegram only: ends the pressed button's loading state (answerCallbackQuery). Best effort: the
   * answer itself goes through the outbox; a lost acknowledgement only leaves a spinner for a while.
   */
  acknowledgeCallback?(callbackId: string): Promise<void>;
}

export interface BotClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function post(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      // A slow service must not hold a worker for ever: the attempt counts as failed and is retried.
      signal: AbortSignal.timeout(timeoutMs),
    });
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    return {
      ok: true as const,
      status: res.status,
      json: (json ?? {}) as Record<string, any>,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (err) {
    return { ok: false as const, reason: `unreachable: ${(err as Error).message}` };
  }
}

const idOf = (v: unknown): string | undefined =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : undefined;

const seconds = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : undefined;
};

/** Telegram's inline keyboard: each button sends a callback_query with its data. */
const inlineKeyboard = (rows: BotKeyboard) => ({
  inline_keyboard: rows.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))),
});

export function createTelegramClient(opts: BotClientOptions): BotClient {
  const base = `${trimSlash(opts.baseUrl)}/bot${opts.token}`;
  const url = `${base}/sendMessage`;
  return {
    messenger: 'telegram',
    async acknowledgeCallback(callbackId) {
      await post(`${base}/answerCallbackQuery`, { callback_query_id: callbackId }, {}, opts.timeoutMs);
    },
    async send(chatId, text, buttons) {
      const body = buttons?.length
        ? { chat_id: chatId, text, reply_markup: inlineKeyboard(buttons) }
        : { chat_id: chatId, text };
      const r = await post(url, body, {}, opts.timeoutMs);
      if (!r.ok) return { kind: 'retry', reason: r.reason };
      if (r.status === 200 && r.json.ok === true)
        return { kind: 'sent', messageId: idOf(r.json.result?.message_id) };
      const description = String(r.json.description ?? `HTTP ${r.status}`);
      // Telegram: 429 with parameters.retry_after (seconds) when the bot sends too fast.
      if (r.status === 429)
        return {
          kind: 'retry',
          reason: description,
          afterMs: seconds(r.json.parameters?.retry_after) ?? seconds(r.retryAfter),
        };
      if (r.status >= 500) return { kind: 'retry', reason: description };
      // 403 "Forbidden: bot was blocked by the user" / "user is deactivated".
      if (r.status === 403) return { kind: 'blocked', reason: description };
      return { kind: 'failed', reason: description };
    },
  };
}

/** Viber answers HTTP 200 with a status code in the body: 5 receiver not registered, 6 not subscribed. */
const VIBER_GONE = new Set([5, 6]);
/** 12: too many requests. */
const VIBER_THROTTLED = 12;

/** Viber's grid is 6 columns wide: a row of n buttons gives each 6/n. */
const VIBER_COLUMNS = 6;

/**
 * Viber's keyboard: a "reply" button sends its ActionBody back as the user's message (Silent: not
 * shown in the conversation), which the webhook reads like Telegram's callback data.
 */
const viberKeyboard = (rows: BotKeyboard) => ({
  Type: 'keyboard',
  DefaultHeight: false,
  Buttons: rows.flatMap((row) =>
    row.map((b) => ({
      Columns: Math.max(1, Math.floor(VIBER_COLUMNS / row.length)),
      Rows: 1,
      ActionType: 'reply',
      ActionBody: b.data,
      Text: b.text,
      Silent: true,
    })),
  ),
});

export function createViberClient(opts: BotClientOptions & { senderName: string }): BotClient {
  const url = `${trimSlash(opts.baseUrl)}/pa/send_message`;
  return {
    messenger: 'viber',
    async send(chatId, text, buttons) {
      const message = { receiver: chatId, type: 'text', text, sender: { name: opts.senderName } };
      const body = buttons?.length ? { ...message, keyboard: viberKeyboard(buttons) } : message;
      const r = await post(url, body, { 'X-Viber-Auth-Token': opts.token }, opts.timeoutMs);
      if (!r.ok) return { kind: 'retry', reason: r.reason };
      if (r.status === 429) return { kind: 'retry', reason: 'HTTP 429', afterMs: seconds(r.retryAfter) };
      if (r.status >= 500) return { kind: 'retry', reason: `HTTP ${r.status}` };
      if (r.status !== 200) return { kind: 'failed', reason: `HTTP ${r.status}` };
      const status = Number(r.json.status);
      const reason = String(r.json.status_message ?? `status ${status}`);
      if (status === 0) return { kind: 'sent', messageId: idOf(r.json.message_token) };
      if (VIBER_GONE.has(status)) return { kind: 'blocked', reason };
      if (status === VIBER_THROTTLED) return { kind: 'retry', reason, afterMs: seconds(r.retryAfter) };
      return { kind: 'failed', reason };
    },
  };
}
