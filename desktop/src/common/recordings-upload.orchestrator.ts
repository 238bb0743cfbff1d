import { serverOffersTus, TusRefusal, uploadFileWithTus } from './tus-file-upload';
import {
  uploadCancelled,
  type UploadAnswer,
  type UploadFileRef,
  type UploadTransport,
} from './upload-transport';

/**
 * How one save's files reach the server (spec part 1 §4, §7), decided here once for the main
 * process and the browser build alike; each side only brings a transport (upload-transport.ts):
 * - `service` (flag recordings_uploader_enabled): a token from `GET api/jwt/issue`, then the
 *   multipart form to the upload service's `/upload` with `Authorization: Bearer` (no session);
 * - `direct`, where the API offers tus: each file as a resumable upload (a retry of the same save
 *   continues where the connection dropped), then the metadata alone naming them by `upload_id`;
 * - `direct` otherwise: the multipart form to `POST api/studies/{id}/recordings`.
 * A refusal of the server is the answer (`{ status, body }`); anything else rejects with a
 * RecordingsUploadError code (`cancelled`, `network_error`, `file_unreadable`).
 */

export type UploadRoute = 'direct' | 'service';

/** Which of the three ways a save takes (exposed for its tests and the bench). */
export type UploadPath = 'service' | 'resumable' | 'form';

export interface UploadProgressBytes {
  sentBytes: number;
  totalBytes: number;
  /** Per file, when each file is its own upload (tus). */
  fileBytes?: number[];
}

/** Upload URLs of unfinished resumable uploads, kept across attempts of the same save. */
export interface ResumableUploads {
  get(fingerprint: string): string | undefined;
  set(fingerprint: string, uploadUrl: string): void;
  delete(fingerprint: string): void;
}

export interface RecordingsSaveMetadata {
  parts: { file_name: string; [key: string]: unknown }[];
  [key: string]: unknown;
}

export interface RecordingsUploadRequest<F> {
  /** The API's address: the desktop's server URL (a path prefix is kept) or the page's origin. */
  apiBase: string;
  studyId: number;
  route: UploadRoute;
  files: readonly UploadFileRef<F>[];
  metadata: RecordingsSaveMetadata;
  language?: string;
  /** Where the API takes resumable uploads; default its recordings/uploads; null = never try tus. */
  tusEndpoint?: string | null;
  resumable: ResumableUploads;
  onProgress?(progress: UploadProgressBytes): void;
  signal?: AbortSignal;
}

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

export function recordingsUploadUrl(apiBase: string, studyId: number): string {
  return new URL(
    `api/studies/${encodeURIComponent(String(studyId))}/recordings`,
    withSlash(apiBase),
  ).toString();
}

/** The default tus endpoint of the API (docs/api.md, "Recordings"). */
export function defaultTusEndpoint(apiBase: string, studyId: number): string {
  return `${recordingsUploadUrl(apiBase, studyId)}/uploads`;
}

export function jwtIssueUrl(apiBase: string, studyId: number): string {
  const url = new URL('api/jwt/issue', withSlash(apiBase));
  url.searchParams.set('study_id', String(studyId));
  return url.toString();
}

/** `{upload_url}/upload`; only http(s) addresses are used. */
export function serviceUploadUrl(uploadUrl: string): string | null {
  try {
    const base = new URL(withSlash(uploadUrl));
    if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
    return new URL('upload', base).toString();
  } catch {
    return null;
  }
}

/** Unfinished resumable uploads, oldest dropped first: a retry of the same save finds its own. */
export function createResumableUploads(limit = 200): ResumableUploads {
  const urls = new Map<string, string>();
  return {
    get: (key) => urls.get(key),
    set(key, url) {
      urls.delete(key);
      if (urls.size >= limit) urls.delete(urls.keys().next().value as string);
      urls.set(key, url);
    },
    delete: (key) => void urls.delete(key),
  };
}

/** Headers every request of a save carries (X-Requested-With: the server's CSRF guard). */
function baseHeaders(language: string | undefined): Record<string, string> {
  return {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    ...(language ? { 'Accept-Language': language } : {}),
  };
}

const NOT_USABLE: UploadAnswer = {
  status: 502,
  body: { message: 'the upload token answer is not usable', code: 'server_configuration' },
};

