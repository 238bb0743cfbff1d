import { IpcHandlerError } from '../common/ipc-result';
import type { ShowInFolderInput } from '../common/ipc-schemas';

/**
 * Where this session saved its documents, by the file name the renderer was told. "Show in
 * folder" names one of these: a page can only reveal what main itself wrote, never a path it made up.
 */
export interface SavedDocuments {
  remember(fileName: string, fullPath: string): void;
  pathOf(fileName: string): string | undefined;
}

export function createSavedDocuments(limit = 50): SavedDocuments {
  const paths = new Map<string, string>();
  return {
    remember(fileName, fullPath) {
      // The newest save of a name wins and moves to the end; the oldest is dropped past the limit.
      paths.delete(fileName);
      paths.set(fileName, fullPath);
      if (paths.size > limit) paths.delete(paths.keys().next().value!);
    },
    pathOf: (fileName) => paths.get(fileName),
  };
}

export interface ShowInFolderDeps {
  saved: SavedDocuments;
  /** Electron's shell.showItemInFolder (adapter). */
  showItemInFolder(fullPath: string): void;
}

export function showInFolder(input: ShowInFolderInput, deps: ShowInFolderDeps): { shown: true } {
  const fullPath = deps.saved.pathOf(input.fileName);
  if (!fullPath) throw new IpcHandlerError('not_found', 'no document of that name was saved in this session');
  deps.showItemInFolder(fullPath);
  return { shown: true };
}
