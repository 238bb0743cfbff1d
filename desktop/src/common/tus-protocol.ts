/**
 * The little of the tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload)
 * the orchestrator decides with itself; the protocol's requests are tus-js-client's
 * (tus-file-upload.ts).
 */

const TUS_VERSION = '1.0.0';

/**
 * Bytes per PATCH request. A dropped connection loses at most one chunk's progress on servers that
 * keep only whole requests; smaller chunks cost more round trips.
 */
export const TUS_CHUNK_BYTES = 16 * 1024 * 1024;

/** Whether an OPTIONS answer says the endpoint speaks tus 1.0.0. */
export function speaksTus(headers: { get(name: string): string | null }): boolean {
  const versions = headers.get('tus-version') ?? headers.get('tus-resumable') ?? '';
  return versions.split(',').some((v) => v.trim() === TUS_VERSION);
}

/** The upload id the recordings metadata names (`upload_id`): the last path segment of its URL. */
export function uploadIdFrom(uploadUrl: string): string {
  const segments = new URL(uploadUrl).pathname.split('/').filter(Boolean);
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}
