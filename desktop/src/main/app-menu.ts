import type { MenuItemConstructorOptions } from 'electron';
import type { DesktopLanguage } from '../common/ipc-schemas';

/** Languages offered in the menu (the staff app's languages). */
export const MENU_LANGUAGES = ['uk', 'ru'] as const satisfies readonly DesktopLanguage[];
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];

/**
 * The few labels main owns. The renderer's i18n resources are not bundled into main;
 * Electron roles (edit, zoom…) get their labels from the OS.
 */
const LABELS: Record<DesktopLanguage, { file: string; newCalendar: string; reload: string; view: string; language: string }> = {
  uk: { file: 'Файл', newCalendar: 'Нове вікно календаря', reload: 'Оновити', view: 'Вигляд', language: 'Мова' },
  ru: { file: 'Файл', newCalendar: 'Новое окно календаря', reload: 'Обновить', view: 'Вид', language: 'Язык' },
  en: { file: 'File', newCalendar: 'New Calendar Window', reload: 'Reload', view: 'View', language: 'Language' },
};

const LANGUAGE_NAMES: Record<MenuLanguage, string> = { uk: 'Українська', ru: 'Русский' };

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  isDev: boolean;
  language: DesktopLanguage;
  onNewCalendarWindow: () => void;
  onLanguageSelected: (language: MenuLanguage) => void;
}

/** The application menu as data (tested in Node); index.ts hands it to Menu.buildFromTemplate. */
export function buildMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  const labels = LABELS[options.language];
  const file: MenuItemConstructorOptions = {
    id: 'file',
    label: labels.file,
    submenu: [
      { id: 'new-calendar-window', label: labels.newCalendar, accelerator: 'CmdOrCtrl+Shift+N', click: () => options.onNewCalendarWindow() },
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
  return [
    ...(isMac ? ([{ role: 'appMenu' }] as MenuItemConstructorOptions[]) : []),
    file,
    { role: 'editMenu' },
    view,
    language,
    { role: 'windowMenu' },
  ];
}
