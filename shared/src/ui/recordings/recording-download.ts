import type { ApiClient } from '@school/shared/api';
import { recordingDownloadPath } from './recordings.api';

/**
 * Downloads a recording under its name without holding it in memory: a HEAD request first tells
 * whether the server will give the file (session, permission, file present), then the browser (or
 * Electron's download manager) fetches `/download`, whose Content-Disposition names the file.
 * Rejects when the server refuses, so the caller can say "Download failed" (spec part 1 §8).
 */
export async function downloadRecording(
  client: ApiClient,
  studyId: number,
  recording: { id: number; file_name: string },
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  const url = client.url(recordingDownloadPath(studyId, recording.id));
  const answer = await fetchImpl(url, {
    method: 'HEAD',
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!answer.ok) throw new Error(`download refused: HTTP ${answer.status}`);
  const link = document.createElement('a');
  link.href = url;
  link.download = recording.file_name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
