import type { Context } from 'koa';
import { AppError } from './app-error.js';

/**
 * Row versions for the offline queue's updates (issue 34 point 4, docs/api.md "Offline writes"):
 * a row's version is its `updated_at` at millisecond precision, the ISO text the JSON shows, sent
 * as a strong ETag `"2026-11-28T14:32:46.123Z"`. An update sent with `If-Match` writes only while
 * the row still has that version; otherwise 409 `version_conflict` with the current row.
 */

/** What `If-Match` asks for: any version (`*`) or one of these ISO texts. */
export type IfMatch = '*' | readonly string[];

/** The version of a row as its ETag. */
export function versionTag(updatedAt: Date | string): string {
  return `"${new Date(updatedAt).toISOString()}"`;
}

export function setVersion(ctx: Context, updatedAt: Date | string | undefined | null): void {
  if (updatedAt) ctx.set('ETag', versionTag(updatedAt));
}

/** The request's `If-Match`, or undefined without one; 400 when it names no version we sent. */
export function ifMatchOf(ctx: Context): IfMatch | undefined {
  const header = ctx.get('If-Match').trim();
  if (header === '') return undefined;
  if (header === '*') return '*';
  const versions = header.split(',').map((tag) => {
    const bare = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
    const time = /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)$/.test(bare) ? new Date(bare) : null;
    if (!time || Number.isNaN(time.getTime()))
      throw new AppError(400, 'if_match_invalid', 'writeGuards.if_match_invalid');
    return time.toISOString();
  });
  return versions;
}

/** Whether the stored `updatedAt` is a version the caller named. */
export function versionMatches(ifMatch: IfMatch, updatedAt: Date): boolean {
  return ifMatch === '*' || ifMatch.includes(new Date(updatedAt).toISOString());
}

/** Thrown inside a write's transaction when the locked row has another version: nothing is written. */
export class VersionMismatch extends Error {
  constructor(readonly current: Date) {
    super('version_conflict');
    this.name = 'VersionMismatch';
  }
}

/** 409 `{ message, code: 'version_conflict', current }`, with the current row's ETag. */
export function versionConflict(current: unknown, version: Date): AppError {
  return new AppError(
    409,
    'version_conflict',
    'writeGuards.version_conflict',
    {},
    undefined,
    { ETag: versionTag(version) },
    { current },
  );
}
