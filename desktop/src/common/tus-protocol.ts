/**
 * The parts of the tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload)
 * both uploaders need, the main process streaming from disk and the browser build slicing a File:
 * headers, metadata encoding and reading the server's answers. No transport here.
 */

export const TUS_VERSION = '1.0.0';
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

/**
 * Bytes per PATCH request. A dropped connection loses at most one chunk's progress on servers that
 * keep only whole requests; smaller chunks cost more round trips.
 */
export const TUS_CHUNK_BYTES = 16 * 1024 * 1024;

function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `Upload-Metadata`: comma-separated `key base64(value)` pairs (keys are ASCII without spaces). */
export function encodeTusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .filter(([key]) => /^[A-Za-z0-9_.-]+$/.test(key))
    .map(([key, value]) => `${key} ${base64Utf8(value)}`)
    .join(',');
}

/** Whether an OPTIONS answer says the endpoint speaks tus 1.0.0. */
export function speaksTus(headers: { get(name: string): string | null }): boolean {
  const versions = headers.get('tus-version') ?? headers.get('tus-resumable') ?? '';
  return versions.split(',').some((v) => v.trim() === TUS_VERSION);
}

/** A non-negative integer header (Upload-Offset, Upload-Length); null when absent or malformed. */
export function byteHeader(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,16}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The upload's URL from a creation answer's Location, resolved against the endpoint. */
export function uploadUrlFrom(location: string | null | undefined, endpoint: string): string | null {
  if (!location) return null;
  try {
    const url = new URL(location, endpoint);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The upload id the recordings metadata names (`upload_id`): the last path segment of its URL. */
export function uploadIdFrom(uploadUrl: string): string {
  const segments = new URL(uploadUrl).pathname.split('/').filter(Boolean);
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}

/** Answers to HEAD meaning the upload is gone (expired, swept, never ours): start a new one. */
export function uploadIsGone(status: number): boolean {
  return status === 404 || status === 410;
}
