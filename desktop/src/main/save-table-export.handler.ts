import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TIME_ZONE } from '@school/shared/domain';
import { IpcHandlerError } from '../common/ipc-result';
import type { SaveDocumentResult, SaveTableExportInput } from '../common/ipc-schemas';
import type { IpcCaller } from './ipc-registry';
import type { SaveDialogRequest } from './save-document.handler';
import type { SettingsService } from './settings.service';

export interface SaveTableExportDeps {
  showSaveDialog: (request: SaveDialogRequest, caller: IpcCaller) => Promise<string | null>;
  settings: Pick<SettingsService, 'read' | 'setDocumentsFolder'>;
  defaultFolder: () => string;
  getServerUrl: () => string;
  /** The caller's session cookie for the server (the renderer's own session). */
  getCookieHeader: (caller: IpcCaller, url: string) => Promise<string | undefined>;
  fetch?: typeof fetch;
  /** Today in the school's calendar (yyyy-MM-dd), for the suggested name; tests pin it. */
  today?: () => string;
  remember?: (fileName: string, fullPath: string) => void;
}

/** yyyy-MM-dd in the school's time zone ('en-CA' writes dates so). */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

const FILTERS = {
  csv: { name: 'CSV', extensions: ['csv'] },
  xlsx: { name: 'Excel', extensions: ['xlsx'] },
} as const;

/**
 * exports:save (issue 31): the native Save dialog, then `GET /api/{resource}/export` streamed
 * from the server straight into the chosen file (a `.part` beside it, renamed when complete), so
 * a million-row export never passes through the renderer's memory. The session is the window's:
 * the server answers exactly what the user may list.
 */
export async function saveTableExport(
  input: SaveTableExportInput,
  caller: IpcCaller,
  deps: SaveTableExportDeps,
): Promise<SaveDocumentResult> {
  const folder = deps.settings.read().documentsFolder ?? deps.defaultFolder();
  const stem = input.resource.replace(/_/g, '-');
  const filter = FILTERS[input.format];
  const chosen = await deps.showSaveDialog(
    {
      defaultPath: path.join(folder, `${stem}-${(deps.today ?? schoolToday)()}.${input.format}`),
      filters: [{ name: filter.name, extensions: [...filter.extensions] }],
    },
    caller,
  );
  if (!chosen) return { saved: false };
  const target = path.extname(chosen) ? chosen : `${chosen}.${input.format}`;
  const server = deps.getServerUrl().replace(/\/+$/, '');
  // The list's query as the list sends it (re-encoding could change its `%x%` filters).
  const query = [input.query.replace(/^\?/, ''), `format=${input.format}`].filter(Boolean).join('&');
  const url = `${server}/api/${encodeURIComponent(input.resource)}/export?${query}`;
  const cookie = await deps.getCookieHeader(caller, server);
  let res: Response;
  try {
    res = await (deps.fetch ?? fetch)(url, {
      headers: {
        'Accept-Language': input.language,
        'X-Requested-With': 'XMLHttpRequest',
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
  } catch {
    throw new IpcHandlerError('network_error', 'the server could not be reached');
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new IpcHandlerError('server_refused', `the server answered ${res.status}`);
  }
  const part = `${target}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(part));
    await rename(part, target);
  } catch (error) {
    await rm(part, { force: true });
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw new IpcHandlerError('write_failed', `could not save the export (${code})`);
  }
  deps.settings.setDocumentsFolder(path.dirname(target));
  deps.remember?.(path.basename(target), target);
  return { saved: true, fileName: path.basename(target) };
}
