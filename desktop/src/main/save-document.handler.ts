import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { documentKindOf, sanitizeDocumentName } from '../common/document-names';
import { IpcHandlerError } from '../common/ipc-result';
import type { SaveDocumentResult } from '../common/ipc-schemas';
import type { IpcCaller } from './ipc-registry';
import type { SettingsService } from './settings.service';

export interface SaveDialogRequest {
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}

export interface SaveDocumentDeps {
  /** The native save dialog (adapter); null when the user cancels. */
  showSaveDialog: (request: SaveDialogRequest, caller: IpcCaller) => Promise<string | null>;
  settings: Pick<SettingsService, 'read' | 'setDocumentsFolder'>;
  /** The OS documents folder, used until the user has saved once. */
  defaultFolder: () => string;
  writeFile?: (filePath: string, bytes: Uint8Array) => Promise<void>;
  /** Told where each document went, so "Show in folder" can find it by its name. */
  remember?: (fileName: string, fullPath: string) => void;
}

export async function saveDocument(
  input: { suggestedName: string; bytes: Uint8Array },
  caller: IpcCaller,
  deps: SaveDocumentDeps,
): Promise<SaveDocumentResult> {
  const folder = deps.settings.read().documentsFolder ?? deps.defaultFolder();
  const kind = documentKindOf(input.suggestedName);
  const chosen = await deps.showSaveDialog(
    {
      defaultPath: path.join(folder, sanitizeDocumentName(input.suggestedName)),
      filters: [{ ...kind.filter, extensions: [...kind.filter.extensions] }],
    },
    caller,
  );
  if (!chosen) return { saved: false };
  // Some dialogs (Linux GTK) return the typed name without the filter's extension.
  const target = path.extname(chosen) ? chosen : `${chosen}${kind.extension}`;
  try {
    await (deps.writeFile ?? writeFile)(target, input.bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw new IpcHandlerError('write_failed', `could not write the document (${code})`);
  }
  deps.settings.setDocumentsFolder(path.dirname(target));
  deps.remember?.(path.basename(target), target);
  return { saved: true, fileName: path.basename(target) };
}
