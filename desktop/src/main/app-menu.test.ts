import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { IpcEvent } from '../common/ipc-channels';
import { buildMenuTemplate, createMenuActions } from './app-menu';
import { createMemorySettingsBackend, createSettingsService } from './settings.service';

function find(items: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    if (Array.isArray(item.submenu)) {
      const inner = find(item.submenu, id);
      if (inner) return inner;
    }
  }
  return undefined;
}

const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as unknown as () => void)();

describe('application menu', () => {
  it('has New Calendar Window, Reload and a uk/ru language submenu', () => {
    const onNewCalendarWindow = vi.fn();
    const onLanguageSelected = vi.fn();
    const template = buildMenuTemplate({
      platform: 'linux',
      isDev: false,
      language: 'ru',
      onNewCalendarWindow,
      onLanguageSelected,
    });

    const newWindow = find(template, 'new-calendar-window');
    expect(newWindow).toMatchObject({ label: 'Новое окно календаря', accelerator: 'CmdOrCtrl+Shift+N' });
    click(newWindow);
    expect(onNewCalendarWindow).toHaveBeenCalledOnce();

    expect(find(template, 'reload')).toMatchObject({ role: 'reload' });
    const languages = find(template, 'language')?.submenu as MenuItemConstructorOptions[];
    expect(languages.map((l) => [l.id, l.type, l.checked])).toEqual([
      ['language-uk', 'radio', false],
      ['language-ru', 'radio', true],
    ]);
    click(languages[0]);
    expect(onLanguageSelected).toHaveBeenCalledWith('uk');
  });

  it('shows dev tools only in development and the app menu only on macOS', () => {
    const base = {
      language: 'uk' as const,
      onNewCalendarWindow: () => undefined,
      onLanguageSelected: () => undefined,
    };
    const json = (t: MenuItemConstructorOptions[]) => JSON.stringify(t);
    expect(json(buildMenuTemplate({ ...base, platform: 'linux', isDev: false }))).not.toContain(
      'toggleDevTools',
    );
    expect(json(buildMenuTemplate({ ...base, platform: 'linux', isDev: true }))).toContain('toggleDevTools');
    expect(buildMenuTemplate({ ...base, platform: 'darwin', isDev: false })[0]).toEqual({ role: 'appMenu' });
  });
});

describe('menu actions', () => {
  function setup() {
    const settings = createSettingsService(
      createMemorySettingsBackend({ language: 'uk', lastCalendarUserId: 12 }),
    );
    const deps = { settings, openCalendarWindow: vi.fn(), broadcast: vi.fn(), reinstall: vi.fn() };
    return { settings, deps, actions: createMenuActions(deps) };
  }

  it('opens a calendar window for the last chosen user', () => {
    const { deps, actions, settings } = setup();
    actions.onNewCalendarWindow();
    expect(deps.openCalendarWindow).toHaveBeenLastCalledWith(12);
    settings.set({ key: 'lastCalendarUserId', value: null });
    actions.onNewCalendarWindow();
    expect(deps.openCalendarWindow).toHaveBeenLastCalledWith(null);
  });

  it('stores a language picked in the menu, tells every window and relabels the menu, once', () => {
    const { deps, actions, settings } = setup();
    actions.onLanguageSelected('ru');
    expect(settings.read().language).toBe('ru');
    expect(deps.broadcast).toHaveBeenCalledWith(IpcEvent.languageChanged, 'ru');
    expect(deps.reinstall).toHaveBeenCalledOnce();
    actions.onLanguageSelected('ru');
    expect(deps.broadcast).toHaveBeenCalledOnce();
  });
});
