import Store from 'electron-store';
import { createSettingsService, type SettingsBackend, type SettingsService } from './settings.service';

/** Adapter: settings persisted by electron-store (settings.json in the user data folder). */
export function createElectronSettingsBackend(): SettingsBackend {
  // No schema here: validation is zod's job in settings.service (per key, tolerant of old files).
  const store = new Store<Record<string, unknown>>({ name: 'settings' });
  return {
    readAll: () => store.store,
    writeAll: (settings) => {
      store.store = settings as Record<string, unknown>;
    },
  };
}

export function createSettingsStore(): SettingsService {
  return createSettingsService(createElectronSettingsBackend());
}
