import { stat } from 'node:fs/promises';
import { RecordingsUploadError, uploadRecordings, type UploadFile } from './recordings-upload.client';
import { serverOffersTus, TusRefusal, uploadFileWithTus } from './recordings-tus.client';

/**
 * How one save's files reach the server (spec part 1 §4, §7):
 * - `service` (flag recordings_uploader_enabled): a token from `GET api/jwt/issue`, then the
 *   multipart form to the upload service's `/upload` with `Authorization: Bearer` (no cookie);
 * - `direct`, where the API offers tus: each file as a resumable upload (a retry continues where
 *   the connection dropped), then the metadata alone naming them by `upload_id`;
 * - `direct` otherwise: the multipart form to `POST api/studies/{id}/recordings`.
 */

export type SendRoute = 'direct' | 'service';

export interface SendProgress {
  sentBytes: number;
  totalBytes: number;
  /** Per file, when each file is its own upload (tus). */
  fileBytes?: number[];
}

export interface SendAnswer {
  status: number;
  body: unknown;
}

/** Upload URLs of unfinished resumable uploads, kept across attempts of the same save. */
export interface ResumableUploads {
  get(fingerprint: string): string | undefined;
  set(fingerprint: string, uploadUrl: string): void;
  delete(fingerprint: string): void;
}

export interface SendRequest {
  serverUrl: string;
  studyId: number;
  route: SendRoute;
  files: readonly UploadFile[];
  metadata: { parts: { file_name: string; [key: string]: unknown }[]; [key: string]: unknown };
  /** Cookie, Accept-Language for the API. */
  apiHeaders: Record<string, string>;
  /** Accept-Language for the upload service (never the session cookie). */
  serviceHeaders: Record<string, string>;
  /** Where the API takes resumable uploads of this study; null = never try tus. */
  tusEndpoint: string | null;
  resumable: ResumableUploads;
  onProgress(progress: SendProgress): void;
  signal: AbortSignal;
}

/** `GET api/jwt/issue?study_id=` as docs/api.md describes it: `{ token, expires_at, upload_url }`. */
interface IssuedToken {
  token: string;
  upload_url: string;
}

function isIssuedToken(body: unknown): body is IssuedToken {
  const b = body as Partial<IssuedToken> | null;
  return typeof b?.token === 'string' && b.token.length > 0 && typeof b.upload_url === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function jwtIssueUrl(serverUrl: string, studyId: number): URL {
  const base = serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`;
  const url = new URL('api/jwt/issue', base);
  url.searchParams.set('study_id', String(studyId));
  return url;
}

/** `{upload_url}/upload`; only http(s) addresses are used. */
export function serviceUploadUrl(uploadUrl: string): URL | null {
  try {
    const base = new URL(uploadUrl.endsWith('/') ? uploadUrl : `${uploadUrl}/`);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') return null;
    return new URL('upload', base);
  } catch {
    return null;
  }
}

async function sendToService(request: SendRequest): Promise<SendAnswer> {
  let response: Response;
  try {
    response = await fetch(jwtIssueUrl(request.serverUrl, request.studyId), {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...request.apiHeaders },
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal.aborted) throw new RecordingsUploadError('cancelled', 'upload cancelled');
    throw new RecordingsUploadError('network_error', error instanceof Error ? error.message : String(error));
  }
  const body = await readJson(response);
  if (!response.ok) return { status: response.status, body };
  const target = isIssuedToken(body) ? serviceUploadUrl(body.upload_url) : null;
  if (!isIssuedToken(body) || !target) return { status: 502, body: { message: 'the upload token answer is not usable', code: 'server_configuration' } };
  return uploadRecordings({
    serverUrl: request.serverUrl,
    studyId: request.studyId,
    url: target,
    files: request.files,
    metadata: request.metadata,
    headers: { ...request.serviceHeaders, Authorization: `Bearer ${body.token}` },
    onProgress: request.onProgress,
    signal: request.signal,
  });
}

async function fingerprintOf(request: SendRequest, file: UploadFile): Promise<{ key: string; size: number }> {
  let info;
  try {
    info = await stat(file.filePath);
  } catch {
    throw new RecordingsUploadError('file_unreadable', `cannot read ${file.fileName}`);
  }
  return { key: [request.serverUrl, request.studyId, file.filePath, info.size, info.mtimeMs].join('|'), size: info.size };
}

async function sendResumable(request: SendRequest, endpoint: string): Promise<SendAnswer> {
  const prints = await Promise.all(request.files.map((file) => fingerprintOf(request, file)));
  const sizes = prints.map((p) => p.size);
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  const fileBytes = sizes.map(() => 0);
  const report = () => request.onProgress({ sentBytes: fileBytes.reduce((a, b) => a + b, 0), totalBytes, fileBytes: [...fileBytes] });
  const uploadIds: string[] = [];
  try {
    for (const [index, file] of request.files.entries()) {
      const { key, size } = prints[index];
      const done = await uploadFileWithTus({
        endpoint,
        filePath: file.filePath,
        fileName: file.fileName,
        mimeType: file.mimeType,
        size,
        metadata: { study_id: String(request.studyId) },
        headers: { 'X-Requested-With': 'XMLHttpRequest', ...request.apiHeaders },
        resumeUrl: request.resumable.get(key),
        onCreated: (url) => request.resumable.set(key, url),
        onProgress: (offset) => {
          fileBytes[index] = Math.min(offset, size);
          report();
        },
        signal: request.signal,
      });
      uploadIds.push(done.uploadId);
    }
  } catch (error) {
    if (error instanceof TusRefusal) return { status: error.status, body: error.body };
    throw error;
  }
  // Each part with a file names its upload instead (names are unique within a save).
  const unused = new Set(request.files.keys());
  const parts = request.metadata.parts.map((part) => {
    const index = [...unused].find((i) => request.files[i].fileName === part.file_name);
    if (index === undefined) return part;
    unused.delete(index);
    return { ...part, upload_id: uploadIds[index] };
  });
  const answer = await uploadRecordings({
    serverUrl: request.serverUrl,
    studyId: request.studyId,
    files: [],
    metadata: { ...request.metadata, parts },
    headers: request.apiHeaders,
    signal: request.signal,
  });
  if (answer.status >= 200 && answer.status < 300) prints.forEach((p) => request.resumable.delete(p.key));
  return answer;
}

export async function sendRecordings(request: SendRequest): Promise<SendAnswer> {
  if (request.signal.aborted) throw new RecordingsUploadError('cancelled', 'upload cancelled');
  if (request.route === 'service') return sendToService(request);
  const endpoint = request.tusEndpoint;
  if (request.files.length > 0 && endpoint && (await serverOffersTus(endpoint, request.apiHeaders, request.signal))) {
    return sendResumable(request, endpoint);
  }
  return uploadRecordings({
    serverUrl: request.serverUrl,
    studyId: request.studyId,
    files: request.files,
    metadata: request.metadata,
    headers: request.apiHeaders,
    onProgress: request.onProgress,
    signal: request.signal,
  });
}
