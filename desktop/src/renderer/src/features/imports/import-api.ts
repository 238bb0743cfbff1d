import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@school/shared/api';
import { useApi } from '@school/shared/ui';
import { isImportActive, type ImportKind, type ImportPreview, type ImportStatus } from './import.types';

/** The import calls of docs/api.md "Imports", answers unwrapped from their `data`. */

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1000;

export async function previewImport(
  client: ApiClient,
  kind: ImportKind,
  file: Blob,
  fileName: string,
  mapping?: string,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, fileName);
  if (mapping !== undefined) form.append('mapping', mapping);
  const answer = await client.post<{ data: ImportPreview }>(`/api/imports/${kind}/preview`, form);
  return answer.data;
}

export async function commitImport(client: ApiClient, importId: string): Promise<void> {
  await client.post(`/api/imports/${encodeURIComponent(importId)}/commit`);
}

export async function cancelImport(client: ApiClient, importId: string): Promise<void> {
  await client.post(`/api/imports/${encodeURIComponent(importId)}/cancel`);
}

export const importErrorsPath = (importId: string) =>
  `/api/imports/${encodeURIComponent(importId)}/errors.xlsx`;

/** An import's state and progress, asked again every second while its job is queued or running. */
export function useImportStatus(importId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['imports', importId],
    queryFn: async () =>
      (await client.get<{ data: ImportStatus }>(`/api/imports/${encodeURIComponent(importId)}`)).data,
    refetchInterval: (query) => {
      if (query.state.error) return false;
      const state = query.state.data?.state;
      return state === undefined || isImportActive(state) ? IMPORT_POLL_MS : false;
    },
    // The progress must move even while the window is in the background.
    refetchIntervalInBackground: true,
    retry: false,
  });
}
