import type { RoleName } from '@school/shared/domain';
import { roleCanOpenPage } from '@school/shared/permissions';
import { ADMIN_PAGE_IDS, ADMIN_PAGES, type AdminPageId, type AdminPath } from './admin-pages';

/**
 * The staff app's main sections as main's menu and "open in new window" know them: the calendar,
 * every admin page (derived from ADMIN_PAGES, the one declaration), the staff chat and settings.
 */
export interface AppSection {
  id: AppSectionId;
  path: AppPath;
  /** Who sees the section. */
  opens: (role: RoleName) => boolean;
  /** Menu shortcut; digits first, as staff switch between these most. */
  accelerator: string;
}

export type AppSectionId = 'calendar' | AdminPageId | 'chat' | 'settings';

const everyone = () => true;

export const APP_SECTIONS: readonly AppSection[] = [
  { id: 'calendar', path: '/', opens: everyone, accelerator: 'CmdOrCtrl+1' },
  ...ADMIN_PAGE_IDS.map((id): AppSection => {
    const page = ADMIN_PAGES[id];
    return {
      id,
      path: page.path,
      opens: (role) => roleCanOpenPage(role, page.opens),
      accelerator: page.accelerator,
    };
  }),
  // The chat prototype (spec part 2 §2) has no navbar link: staff reach it here and in the user menu.
  {
    id: 'chat',
    path: '/chat',
    opens: (role) => roleCanOpenPage(role, ['read', 'school_internal']),
    accelerator: 'CmdOrCtrl+Shift+M',
  },
  // The platform convention for preferences.
  { id: 'settings', path: '/settings', opens: everyone, accelerator: 'CmdOrCtrl+,' },
];

export const APP_SECTION_IDS: readonly AppSectionId[] = APP_SECTIONS.map((section) => section.id);

/** Paths a window may be opened on (the calendar, every admin page, the chat and settings). */
export const APP_PATHS = ['/', ...ADMIN_PAGE_IDS.map((id) => ADMIN_PAGES[id].path), '/chat', '/settings'] as [
  AppPath,
  ...AppPath[],
];
export type AppPath = '/' | AdminPath | '/chat' | '/settings';

/** The sections a role has, in menu order; no role (signed out): none. */
export function appSectionsFor(role: RoleName | null): AppSection[] {
  if (role === null) return [];
  return APP_SECTIONS.filter((section) => section.opens(role));
}
