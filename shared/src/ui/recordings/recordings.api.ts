import type { ApiClient } from '@school/shared/api';
import type { SavedRecording } from '@school/shared/rules';

/** Calls of the recordings section (spec part 1 §7 "Recordings", "Lookups"). */

export interface RecordingListItem extends SavedRecording {
  study_id?: number;
  created_at?: string;
  creator?: { id?: number; full_name?: string | null; role?: { name?: string | null } | null } | null;
  languages?: { id: number; code?: string }[];
}

export interface LanguageOption {
  id: number;
  code: string;
  name?: string | null;
}

const studyPath = (studyId: number) => `/api/studies/${encodeURIComponent(String(studyId))}/recordings`;

/** GET api/studies/{id}/recordings with[]=creator, languages; a failure gives an empty list (spec part 1 §8). */
export async function fetchRecordings(
  client: ApiClient,
  studyId: number,
  signal?: AbortSignal,
): Promise<RecordingListItem[]> {
  try {
    const answer = await client.get<{ data: RecordingListItem[] }>(
      studyPath(studyId),
      { with: ['creator', 'languages'] },
      { signal },
    );
    return Array.isArray(answer?.data) ? answer.data : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

/** DELETE api/studies/{id}/recordings/{recordingId}. */
export async function deleteRecording(
  client: ApiClient,
  studyId: number,
  recordingId: number,
): Promise<void> {
  await client.delete(`${studyPath(studyId)}/${encodeURIComponent(String(recordingId))}`);
}

/** GET api/languages, sorted by code; a failure leaves the picker empty. */
export async function fetchLanguages(client: ApiClient, signal?: AbortSignal): Promise<LanguageOption[]> {
  try {
    const answer = await client.get<{ data: LanguageOption[] }>(
      '/api/languages',
      { perpage: 100 },
      { signal },
    );
    const list = Array.isArray(answer?.data) ? answer.data : [];
    return [...list].sort((a, b) => a.code.localeCompare(b.code));
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const UPLOADER_FLAG = 'recordings_uploader_enabled';

/** GET api/feature-flags: whether uploads go to the separate upload service (spec part 1 §4). */
export async function fetchUploaderEnabled(client: ApiClient, signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await client.get<{ data: { name: string; enabled: boolean }[] }>(
      '/api/feature-flags',
      { filter: { name: UPLOADER_FLAG } },
      { signal },
    );
    return (answer?.data ?? []).some((flag) => flag.name === UPLOADER_FLAG && flag.enabled === true);
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

/** The player's source: the server answers ranges, so the player can seek (spec part 1 §7). */
export function recordingPlayPath(studyId: number, recordingId: number): string {
  return `${studyPath(studyId)}/${encodeURIComponent(String(recordingId))}/play`;
}

export function recordingDownloadPath(studyId: number, recordingId: number): string {
  return `${studyPath(studyId)}/${encodeURIComponent(String(recordingId))}/download`;
}
