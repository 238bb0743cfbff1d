import type { MenuItemConstructorOptions } from 'electron';
import type { RoleName } from '@school/shared/domain';
import { appSectionsFor, type AppPath, type AppSectionId } from '../common/app-sections';
import type { DesktopLanguage } from '../common/ipc-schemas';
import { ADMIN_PAGES, type AdminPageId } from '../common/admin-pages';
import { titles as enTitles } from '@school/shared/i18n/locales/en/nav';
import { titles as ruTitles } from '@school/shared/i18n/locales/ru/nav';
import { titles as ukTitles } from '@school/shared/i18n/locales/uk/nav';

/**
 * An admin page's name is its `titles.*` text, read from the shared locales (only the nav texts:
 * main does not bundle the i18n resources), so a new page needs no label here.
 */
const TITLES: Record<DesktopLanguage, Readonly<Record<string, string>>> = {
  uk: ukTitles,
  ru: ruTitles,
  en: enTitles,
};

/** The sections that are not admin pages. */
const OTHER_LABELS: Record<DesktopLanguage, Record<Exclude<AppSectionId, AdminPageId>, string>> = {
  uk: { calendar: ukTitles.home, chat: 'Чат', settings: ukTitles.settings },
  ru: { calendar: ruTitles.home, chat: 'Чат', settings: ruTitles.settings },
  en: { calendar: enTitles.home, chat: 'Chat', settings: enTitles.settings },
};

function sectionLabel(language: DesktopLanguage, id: AppSectionId): string {
  if (id in ADMIN_PAGES) {
    const key = ADMIN_PAGES[id as AdminPageId].titleKey.replace(/^titles\./, '');
    return TITLES[language][key] ?? key;
  }
  return OTHER_LABELS[language][id as Exclude<AppSectionId, AdminPageId>];
}

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
  return {
    id: 'go',
    label: GO_LABELS[options.language].go,
    submenu: sections.map((section) => ({
      id: `go-${section.id}`,
      label: sectionLabel(options.language, section.id),
      accelerator: section.accelerator,
      click: () => options.onNavigate(section.path),
    })),
  };
}

export function openInNewWindowItem(
  language: DesktopLanguage,
  onOpen: () => void,
): MenuItemConstructorOptions {
  return {
    id: 'open-in-new-window',
    label: GO_LABELS[language].openInNewWindow,
    accelerator: 'CmdOrCtrl+Alt+N',
    click: () => onOpen(),
  };
}
