import type { RoleName } from '@school/shared/domain';

export interface AdminLink {
  path: string;
  titleKey: string;
  roles: readonly RoleName[];
}

const ADMIN_AND_MANAGER: readonly RoleName[] = ['Administrator', 'Manager'];

/**
 * Admin links of spec part 2 §2 "Navigation", in the spec's order. Kept literal so their paths
 * are a type: a record by `AdminPath` (the pages) must hold every one of them.
 */
export const adminLinks = [
  { path: '/admin/users', titleKey: 'titles.users', roles: ADMIN_AND_MANAGER },
  { path: '/admin/contracts', titleKey: 'titles.contracts', roles: ADMIN_AND_MANAGER },
  { path: '/admin/subscriptions', titleKey: 'titles.subscriptions', roles: ADMIN_AND_MANAGER },
  { path: '/admin/invoices', titleKey: 'titles.invoices', roles: ADMIN_AND_MANAGER },
  { path: '/admin/studies', titleKey: 'titles.studies', roles: ADMIN_AND_MANAGER },
  { path: '/admin/schedules', titleKey: 'titles.schedules', roles: ADMIN_AND_MANAGER },
  { path: '/admin/teachers', titleKey: 'titles.teachers', roles: ADMIN_AND_MANAGER },
  { path: '/admin/analytics', titleKey: 'titles.analytics', roles: ADMIN_AND_MANAGER },
  {
    path: '/admin/study_reports',
    titleKey: 'titles.studyReports',
    roles: ['Administrator', 'Manager', 'Teacher', 'Methodologist'],
  },
] as const satisfies readonly AdminLink[];

export type AdminPath = (typeof adminLinks)[number]['path'];

export function adminLinksFor(roleName: RoleName): AdminLink[] {
  return adminLinks.filter((link: AdminLink) => link.roles.includes(roleName));
}
