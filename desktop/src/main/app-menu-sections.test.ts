import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './app-menu';

const base = {
  platform: 'linux' as const,
  isDev: false,
  onNewCalendarWindow: () => undefined,
  onLanguageSelected: () => undefined,
};
const goMenu = (template: MenuItemConstructorOptions[]) =>
  template.find((item) => item.id === 'go')?.submenu as MenuItemConstructorOptions[] | undefined;

describe('Go menu by role', () => {
  it('gives a manager every section with its shortcut, in the navbar order', () => {
    const onNavigate = vi.fn();
    const items = goMenu(buildMenuTemplate({ ...base, language: 'uk', role: 'Manager', onNavigate })) ?? [];
    expect(items.map((item) => [item.label, item.accelerator])).toEqual([
      ['Календар', 'CmdOrCtrl+1'],
      ['Користувачі', 'CmdOrCtrl+2'],
      ['Договори', 'CmdOrCtrl+3'],
      ['Абонементи', 'CmdOrCtrl+4'],
      ['Рахунки', 'CmdOrCtrl+5'],
      ['Оплата', 'CmdOrCtrl+Shift+P'],
      ['Заняття', 'CmdOrCtrl+6'],
      ['Розклади', 'CmdOrCtrl+7'],
      ['Викладачі', 'CmdOrCtrl+8'],
      ['Аналітика', 'CmdOrCtrl+9'],
      ['Звіти', 'CmdOrCtrl+0'],
      ['Імпорт', 'CmdOrCtrl+Shift+U'],
      ['Чат', 'CmdOrCtrl+Shift+M'],
      ['Налаштування', 'CmdOrCtrl+,'],
    ]);
    (items[4].click as unknown as () => void)();
    expect(onNavigate).toHaveBeenCalledWith('/admin/invoices');
  });

  it('gives a teacher only the calendar, reports, the chat and settings (in Russian)', () => {
    const onNavigate = vi.fn();
    const items = goMenu(buildMenuTemplate({ ...base, language: 'ru', role: 'Teacher', onNavigate })) ?? [];
    expect(items.map((item) => item.label)).toEqual(['Календарь', 'Отчёты', 'Чат', 'Настройки']);
    (items[2].click as unknown as () => void)();
    expect(onNavigate).toHaveBeenCalledWith('/chat');
  });

  it('gives a student or a parent (a role switch) the calendar and settings, no chat', () => {
    for (const role of ['Student', 'Responsible'] as const) {
      const items = goMenu(buildMenuTemplate({ ...base, language: 'uk', role, onNavigate: vi.fn() })) ?? [];
      expect(items.map((item) => item.label)).toEqual(['Календар', 'Налаштування']);
    }
  });

  it('has no Go menu when nobody is signed in', () => {
    expect(
      goMenu(buildMenuTemplate({ ...base, language: 'uk', role: null, onNavigate: vi.fn() })),
    ).toBeUndefined();
  });

  it('offers File → open the page in a new window', () => {
    const onOpenInNewWindow = vi.fn();
    const template = buildMenuTemplate({
      ...base,
      language: 'en',
      role: 'Administrator',
      onNavigate: vi.fn(),
      onOpenInNewWindow,
    });
    const file = template.find((item) => item.id === 'file')?.submenu as MenuItemConstructorOptions[];
    const item = file.find((entry) => entry.id === 'open-in-new-window');
    expect(item).toMatchObject({ label: 'Open Page in New Window', accelerator: 'CmdOrCtrl+Alt+N' });
    (item?.click as unknown as () => void)();
    expect(onOpenInNewWindow).toHaveBeenCalledOnce();
  });
});
