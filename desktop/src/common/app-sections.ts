import type { RoleName } from '@school/shared/domain';

/**
 * The staff app's main sections as main's menu and "open in new window" know them. Main cannot
 * import the renderer's admin-links, so the paths and roles are repeated here; a renderer test
 * (features/shell/app-sections.test.ts) fails when the two lists drift apart.
 */
export interface AppSection {
  id: AppSectionId;
  path: AppPath;
  /** Roles that see the section; null = every signed-in user. */
  roles: readonly RoleName[] | null;
  /** Menu shortcut; digits first, as staff switch between these most. */
  accelerator: string;
}

const ADMIN_AND_MANAGER: readonly RoleName[] = ['Administrator', 'Manager'];
const STAFF: readonly RoleName[] = ['Administrator', 'Manager', 'Teacher', 'Methodologist'];

export const APP_SECTION_IDS = [
  'calendar',
  'users',
  'contracts',
  'subscriptions',
  'invoices',
  'studies',
  'schedules',
  'teachers',
  'analytics',
  'reports',
  'chat',
  'settings',
] as const;
export type AppSectionId = (typeof APP_SECTION_IDS)[number];

/** Paths a window may be opened on (the calendar and every table page). */
export const APP_PATHS = [
  '/',
  '/admin/users',
  '/admin/contracts',
  '/admin/subscriptions',
  '/admin/invoices',
  '/admin/studies',
  '/admin/schedules',
  '/admin/teachers',
  '/admin/analytics',
  '/admin/study_reports',
  '/chat',
  '/settings',
] as const;
export type AppPath = (typeof APP_PATHS)[number];

export const APP_SECTIONS: readonly AppSection[] = [
  { id: 'calendar', path: '/', roles: null, accelerator: 'CmdOrCtrl+1' },
  { id: 'users', path: '/admin/users', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+2' },
  { id: 'contracts', path: '/admin/contracts', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+3' },
  { id: 'subscriptions', path: '/admin/subscriptions', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+4' },
  { id: 'invoices', path: '/admin/invoices', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+5' },
  { id: 'studies', path: '/admin/studies', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+6' },
  { id: 'schedules', path: '/admin/schedules', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+7' },
  { id: 'teachers', path: '/admin/teachers', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+8' },
  { id: 'analytics', path: '/admin/analytics', roles: ADMIN_AND_MANAGER, accelerator: 'CmdOrCtrl+9' },
  {
    id: 'reports',
    path: '/admin/study_reports',
    roles: STAFF,
    accelerator: 'CmdOrCtrl+0',
  },
  // The chat prototype (spec part 2 §2) has no navbar link: staff reach it here and in the user menu.
  { id: 'chat', path: '/chat', roles: STAFF, accelerator: 'CmdOrCtrl+Shift+M' },
  // The platform convention for preferences.
  { id: 'settings', path: '/settings', roles: null, accelerator: 'CmdOrCtrl+,' },
];

/** The sections a role has, in menu order; no role (signed out): none. */
export function appSectionsFor(role: RoleName | null): AppSection[] {
  if (role === null) return [];
  return APP_SECTIONS.filter((section) => section.roles === null || section.roles.includes(role));
}
