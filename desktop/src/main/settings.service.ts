import {
  desktopSettingsSchema,
  sanitizeSettings,
  type DesktopSettings,
  type SetSettingInput,
  type SettingsUpdate,
  type WindowBounds,
  type WindowKind,
  type WindowSize,
} from '../common/ipc-schemas';

/** Where settings live; electron-store in the app, a plain object in tests. */
export interface SettingsBackend {
  readAll(): Record<string, unknown>;
  writeAll(settings: DesktopSettings): void;
}

export interface SettingsService {
  read(): DesktopSettings;
  set(input: SetSettingInput): DesktopSettings;
  update(update: SettingsUpdate): DesktopSettings;
  /** Main-only keys (the renderer cannot reach these through IPC). */
  setWindowSize(kind: WindowKind, size: WindowSize): void;
  setWindowBounds(kind: WindowKind, bounds: WindowBounds): void;
  setDocumentsFolder(folder: string): void;
}

export function createSettingsService(backend: SettingsBackend): SettingsService {
  const read = (): DesktopSettings => sanitizeSettings(backend.readAll());
  const write = (patch: Partial<DesktopSettings>): DesktopSettings => {
    // Re-validate the merged whole: callers pass parsed input, this guards main-side callers too.
    const next = desktopSettingsSchema.parse({ ...read(), ...patch });
    backend.writeAll(next);
    return read();
  };
  return {
    read,
    set: (input) => write({ [input.key]: input.value }),
    update: (update) => write(update),
    setWindowSize: (kind, size) => {
      write({ windowSizes: { ...read().windowSizes, [kind]: size } });
    },
    setWindowBounds: (kind, bounds) => {
      write({ windowBounds: { ...read().windowBounds, [kind]: bounds } });
    },
    setDocumentsFolder: (folder) => {
      write({ documentsFolder: folder });
    },
  };
}

/** An in-memory backend (tests, and a fallback when the store file cannot be opened). */
export function createMemorySettingsBackend(initial: Record<string, unknown> = {}): SettingsBackend {
  let data = { ...initial };
  return {
    readAll: () => data,
    writeAll: (settings) => {
      data = { ...settings };
    },
  };
}
