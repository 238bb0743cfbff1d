import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../platform/http/app-error.js';
import { resolveByteRange } from '../../platform/http/byte-range.js';
import { sha256 } from '../../platform/security/secrets.js';
import type { SessionChange } from '../../platform/realtime/session-change.payload.js';
import { StorageError, type Storage } from '../../platform/storage/storage.js';
import { SESSION_COOKIE } from '../../platform/security/session-guard.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';

/** What serving one recording needs of its row. */
export interface PlayableRecording {
  file_name: string;
  file_mime: string | null;
  file_size: number | string;
  storage_key: string;
  created_at: Date | string;
}

/**
 * Sends a stored recording: the whole file (200) or one byte range (206, `Content-Range`), 416
 * past the end; `Accept-Ranges: bytes` always; as an attachment with its UTF-8 name for download.
 */
export async function sendRecording(
  ctx: Context,
  storage: Storage,
  row: PlayableRecording,
  attachment: boolean,
): Promise<void> {
  const size = Number(row.file_size);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Last-Modified', new Date(row.created_at).toUTCString());
  if (attachment) ctx.set('Content-Disposition', attachmentDisposition(row.file_name));
  const range = resolveByteRange(ctx.get('range') || undefined, size);
  if (range === 'unsatisfiable') {
    throw new AppError(416, 'range_not_satisfiable', 'errors.bad_request', {}, undefined, {
      'Content-Range': `bytes */${size}`,
    });
  }
  const body = await storage.get(row.storage_key, range ?? undefined);
  ctx.type = row.file_mime ?? 'application/octet-stream';
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  }
  ctx.body = body;
  ctx.length = range ? range.end - range.start + 1 : size;
}

/**
 * A player seeks with many range requests in a row. After a full check (session, row scope,
 * row) the answer is remembered for this session and recording for a short while, so the next
 * ranges skip the database: a seek answers about as fast as a static file server. A grant dies
 * with its session: a sign-out, a password change or reset, a deactivation or a role change in
 * this process drops it at once (`endSessions`, from the session repository), and in any process
 * through the database's `session_changes` notifications (`apply`; app.ts wires the listener,
 * which clears everything after a lost connection). A replaced or deleted file is never served
 * from here (its old object is gone, and the request falls back to the full check).
 */
export function createPlaybackGrants(opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
  const ttl = opts.ttlMs ?? 30_000;
  const max = opts.max ?? 10_000;
  const now = opts.now ?? Date.now;
  const grants = new Map<string, { row: PlayableRecording; userId: number; until: number }>();
  // The session id is the token's SHA-256 (auth/session.middleware.ts): the key starts with it.
  const keyOf = (token: string, studyId: string, rid: string) => `${sha256(token)}:${studyId}:${rid}`;
  const dropWhere = (test: (key: string, userId: number) => boolean) => {
    for (const [key, g] of grants) if (test(key, g.userId)) grants.delete(key);
  };
  return {
    remember(
      token: string | undefined,
      userId: number,
      studyId: number,
      rid: number,
      row: PlayableRecording,
    ) {
      if (!token) return;
      if (grants.size >= max) grants.delete(grants.keys().next().value!);
      grants.set(keyOf(token, String(studyId), String(rid)), { row, userId, until: now() + ttl });
    },
    find(token: string | undefined, studyId: string, rid: string): PlayableRecording | undefined {
      if (!token || token.length > 100) return undefined;
      const key = keyOf(token, studyId, rid);
      const g = grants.get(key);
      if (!g) return undefined;
      if (g.until < now()) {
        grants.delete(key);
        return undefined;
      }
      return g.row;
    },
    forget(token: string | undefined, studyId: string, rid: string) {
      if (token) grants.delete(keyOf(token, studyId, rid));
    },
    /** The sessions ended (or may see less now): their grants go. */
    endSessions(sessionIds: readonly string[]) {
      if (sessionIds.length === 0 || grants.size === 0) return;
      const ended = new Set(sessionIds);
      dropWhere((key) => ended.has(key.slice(0, key.indexOf(':'))));
    },
    /** A `session_changes` notification: ended or changed sessions, or every session of users. */
    apply(change: SessionChange) {
      this.endSessions(change.sessionIds);
      if (change.userIds.length === 0) return;
      const users = new Set(change.userIds);
      dropWhere((_key, userId) => users.has(userId));
    },
    /** Changes may have been missed (the listener's connection was lost): trust nothing remembered. */
    clear() {
      grants.clear();
    },
    get size() {
      return grants.size;
    },
  };
}

export type PlaybackGrants = ReturnType<typeof createPlaybackGrants>;

/**
 * Mounted before the session is loaded (stage `feeds`): answers play and download from a grant
 * when there is one, and otherwise hands the request on to the full route.
 */
export function playbackFastRoutes(grants: PlaybackGrants, storage: Storage): Router {
  const router = new Router({ prefix: '/api' });
  const fast = (attachment: boolean) => async (ctx: Context, next: () => Promise<unknown>) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    const { id, rid } = ctx.params as { id: string; rid: string };
    const row = grants.find(token, id, rid);
    if (!row) return next();
    try {
      await sendRecording(ctx, storage, row, attachment);
    } catch (err) {
      if (!(err instanceof StorageError && err.code === 'not_found')) throw err;
      grants.forget(token, id, rid);
      return next();
    }
  };
  router.get('/studies/:id/recordings/:rid/play', fast(false));
  router.get('/studies/:id/recordings/:rid/download', fast(true));
  return router;
}
