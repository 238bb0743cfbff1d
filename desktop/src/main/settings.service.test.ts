import { describe, expect, it } from 'vitest';
import { sanitizeSettings, setSettingInputSchema, settingsUpdateSchema } from '../common/ipc-schemas';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

describe('settings', () => {
  it('stores each writable key after validating it', () => {
    const settings = createSettingsService(createMemorySettingsBackend());
    settings.set({ key: 'serverUrl', value: 'https://school.example' });
    settings.set({ key: 'language', value: 'ru' });
    settings.set({ key: 'lastCalendarUserId', value: 17 });
    settings.set({ key: 'tablePageSizes', value: { users: 50, 'admin.contracts': 100 } });
    expect(settings.read()).toEqual({
      serverUrl: 'https://school.example',
      language: 'ru',
      lastCalendarUserId: 17,
      tablePageSizes: { users: 50, 'admin.contracts': 100 },
    });
    settings.set({ key: 'lastCalendarUserId', value: null });
    expect(settings.read().lastCalendarUserId).toBeNull();
  });

  it('refuses invalid values per key and keys the renderer may not write', () => {
    const bad = [
      { key: 'serverUrl', value: 'ftp://school.example' },
      { key: 'serverUrl', value: 'not a url' },
      { key: 'language', value: 'de' },
      { key: 'lastCalendarUserId', value: 0 },
      { key: 'tablePageSizes', value: { users: 10 } },
      { key: 'tablePageSizes', value: { 'bad key with spaces': 5 } },
      { key: 'windowSizes', value: {} },
      { key: 'documentsFolder', value: '/' },
      { key: 'language', value: 'uk', extra: 1 },
    ];
    for (const input of bad)
      expect(setSettingInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    expect(settingsUpdateSchema.safeParse({ documentsFolder: '/tmp' }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ language: 'uk', tablePageSizes: { users: 15 } }).success).toBe(
      true,
    );
  });

  it('drops only the corrupted keys of a stored file', () => {
    const backend = createMemorySettingsBackend({
      language: 'fr',
      serverUrl: 'https://ok.example',
      windowSizes: { main: { width: 5, height: 5 } },
      tablePageSizes: { users: 15 },
      unknown: 'x',
    });
    expect(createSettingsService(backend).read()).toEqual({
      serverUrl: 'https://ok.example',
      tablePageSizes: { users: 15 },
    });
    expect(sanitizeSettings(null)).toEqual({});
    expect(sanitizeSettings('garbage')).toEqual({});
  });

  it('remembers window sizes per kind and the documents folder (main-only keys)', () => {
    const backend = createMemorySettingsBackend({ language: 'uk' });
    const settings = createSettingsService(backend);
    settings.setWindowSize('calendar', { width: 1000, height: 700 });
    settings.setWindowSize('main', { width: 1400, height: 900 });
    settings.setDocumentsFolder('/home/teacher/Documents');
    expect(backend.readAll()).toEqual({
      language: 'uk',
      windowSizes: { calendar: { width: 1000, height: 700 }, main: { width: 1400, height: 900 } },
      documentsFolder: '/home/teacher/Documents',
    });
    expect(() => settings.setWindowSize('main', { width: 10, height: 10 })).toThrow();
  });

  it('remembers each kind of window where it was (position, size, maximized), apart from the others', () => {
    const backend = createMemorySettingsBackend();
    const settings = createSettingsService(backend);
    settings.setWindowBounds('main', { x: 1920, y: 0, width: 1400, height: 900, maximized: true });
    settings.setWindowBounds('calendar', { x: -1280, y: 40, width: 1000, height: 700 });
    settings.setWindowBounds('table', { x: 200, y: 120, width: 1200, height: 760, maximized: false });
    // A second calendar window closed later wins for its kind only.
    settings.setWindowBounds('calendar', { x: 60, y: 60, width: 1100, height: 720 });
    expect(settings.read().windowBounds).toEqual({
      main: { x: 1920, y: 0, width: 1400, height: 900, maximized: true },
      calendar: { x: 60, y: 60, width: 1100, height: 720 },
      table: { x: 200, y: 120, width: 1200, height: 760, maximized: false },
    });
    // Kept across a restart (a new service over the same store); main's key, not the renderer's.
    expect(createSettingsService(backend).read().windowBounds?.main?.x).toBe(1920);
    expect(setSettingInputSchema.safeParse({ key: 'windowBounds', value: {} }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ windowBounds: {} }).success).toBe(false);
    expect(() => settings.setWindowBounds('main', { x: 0, y: 0, width: 10, height: 10 })).toThrow();
  });
});
