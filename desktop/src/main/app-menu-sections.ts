import type { MenuItemConstructorOptions } from 'electron';
import type { RoleName } from '@school/shared/domain';
import { appSectionsFor, type AppPath, type AppSectionId } from '../common/app-sections';
import type { DesktopLanguage } from '../common/ipc-schemas';

/** Section names as the renderer's nav.* texts spell them (main does not bundle i18n resources). */
const SECTION_LABELS: Record<DesktopLanguage, Record<AppSectionId, string>> = {
  uk: {
    calendar: 'Календар',
    users: 'Користувачі',
    contracts: 'Договори',
    subscriptions: 'Абонементи',
    invoices: 'Рахунки',
    studies: 'Заняття',
    schedules: 'Розклади',
    teachers: 'Викладачі',
    analytics: 'Аналітика',
    reports: 'Звіти',
    chat: 'Чат',
    settings: 'Налаштування',
  },
  ru: {
    calendar: 'Календарь',
    users: 'Пользователи',
    contracts: 'Договоры',
    subscriptions: 'Абонементы',
    invoices: 'Счета',
    studies: 'Занятия',
    schedules: 'Расписания',
    teachers: 'Преподаватели',
    analytics: 'Аналитика',
    reports: 'Отчёты',
    chat: 'Чат',
    settings: 'Настройки',
  },
  en: {
    calendar: 'Calendar',
    users: 'Users',
    contracts: 'Contracts',
    subscriptions: 'Subscriptions',
    invoices: 'Invoices',
    studies: 'Studies',
    schedules: 'Schedules',
    teachers: 'Teachers',
    analytics: 'Analytics',
    reports: 'Reports',
    chat: 'Chat',
    settings: 'Settings',
  },
};

const GO_LABELS: Record<DesktopLanguage, { go: string; openInNewWindow: string }> = {
  uk: { go: 'Перейти', openInNewWindow: 'Відкрити сторінку в новому вікні' },
  ru: { go: 'Перейти', openInNewWindow: 'Открыть страницу в новом окне' },
  en: { go: 'Go', openInNewWindow: 'Open Page in New Window' },
};

export interface SectionMenuOptions {
  language: DesktopLanguage;
  /** The signed-in user's role; null (signed out) leaves the Go menu out. */
  role: RoleName | null;
  onNavigate: (path: AppPath) => void;
}

/** Go → the role's sections, each with its shortcut (Ctrl/Cmd+1…0, Ctrl/Cmd+, for settings). */
export function buildSectionsMenu(options: SectionMenuOptions): MenuItemConstructorOptions | null {
  const sections = appSectionsFor(options.role);
  if (sections.length === 0) return null;
  const labels = SECTION_LABELS[options.language];
  return {
    id: 'go',
    label: GO_LABELS[options.language].go,
    submenu: sections.map((section) => ({
      id: `go-${section.id}`,
      label: labels[section.id],
      accelerator: section.accelerator,
      click: () => options.onNavigate(section.path),
    })),
  };
}

export function openInNewWindowItem(language: DesktopLanguage, onOpen: () => void): MenuItemConstructorOptions {
  return {
    id: 'open-in-new-window',
    label: GO_LABELS[language].openInNewWindow,
    accelerator: 'CmdOrCtrl+Alt+N',
    click: () => onOpen(),
  };
}
