import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import { IMPORT_MAX_BYTES } from '@school/shared/imports';
import { IpcHandlerError } from '../common/ipc-result';
import { IMPORT_FILE_EXTENSIONS, type PickImportFileResult } from '../common/ipc-schemas';
import type { IpcCaller } from './ipc-registry';

export interface ImportOpenDialogRequest {
  filters: { name: string; extensions: string[] }[];
}

export interface PickImportFileDeps {
  /** The native open dialog (adapter); the chosen path, null when cancelled. */
  showOpenDialog: (request: ImportOpenDialogRequest, caller: IpcCaller) => Promise<string | null>;
  size?: (filePath: string) => Promise<number>;
  read?: (filePath: string) => Promise<Uint8Array>;
}

/** GTK matches extensions case-sensitively: both spellings (SCHOOL.XLSX from old Windows tools). */
const FILTER_EXTENSIONS = [...IMPORT_FILE_EXTENSIONS, ...IMPORT_FILE_EXTENSIONS.map((e) => e.toUpperCase())];

/**
 * The spreadsheet to import (issue 31): picked in the native dialog, its size checked before a
 * byte is read (the server's 50 MB limit, so a 2 GB file never fills main's memory), then read
 * whole and handed to the renderer, which posts it with its session.
 */
export async function pickImportFile(
  caller: IpcCaller,
  deps: PickImportFileDeps,
): Promise<PickImportFileResult> {
  const chosen = await deps.showOpenDialog(
    { filters: [{ name: 'Excel, CSV', extensions: FILTER_EXTENSIONS }] },
    caller,
  );
  if (!chosen) return { status: 'cancelled' };
  const name = path.basename(chosen);
  // The dialog's filter is a hint only ("All files", a typed name): the extension decides here.
  const extension = path.extname(name).slice(1).toLowerCase();
  if (!(IMPORT_FILE_EXTENSIONS as readonly string[]).includes(extension))
    return { status: 'unsupported', name };
  try {
    const size = await (deps.size ?? (async (file) => (await stat(file)).size))(chosen);
    if (size > IMPORT_MAX_BYTES) return { status: 'too_large', name, size };
    const bytes = await (deps.read ?? ((file) => readFile(file)))(chosen);
    // The file may have grown between the two calls.
    if (bytes.byteLength > IMPORT_MAX_BYTES) return { status: 'too_large', name, size: bytes.byteLength };
    return {
      status: 'picked',
      name,
      // readFile's Buffer owns a plain ArrayBuffer (never a SharedArrayBuffer): a view, not a copy.
      bytes: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw new IpcHandlerError('file_unreadable', `could not read the file (${code})`);
  }
}
