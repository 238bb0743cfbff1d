import {
  Alignment,
  Button,
  Classes,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  PopoverNext,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAuth, useRoleName, useRouter } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { canOpenPage, hasTeacherProfilePage } from '@school/shared/permissions';
import { ADMIN_PAGE_IDS, ADMIN_PAGES } from '../../../../common/admin-pages';
import { RoleSwitcherItems } from './role-switcher';
import { LanguageMenu } from './language-menu';
import { OpenInNewWindowButton } from './open-in-new-window-button';
import './app-navbar.css';

/**
 * Brand, admin links for the role, language switch and the user dropdown (spec part 2 §2): role
 * name and first name, a role switcher (with `switch role`), Profile, Settings, Logout; staff also
 * find the chat prototype there (the spec gives it no link of its own).
 */
export function AppNavbar() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { path, href, navigate } = useRouter();
  const roleName = useRoleName();
  const ability = useAbility();
  if (!user) return null;
  const links = ADMIN_PAGE_IDS.map((id) => ADMIN_PAGES[id]).filter((page) =>
    canOpenPage(ability, page.opens),
  );

  const go = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  const onLogout = async () => {
    await logout().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  const userMenu = (
    <Menu data-testid="user-menu">
      {ability.can('switch', 'role') ? <RoleSwitcherItems /> : null}
      {hasTeacherProfilePage(user.role_id) ? (
        <MenuItem icon="person" text={t('titles.profile')} href={href('/profile')} onClick={go('/profile')} />
      ) : null}
      {ability.can('read', 'school_internal') ? (
        <MenuItem
          icon="chat"
          text={t('chat.title')}
          href={href('/chat')}
          onClick={go('/chat')}
          data-testid="nav-chat"
        />
      ) : null}
      <MenuItem icon="cog" text={t('titles.settings')} href={href('/settings')} onClick={go('/settings')} />
      <MenuDivider />
      <MenuItem icon="log-out" text={t('nav.logout')} onClick={onLogout} data-testid="logout" />
    </Menu>
  );

  // On a narrow screen the links collapse into this menu (CSS decides which of the two shows).
  const linksMenu = (
    <Menu data-testid="nav-menu-list">
      {links.map((link) => (
        <MenuItem
          key={link.path}
          text={t(link.titleKey)}
          href={href(link.path)}
          onClick={go(link.path)}
          active={path === link.path}
          data-testid={`nav-menu-${link.path.slice('/admin/'.length)}`}
        />
      ))}
    </Menu>
  );

  return (
    <Navbar className={`app-navbar${ability.can('manage', 'all') ? ' app-navbar--wide' : ''}`} fixedToTop>
      <Navbar.Group align={Alignment.START}>
        {links.length > 0 ? (
          <PopoverNext content={linksMenu} placement="bottom-start">
            <Button
              variant="minimal"
              icon="menu"
              className="app-navbar__menu-button"
              aria-label={t('ui.shell.administration')}
              title={t('ui.shell.administration')}
              data-testid="nav-menu"
            />
          </PopoverNext>
        ) : null}
        <Navbar.Heading>
          <a className="app-navbar__brand" href={href('/')} onClick={go('/')} data-testid="brand">
            <span className="app-navbar__mark" aria-hidden="true" />
            <span className="app-navbar__brand-text">{t('app.name')}</span>
          </a>
        </Navbar.Heading>
        {links.length > 0 ? <Navbar.Divider className="app-navbar__links-divider" /> : null}
        <nav
          className="app-navbar__links"
          aria-label={t('ui.shell.administration')}
          data-testid="admin-links"
        >
          {links.map((link) => (
            <a
              key={link.path}
              href={href(link.path)}
              onClick={go(link.path)}
              className={`${Classes.BUTTON} ${Classes.MINIMAL}${path === link.path ? ` ${Classes.ACTIVE}` : ''}`}
              data-testid={`nav-${link.path.slice('/admin/'.length)}`}
            >
              {t(link.titleKey)}
            </a>
          ))}
        </nav>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <OpenInNewWindowButton />
        <LanguageMenu />
        <Navbar.Divider className="app-navbar__end-divider" />
        {/* PopoverNext: the classic Popover misplaces its content under React 19 and warns in the console. */}
        <PopoverNext content={userMenu} placement="bottom-end">
          <Button variant="minimal" icon="user" endIcon="caret-down" data-testid="user-dropdown">
            <span className="app-navbar__role" data-testid="user-role">
              {roleName(user.role)}
            </span>{' '}
            <strong className="app-navbar__firstname" data-testid="user-firstname">
              {user.firstname}
            </strong>
            {user.role.impersonated ? (
              <Tag
                intent="warning"
                minimal
                round
                className="app-navbar__impersonated"
                data-testid="role-impersonated"
              >
                {t('calendarUi.role.impersonated')}
              </Tag>
            ) : null}
          </Button>
        </PopoverNext>
      </Navbar.Group>
    </Navbar>
  );
}
