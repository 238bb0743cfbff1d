import { IMPORT_ABILITY } from '@school/shared/imports';
import type { PageAccess } from '@school/shared/permissions';
import type { titles } from '@school/shared/i18n/locales/uk/nav';

/**
 * One admin page of the staff app: where it lives, its title, who may open it (an ability) and its
 * menu shortcut. The renderer binds each page's table and form to it (app/admin-page-registry.ts,
 * a compiler-checked record by page id); the navbar links, routes, form dialogs, deep links, the
 * app menu and "open in new window" all read this one list. Kept free of React so main reads it.
 */
export interface AdminPageDeclaration {
  path: `/admin/${string}`;
  /** The page's title (navbar link, Go menu, window title): a `titles.*` key, in every language. */
  titleKey: `titles.${keyof typeof titles}`;
  /** Who may open the page: the navbar shows its link and the menu its item exactly then. */
  opens: PageAccess;
  /** App menu shortcut (Go menu); digits first, as staff switch between these most. */
  accelerator: string;
}

/** Every admin page, in the order of the navbar (spec part 2 §2 "Navigation") and the Go menu. */
export const ADMIN_PAGES = {
  users: {
    path: '/admin/users',
    titleKey: 'titles.users',
    opens: ['manage', 'user'],
    accelerator: 'CmdOrCtrl+2',
  },
  contracts: {
    path: '/admin/contracts',
    titleKey: 'titles.contracts',
    opens: ['manage', 'contract'],
    accelerator: 'CmdOrCtrl+3',
  },
  subscriptions: {
    path: '/admin/subscriptions',
    titleKey: 'titles.subscriptions',
    opens: ['manage', 'subscription'],
    accelerator: 'CmdOrCtrl+4',
  },
  invoices: {
    path: '/admin/invoices',
    titleKey: 'titles.invoices',
    opens: ['manage', 'invoice'],
    accelerator: 'CmdOrCtrl+5',
  },
  // Every online and manual payment, the flagged ones to look at (issue 33). Digits are taken.
  payments: {
    path: '/admin/payments',
    titleKey: 'titles.payments',
    opens: ['manage', 'payment'],
    accelerator: 'CmdOrCtrl+Shift+P',
  },
  studies: {
    path: '/admin/studies',
    titleKey: 'titles.studies',
    opens: ['manage', 'study'],
    accelerator: 'CmdOrCtrl+6',
  },
  schedules: {
    path: '/admin/schedules',
    titleKey: 'titles.schedules',
    opens: ['manage', 'schedule'],
    accelerator: 'CmdOrCtrl+7',
  },
  teachers: {
    path: '/admin/teachers',
    titleKey: 'titles.teachers',
    opens: ['manage', 'teacher'],
    accelerator: 'CmdOrCtrl+8',
  },
  analytics: {
    path: '/admin/analytics',
    titleKey: 'titles.analytics',
    opens: ['manage', 'analytics'],
    accelerator: 'CmdOrCtrl+9',
  },
  // Teachers and methodologists write reports (create study_report), so they open the page too.
  reports: {
    path: '/admin/study_reports',
    titleKey: 'titles.studyReports',
    opens: ['create', 'study_report'],
    accelerator: 'CmdOrCtrl+0',
  },
  // A school's spreadsheets in (issue 31): IMPORT_ABILITY, the server's gate on /api/imports.
  imports: {
    path: '/admin/imports',
    titleKey: 'titles.imports',
    opens: [IMPORT_ABILITY.action, IMPORT_ABILITY.subject],
    accelerator: 'CmdOrCtrl+Shift+U',
  },
} as const satisfies Record<string, AdminPageDeclaration>;

export type AdminPageId = keyof typeof ADMIN_PAGES;
export type AdminPath = (typeof ADMIN_PAGES)[AdminPageId]['path'];

/** Page ids in navbar order. */
export const ADMIN_PAGE_IDS = Object.keys(ADMIN_PAGES) as AdminPageId[];
