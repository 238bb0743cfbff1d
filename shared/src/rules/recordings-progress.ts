import { UPLOAD_PROGRESS } from '../domain/constants';

/**
 * Upload progress of recordings as spec part 1 §4 and §9 show it:
 * - direct to the API (flag recordings_uploader_enabled off): the real share of bytes sent, held
 *   at 99 % while the server finishes, 100 % once it answered;
 * - through the upload service (flag on): the share of bytes, capped at 80 % until every byte is
 *   sent (the service is finalizing), then 1 % more per second up to 99 %, and 100 % at the answer.
 */

export type UploadRoute = 'direct' | 'service';

export interface UploadProgressState {
  route: UploadRoute;
  sentBytes: number;
  totalBytes: number;
  /** When the last byte was sent (epoch ms); null while bytes are still going. */
  finalizingSince: number | null;
  /** The server (or service) answered with success. */
  done: boolean;
}

const clampPercent = (value: number) => Math.min(Math.max(Math.floor(value), 0), 100);

/** The percentage the bar shows at `now` (epoch ms), an integer 0..100. */
export function uploadPercent(state: UploadProgressState, now: number): number {
  if (state.done) return UPLOAD_PROGRESS.done;
  const share = state.totalBytes > 0 ? (state.sentBytes / state.totalBytes) * 100 : 0;
  if (state.route === 'direct') return Math.min(clampPercent(share), UPLOAD_PROGRESS.maxBeforeDone);
  const capped = Math.min(clampPercent(share), UPLOAD_PROGRESS.capBeforeFinalize);
  if (state.finalizingSince === null) return capped;
  const seconds = Math.max(0, Math.floor((now - state.finalizingSince) / 1000));
  return Math.min(
    UPLOAD_PROGRESS.capBeforeFinalize + seconds * UPLOAD_PROGRESS.creepPerSecond,
    UPLOAD_PROGRESS.maxBeforeDone,
  );
}

/** When the shown percentage changes next without new bytes (the service's creep), or null. */
export function nextCreepAt(state: UploadProgressState, now: number): number | null {
  if (state.done || state.route !== 'service' || state.finalizingSince === null) return null;
  if (uploadPercent(state, now) >= UPLOAD_PROGRESS.maxBeforeDone) return null;
  const elapsed = Math.max(0, now - state.finalizingSince);
  return state.finalizingSince + (Math.floor(elapsed / 1000) + 1) * 1000;
}

/**
 * Bytes sent of each file of a multipart body whose files follow one another: the bytes of the
 * whole body (headers and metadata included) are spread over the files in order, so a file is
 * complete only when the body got past it.
 */
export function bytesPerFile(fileSizes: readonly number[], sentBytes: number, totalBytes: number): number[] {
  const filesTotal = fileSizes.reduce((sum, size) => sum + size, 0);
  const overhead = Math.max(0, totalBytes - filesTotal);
  // The form's overhead (boundaries, metadata) is small; count it as sent first.
  let left = Math.max(0, sentBytes - overhead);
  if (sentBytes >= totalBytes) left = filesTotal;
  return fileSizes.map((size) => {
    const sent = Math.min(size, left);
    left -= sent;
    return sent;
  });
}
