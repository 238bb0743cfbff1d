import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './app-menu';

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
    const template = buildMenuTemplate({ platform: 'linux', isDev: false, language: 'ru', onNewCalendarWindow, onLanguageSelected });

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
    const base = { language: 'uk' as const, onNewCalendarWindow: () => undefined, onLanguageSelected: () => undefined };
    const json = (t: MenuItemConstructorOptions[]) => JSON.stringify(t);
    expect(json(buildMenuTemplate({ ...base, platform: 'linux', isDev: false }))).not.toContain('toggleDevTools');
    expect(json(buildMenuTemplate({ ...base, platform: 'linux', isDev: true }))).toContain('toggleDevTools');
    expect(buildMenuTemplate({ ...base, platform: 'darwin', isDev: false })[0]).toEqual({ role: 'appMenu' });
  });
});
