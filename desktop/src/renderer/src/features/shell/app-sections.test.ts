import { describe, expect, it } from 'vitest';
import { createAbility, defineRulesFor, canOpenPage } from '@school/shared/permissions';
import { inRoleGroup, ROLE, type RoleName } from '@school/shared/domain';
import { ADMIN_PAGE_IDS, ADMIN_PAGES } from '../../../../common/admin-pages';
import { APP_PATHS, appSectionsFor } from '../../../../common/app-sections';

/** What the navbar shows a signed-in user of the role: the pages their ability (from the server) opens. */
const navbarPaths = (role: RoleName) => {
  const ability = createAbility(
    defineRulesFor({ id: 7, roleId: ROLE[role], childIds: role === 'Responsible' ? [8] : [] }),
  );
  return ADMIN_PAGE_IDS.map((id) => ADMIN_PAGES[id])
    .filter((page) => canOpenPage(ability, page.opens))
    .map((page) => page.path);
};

describe('app menu sections', () => {
  it.each(Object.keys(ROLE) as RoleName[])(
    'match the navbar links of %s, plus calendar, the staff chat and settings',
    (role) => {
      const menu = appSectionsFor(role).map((section) => section.path);
      const chat = inRoleGroup('staff', ROLE[role]) ? ['/chat'] : [];
      expect(menu).toEqual(['/', ...navbarPaths(role), ...chat, '/settings']);
    },
  );

  // The pages each role had when they were lists of roles (spec part 2 §2): the abilities keep them.
  it('open every admin page to the Administrator and the Manager, and only the reports to teachers and methodologists', () => {
    const all = ADMIN_PAGE_IDS.map((id) => ADMIN_PAGES[id].path);
    expect(navbarPaths('Administrator')).toEqual(all);
    expect(navbarPaths('Manager')).toEqual(all);
    expect(navbarPaths('Teacher')).toEqual(['/admin/study_reports']);
    expect(navbarPaths('Methodologist')).toEqual(['/admin/study_reports']);
    for (const role of ['Student', 'Responsible', 'Lead', 'Guest'] as RoleName[])
      expect(navbarPaths(role), role).toEqual([]);
  });

  it('cover every admin page and the chat as paths a window may open', () => {
    const adminPaths = ADMIN_PAGE_IDS.map((id) => ADMIN_PAGES[id].path);
    expect([...APP_PATHS].sort()).toEqual(['/', ...adminPaths, '/chat', '/settings'].sort());
  });
});
