import { describe, expect, it } from 'vitest';
import { ROLE, type RoleName } from '@school/shared/domain';
import { APP_PATHS, appSectionsFor } from '../../../../common/app-sections';
import { adminLinksFor } from './admin-links';

describe('app menu sections', () => {
  it.each(Object.keys(ROLE) as RoleName[])('match the navbar links of %s, plus calendar and settings', (role) => {
    const menu = appSectionsFor(role).map((section) => section.path);
    expect(menu).toEqual(['/', ...adminLinksFor(role).map((link) => link.path), '/settings']);
  });

  it('cover every admin page as a path a window may open', () => {
    const adminPaths = adminLinksFor('Administrator').map((link) => link.path);
    expect([...APP_PATHS].sort()).toEqual(['/', ...adminPaths, '/settings'].sort());
  });
});
