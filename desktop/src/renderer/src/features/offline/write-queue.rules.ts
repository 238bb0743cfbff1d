import { isApiError, type HttpMethod, type QueryObject } from '@school/shared/api';

/**
 * Which writes the staff app keeps for later when the server cannot be reached (issue 34 point 2),
 * in this one place: the writes a teacher makes during a lesson, whose words would otherwise be
 * lost. Everything else (admin forms, money, transfers…) is refused offline: such a write depends on
 * state the teacher cannot see while offline, and a stale one must not land hours later unnoticed.
 */
export type WriteKind = 'studyUpdate' | 'homework' | 'report' | 'message';

interface QueueableRoute {
  kind: WriteKind;
  /** The method the server sees (a POST's `_method` counts). */
  method: HttpMethod;
  path: RegExp;
  /** The body fields the write may carry: a body with any other field is not a lesson write. */
  fields: readonly string[];
  /** Homework carries files; the other writes never do. */
  files: boolean;
}

export const QUEUEABLE_WRITES: readonly QueueableRoute[] = [
  {
    kind: 'studyUpdate',
    method: 'PATCH',
    path: /^\/api\/studies\/(\d+)$/,
    fields: ['_method', 'comment', 'miss_status'],
    files: false,
  },
  {
    kind: 'homework',
    method: 'PATCH',
    path: /^\/api\/studies\/(\d+)$/,
    fields: ['_method', 'user_id', 'study_task[]'],
    files: true,
  },
  {
    kind: 'report',
    method: 'POST',
    path: /^\/api\/study_reports$/,
    fields: ['study_id', 'user_id', 'subject', 'content'],
    files: false,
  },
  {
    kind: 'report',
    method: 'PATCH',
    path: /^\/api\/study_reports\/(\d+)$/,
    fields: ['_method', 'subject', 'content'],
    files: false,
  },
  {
    kind: 'message',
    method: 'POST',
    path: /^\/api\/study_messages$/,
    fields: ['study_id', 'user_id', 'content'],
    files: false,
  },
];

/** A request body as the queue keeps it on disk: JSON as is, forms as their fields, files apart. */
export type QueuedBody =
  | { type: 'none' }
  | { type: 'json'; value: Record<string, unknown> }
  | { type: 'form'; fields: [string, string][] }
  | { type: 'multipart'; fields: [string, string][]; files: QueuedFile[] };

export interface QueuedFile {
  field: string;
  /** Where the file's bytes wait (the queue's file store). */
  blobKey: string;
  name: string;
  type: string;
  size: number;
}

export type QueuedState = 'pending' | 'failed' | 'conflict';

export interface QueuedWrite {
  /** A uuid: the write's Idempotency-Key, the same on every attempt. */
  id: string;
  /** Sorts the queue in the order the writes were made. */
  seq: string;
  method: HttpMethod;
  path: string;
  query?: QueryObject;
  body: QueuedBody;
  /** The version the teacher's change was based on, sent as If-Match (updates only). */
  baseVersion: string | null;
  createdAt: string;
  kind: WriteKind;
  /** The study the write belongs to: its panels show the write as pending. */
  studyId: number | null;
  state: QueuedState;
  attempts: number;
  /** A failed write's message (the server's, in the teacher's language). */
  error?: string;
  /** A conflicting write: the row as the server has it now. */
  current?: Record<string, unknown>;
}

/** The fields of a body, whatever its encoding (files by their field name). */
export function bodyFields(body: QueuedBody): Record<string, string> {
  if (body.type === 'none') return {};
  if (body.type === 'json')
    return Object.fromEntries(
      Object.entries(body.value).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : String(value),
      ]),
    );
  return Object.fromEntries(body.fields);
}

function effectiveMethod(method: HttpMethod, fields: Record<string, string>): HttpMethod {
  const override = fields._method?.toUpperCase();
  return method === 'POST' && (override === 'PATCH' || override === 'PUT' || override === 'DELETE')
    ? override
    : method;
}

function studyIdOf(kind: WriteKind, match: RegExpMatchArray, fields: Record<string, string>): number | null {
  if (kind === 'studyUpdate' || kind === 'homework') return Number(match[1]);
  const id = Number(fields.study_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The kind of a lesson write, or null: the request is not one the queue may keep. */
export function queueableWrite(
  method: HttpMethod,
  path: string,
  body: QueuedBody,
): { kind: WriteKind; studyId: number | null } | null {
  if (method === 'GET') return null;
  const fields = bodyFields(body);
  const files = body.type === 'multipart' ? body.files.map((file) => file.field) : [];
  const sent = effectiveMethod(method, fields);
  const bare = path.split('?')[0];
  for (const route of QUEUEABLE_WRITES) {
    const match = bare.match(route.path);
    if (!match || route.method !== sent) continue;
    if (route.files !== files.length > 0) continue;
    const names = [...Object.keys(fields), ...files];
    if (names.length === 0 || !names.every((name) => route.fields.includes(name))) continue;
    return { kind: route.kind, studyId: studyIdOf(route.kind, match, fields) };
  }
  return null;
}

/** What a send's answer means for its queue entry. */
export type SendOutcome = 'sent' | 'conflict' | 'failed' | 'retry' | 'signedOut';

export const VERSION_CONFLICT = 'version_conflict';
const IN_PROGRESS = 'idempotency_in_progress';

export function classifySend(error: unknown): SendOutcome {
  if (error === null || error === undefined) return 'sent';
  if (!isApiError(error)) return 'retry';
  const { status, code } = error;
  // No answer, the server busy or restarting, or the same key still being written: try later.
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 409 && code === IN_PROGRESS) return 'retry';
  if (status === 401) return 'signedOut';
  if (status === 409 && code === VERSION_CONFLICT) return 'conflict';
  return 'failed';
}

/**
 * A request the queue keeps when the server did not answer: no answer at all, or a proxy's "cannot
 * reach it" (Electron's app:// proxy and nginx answer 502/503/504 while the server is down).
 * Never a refusal: a 4xx is the server's answer and the screen shows it.
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 15_000;

/** Backoff after `attempts` failed tries: 1 s, 2 s, 4 s… at most 15 s (a lesson is short). */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);
}

/** The text fields a conflict shows side by side, per kind. */
export function conflictFields(write: QueuedWrite): string[] {
  const fields = bodyFields(write.body);
  const candidates = write.kind === 'report' ? ['subject', 'content'] : ['comment', 'miss_status'];
  return candidates.filter((field) => field in fields);
}

/** The If-Match value of a version: an entity tag is quoted. */
export function ifMatch(version: string): string {
  return version.startsWith('"') || version.startsWith('W/') ? version : `"${version}"`;
}
