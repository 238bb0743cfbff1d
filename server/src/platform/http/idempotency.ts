import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { AppError } from './app-error.js';
import { abandonBody, WRITE_METHODS } from './body-stream.js';
import { normalizeError, writeError } from './error-handler.js';
import type { IdempotencyKeysRepository, StoredAnswer } from './idempotency-keys.repository.js';

/**
 * `Idempotency-Key` on every write under /api (issue 34 point 3; the contract is docs/api.md,
 * "Offline writes"). The staff app's offline queue sends each queued write with a key and sends
 * it again until it has an answer: the first request claims the key in `idempotency_keys` and
 * stores its answer before it is sent, so a retry, on any process, gets that answer and writes
 * nothing. No state in memory: the table decides, one statement at a time.
 */

declare module 'koa' {
  interface DefaultState {
    /** The request's Idempotency-Key once the middleware took it in hand. */
    idempotencyKey?: string;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY = /^[\x21-\x7e]{1,200}$/;
/**
 * An unfinished claim older than this was abandoned (its process died after the write and before
 * the finish) and is run again: longer than any request may run (app.ts: requestTimeout 15 min).
 */
export const STALE_CLAIM_SECONDS = 20 * 60;
/** Larger answers are not stored (the key is released): no write route of the queue answers that. */
export const MAX_STORED_BYTES = 1024 * 1024;
/** What a replay must say besides the body: its type, where a created row is, its version. */
const KEPT_HEADERS = ['content-type', 'location', 'etag'] as const;
const RETRY_AFTER_SECONDS = '2';
const FINISH_ATTEMPTS = 3;

const invalidKey = () => new AppError(400, 'idempotency_key_invalid', 'writeGuards.idempotency_key_invalid');
const keyReused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'writeGuards.idempotency_key_reused',
    {},
    undefined,
    {},
    {
      // The shared envelope drops `code` from a 422 (field validation has none); this one has no fields.
      code: 'idempotency_key_reused',
    },
  );
const inProgress = () =>
  new AppError(409, 'idempotency_in_progress', 'writeGuards.idempotency_in_progress', {}, undefined, {
    'Retry-After': RETRY_AFTER_SECONDS,
  });

/** Sorted keys, so the same form in another key order or spacing is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, canonical(obj[k])]),
    );
  }
  return value;
}

function fingerprintOf(ctx: Context, body: string): string {
  return createHash('sha256').update(`${ctx.method}\n${ctx.url}\n${body}`).digest('hex');
}

/** Kept: every finished answer but the ones that say "try again" (5xx, 408, 429). */
const keeps = (status: number) => status < 500 && status !== 408 && status !== 429;

/** The answer as it will be sent, or null when it cannot be stored (a stream, too large). */
function answerOf(ctx: Context): StoredAnswer | null {
  const raw: unknown = ctx.body;
  let body: Buffer;
  if (raw === undefined || raw === null) body = Buffer.alloc(0);
  else if (Buffer.isBuffer(raw)) body = raw;
  else if (typeof raw === 'string') body = Buffer.from(raw);
  else if (typeof (raw as { pipe?: unknown }).pipe === 'function') return null;
  // What Koa sends for an object body.
  else body = Buffer.from(JSON.stringify(raw));
  if (body.length > MAX_STORED_BYTES) return null;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = String(value);
  }
  return { status: ctx.status, headers, body };
}

function replay(ctx: Context, answer: StoredAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set(REPLAYED_HEADER, 'true');
  if (answer.body.length === 0 && (answer.status === 204 || answer.status === 304)) {
    ctx.status = answer.status;
    ctx.body = null;
    return;
  }
  ctx.body = answer.body;
  ctx.status = answer.status;
}

function keyOf(ctx: Context): string | undefined {
  if (!WRITE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/') || !ctx.state.auth) return;
  const key = ctx.get(IDEMPOTENCY_KEY_HEADER);
  if (key === '' && ctx.headers['idempotency-key'] === undefined) return;
  if (!KEY.test(key)) {
    abandonBody(ctx);
    throw invalidKey();
  }
  return key;
}

export function idempotency(repo: IdempotencyKeysRepository) {
  async function run(ctx: Context, next: Next, key: string, fingerprint: string): Promise<void> {
    const userId = ctx.state.auth!.user.id;
    const got = await repo.claim(
      { userId, key, method: ctx.method, path: ctx.path, fingerprint },
      STALE_CLAIM_SECONDS,
    );
    ctx.state.idempotencyKey = key;
    if (got.kind !== 'claimed') {
      // A multipart body was not read yet: nothing of it is needed now.
      abandonBody(ctx);
      if (got.fingerprint !== fingerprint) throw keyReused();
      if (got.kind === 'running') throw inProgress();
      return replay(ctx, got.answer);
    }
    const release = async () => {
      try {
        await repo.release(userId, key, got.claim);
      } catch (err) {
        // The claim stays; it is taken over once stale (docs/api.md).
        ctx.log.warn({ err: String(err) }, 'idempotency key not released');
      }
    };
    try {
      await next();
    } catch (err) {
      const e = normalizeError(err);
      if (!keeps(e.status)) {
        await release();
        throw err;
      }
      // Written here rather than by the error handler, so that it is stored as it is sent.
      writeError(ctx, e);
    }
    // Nobody answered (no such route): the error handler says so; nothing to keep. A refusal
    // while the client went away (an upload cut mid-body is 400) says nothing of the request
    // itself: the retry runs. A success is kept even then: that is the lost answer a retry needs.
    const unanswered = ctx.status === 404 && ctx.body === undefined;
    const gone = ctx.status >= 400 && (ctx.res.destroyed || ctx.req.socket.destroyed);
    const answer = unanswered || gone || !keeps(ctx.status) ? null : answerOf(ctx);
    if (!answer) return release();
    // Before the answer is sent: a client that never receives it gets it on the retry. The write
    // is done, so a database blip here is waited out a little rather than answered 503.
    for (let attempt = 1; ; attempt++) {
      try {
        await repo.finish(userId, key, got.claim, answer);
        return;
      } catch (err) {
        if (attempt >= FINISH_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  return {
    /**
     * Multipart writes, before the routes that stream files (stage `uploads`): the key is claimed
     * before any file byte is read, so the fingerprint is the declared length (docs/api.md).
     */
    beforeBody: async (ctx: Context, next: Next) => {
      if (!ctx.is('multipart/form-data')) return next();
      const key = keyOf(ctx);
      if (key === undefined) return next();
      return run(ctx, next, key, fingerprintOf(ctx, `multipart ${ctx.get('content-length')}`));
    },
    /** Every other write, once its body is parsed (and `_method` applied). */
    afterBody: async (ctx: Context, next: Next) => {
      if (ctx.state.idempotencyKey !== undefined) return next();
      const key = keyOf(ctx);
      if (key === undefined) return next();
      return run(ctx, next, key, fingerprintOf(ctx, JSON.stringify(canonical(ctx.request.body ?? {}))));
    },
  };
}
