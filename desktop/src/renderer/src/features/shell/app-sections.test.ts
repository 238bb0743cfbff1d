import { describe, expect, it } from 'vitest';
import { inRoleGroup, ROLE, type RoleName } from '@school/shared/domain';
import { APP_PATHS, appSectionsFor } from '../../../../common/app-sections';
import { adminLinksFor } from './admin-links';

describe('app menu sections', () => {
  it.each(Object.keys(ROLE) as RoleName[])('match the navbar links of %s, plus calendar, the staff chat and settings', (role) => {
    const menu = appSectionsFor(role).map((section) => section.path);
    const chat = inRoleGroup('staff', ROLE[role]) ? ['/chat'] : [];
    expect(menu).toEqual(['/', ...adminLinksFor(role).map((link) => link.path), ...chat, '/settings']);
  });

  it('cover every admin page and the chat as paths a window may open', () => {
    const adminPaths = adminLinksFor('Administrator').map((link) => link.path);
    expect([...APP_PATHS].sort()).toEqual(['/', ...adminPaths, '/chat', '/settings'].sort());
  });
});
