import type { MenuItemConstructorOptions } from 'electron';
import type { RoleName } from '@school/shared/domain';
import type { AppPath } from '../common/app-sections';
import { IpcEvent } from '../common/ipc-channels';
import type { DesktopLanguage } from '../common/ipc-schemas';
import { buildSectionsMenu, openInNewWindowItem } from './app-menu-sections';
import type { SettingsService } from './settings.service';

/** Languages offered in the menu (the staff app's languages). */
export const MENU_LANGUAGES = ['uk', 'ru'] as const satisfies readonly DesktopLanguage[];
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];

/**
 * The few labels main owns. The renderer's i18n resources are not bundled into main;
 * Electron roles (edit, zoom…) get their labels from the OS.
 */
const LABELS: Record<
  DesktopLanguage,
  { file: string; newCalendar: string; reload: string; view: string; language: string }
> = {
  uk: {
    file: 'Файл',
    newCalendar: 'Нове вікно календаря',
    reload: 'Оновити',
    view: 'Вигляд',
    language: 'Мова',
  },
  ru: {
    file: 'Файл',
    newCalendar: 'Новое окно календаря',
    reload: 'Обновить',
    view: 'Вид',
    language: 'Язык',
  },
  en: {
    file: 'File',
    newCalendar: 'New Calendar Window',
    reload: 'Reload',
    view: 'View',
    language: 'Language',
  },
};

const LANGUAGE_NAMES: Record<MenuLanguage, string> = { uk: 'Українська', ru: 'Русский' };

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  isDev: boolean;
  language: DesktopLanguage;
  onNewCalendarWindow: () => void;
  onLanguageSelected: (language: MenuLanguage) => void;
  /** The signed-in user's role (app:set-menu-role): the Go menu shows that role's sections. */
  role?: RoleName | null;
  /** A Go item: the focused window shows that section. */
  onNavigate?: (path: AppPath) => void;
  /** File → Open page in new window: the focused window's page, again, in a window of its own. */
  onOpenInNewWindow?: () => void;
}

/** The application menu as data (tested in Node); index.ts hands it to Menu.buildFromTemplate. */
export function buildMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  const labels = LABELS[options.language];
  const file: MenuItemConstructorOptions = {
    id: 'file',
    label: labels.file,
    submenu: [
      {
        id: 'new-calendar-window',
        label: labels.newCalendar,
        accelerator: 'CmdOrCtrl+Shift+N',
        click: () => options.onNewCalendarWindow(),
      },
      ...(options.onOpenInNewWindow
        ? [openInNewWindowItem(options.language, options.onOpenInNewWindow)]
        : []),
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    id: 'view',
    label: labels.view,
    submenu: [
      { id: 'reload', role: 'reload', label: labels.reload },
      ...(options.isDev ? ([{ role: 'toggleDevTools' }] as MenuItemConstructorOptions[]) : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const language: MenuItemConstructorOptions = {
    id: 'language',
    label: labels.language,
    submenu: MENU_LANGUAGES.map((code) => ({
      id: `language-${code}`,
      label: LANGUAGE_NAMES[code],
      type: 'radio' as const,
      checked: options.language === code,
      click: () => options.onLanguageSelected(code),
    })),
  };
  const go = options.onNavigate
    ? buildSectionsMenu({
        language: options.language,
        role: options.role ?? null,
        onNavigate: options.onNavigate,
      })
    : null;
  return [
    ...(isMac ? ([{ role: 'appMenu' }] as MenuItemConstructorOptions[]) : []),
    file,
    { role: 'editMenu' },
    view,
    ...(go ? [go] : []),
    language,
    { role: 'windowMenu' },
  ];
}

export interface MenuActionDeps {
  settings: Pick<SettingsService, 'read' | 'set'>;
  openCalendarWindow(userId: number | null): void;
  /** Sends an event to every open window. */
  broadcast(channel: string, payload: unknown): void;
  /** Builds the menu again (its labels and radio follow the language). */
  reinstall(): void;
}

/**
 * What the menu's items and a language switch in any window do; index.ts wires it to Electron,
 * the tests (and the e2e native bridge) to their own windows.
 */
export function createMenuActions(deps: MenuActionDeps) {
  const languageChanged = (language: DesktopLanguage) => {
    deps.broadcast(IpcEvent.languageChanged, language);
    deps.reinstall();
  };
  return {
    /** After the stored language changed (menu, or a window through settings:set). */
    languageChanged,
    /** File → New calendar window: the user last chosen in any main window, or an empty picker. */
    onNewCalendarWindow: () => deps.openCalendarWindow(deps.settings.read().lastCalendarUserId ?? null),
    onLanguageSelected(language: MenuLanguage): void {
      if (deps.settings.read().language === language) return;
      deps.settings.set({ key: 'language', value: language });
      languageChanged(language);
    },
  };
}
