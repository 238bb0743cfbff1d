import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { setTextBody } from './sliced-body.js';

/**
 * Conditional list answers (issue 32 point 2): every list answer carries an ETag, and a request
 * whose `If-None-Match` names it is answered `304 Not Modified` without a body. The apps send the
 * tag of the answer they hold (shared/src/api/api-client.ts), so a calendar polled without a
 * socket, or a table read again, costs a few hundred bytes when nothing changed.
 *
 * The validator is a hash of the body, not a change stamp of the rows: a list answer carries
 * related rows (participants, their classes, reports), per-caller flags (unread chat, payments
 * of the caller's own students) and scopes that change without any row of the listed table
 * changing, so only the body itself says whether the answer is the same. It is weak (`W/`):
 * the same JSON compressed or not is the same answer, and it is computed on the uncompressed text.
 */

/** base64url of a SHA-1 of the text: ~2 ms for a 1 MB calendar (docs/reliability.md). */
export function listEtag(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/** Sets the list's JSON text as the body, or 304 when the caller already holds exactly this text. */
export function setListBody(ctx: Context, text: string): void {
  const etag = listEtag(text);
  ctx.set('ETag', etag);
  // The same tag answers every coding of the text (compression): caches must still key by coding.
  ctx.vary('Accept-Encoding');
  if (etagMatches(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304;
    return;
  }
  setTextBody(ctx, text, 'application/json');
}