async function sendToService<F>(
  transport: UploadTransport<F>,
  req: RecordingsUploadRequest<F>,
): Promise<UploadAnswer> {
  const headers = baseHeaders(req.language);
  const issued = await transport.request({
    method: 'GET',
    url: jwtIssueUrl(req.apiBase, req.studyId),
    headers,
    credentials: 'session',
    signal: req.signal,
  });
  if (issued.status < 200 || issued.status >= 300) return { status: issued.status, body: issued.body };
  const token = issued.body as { token?: unknown; upload_url?: unknown } | null;
  const target = typeof token?.upload_url === 'string' ? serviceUploadUrl(token.upload_url) : null;
  if (typeof token?.token !== 'string' || token.token.length === 0 || !target) return NOT_USABLE;
  return transport.postForm({
    url: target,
    headers: { ...headers, Authorization: `Bearer ${token.token}` },
    credentials: 'none',
    metadata: req.metadata,
    files: req.files,
    onProgress: (sentBytes, totalBytes) => req.onProgress?.({ sentBytes, totalBytes }),
    signal: req.signal,
  });
}

/** Each part with a file names its upload instead (names are unique within a save). */
export function partsNamingUploads(
  metadata: RecordingsSaveMetadata,
  fileNames: readonly string[],
  uploadIds: readonly string[],
) {
  const unused = new Set(fileNames.keys());
  return metadata.parts.map((part) => {
    const index = [...unused].find((i) => fileNames[i] === part.file_name);
    if (index === undefined) return part;
    unused.delete(index);
    return { ...part, upload_id: uploadIds[index] };
  });
}

async function sendResumable<F>(
  transport: UploadTransport<F>,
  req: RecordingsUploadRequest<F>,
  endpoint: string,
): Promise<UploadAnswer> {
  const described = await Promise.all(req.files.map((file) => transport.describe(file)));
  const keys = described.map((d) => [req.apiBase, req.studyId, d.fingerprint].join('|'));
  const sizes = described.map((d) => d.size);
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  const fileBytes = sizes.map(() => 0);
  const report = () =>
    req.onProgress?.({
      sentBytes: fileBytes.reduce((a, b) => a + b, 0),
      totalBytes,
      fileBytes: [...fileBytes],
    });
  const headers = baseHeaders(req.language);
  const uploadIds: string[] = [];
  try {
    for (const [index, file] of req.files.entries()) {
      const done = await uploadFileWithTus({
        transport,
        endpoint,
        file,
        size: sizes[index],
        metadata: { study_id: String(req.studyId) },
        headers,
        resumeUrl: req.resumable.get(keys[index]),
        onCreated: (url) => req.resumable.set(keys[index], url),
        onProgress: (offset) => {
          fileBytes[index] = Math.min(offset, sizes[index]);
          report();
        },
        signal: req.signal,
      });
      uploadIds.push(done.uploadId);
    }
  } catch (error) {
    if (error instanceof TusRefusal) return error.answer;
    throw error;
  }
  const parts = partsNamingUploads(
    req.metadata,
    req.files.map((f) => f.fileName),
    uploadIds,
  );
  const answer = await transport.postForm({
    url: recordingsUploadUrl(req.apiBase, req.studyId),
    headers,
    credentials: 'session',
    metadata: { ...req.metadata, parts },
    files: [],
    signal: req.signal,
  });
  // Saved: the uploads are the server's now. Refused: a retry may still name them.
  if (answer.status >= 200 && answer.status < 300) keys.forEach((key) => req.resumable.delete(key));
  return answer;
}

/** Which way this save goes; asks the API (OPTIONS) whether it takes resumable uploads. */
export async function chooseUploadPath<F>(
  transport: UploadTransport<F>,
  req: RecordingsUploadRequest<F>,
): Promise<UploadPath> {
  if (req.route === 'service') return 'service';
  const endpoint = tusEndpointOf(req);
  if (req.files.length === 0 || !endpoint) return 'form';
  return (await serverOffersTus(transport, endpoint, baseHeaders(req.language), req.signal))
    ? 'resumable'
    : 'form';
}

const tusEndpointOf = (req: RecordingsUploadRequest<unknown>) =>
  req.tusEndpoint === undefined ? defaultTusEndpoint(req.apiBase, req.studyId) : req.tusEndpoint;

export async function uploadRecordingsWith<F>(
  transport: UploadTransport<F>,
  req: RecordingsUploadRequest<F>,
): Promise<UploadAnswer> {
  if (req.signal?.aborted) throw uploadCancelled();
  const path = await chooseUploadPath(transport, req);
  if (path === 'service') return sendToService(transport, req);
  if (path === 'resumable') return sendResumable(transport, req, tusEndpointOf(req)!);
  return transport.postForm({
    url: recordingsUploadUrl(req.apiBase, req.studyId),
    headers: baseHeaders(req.language),
    credentials: 'session',
    metadata: req.metadata,
    files: req.files,
    onProgress: (sentBytes, totalBytes) => req.onProgress?.({ sentBytes, totalBytes }),
    signal: req.signal,
  });
}
