import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useApi, useAuth, useRoleName, useRouter } from '@school/shared/ui';
import { CalendarIcon, LogoutIcon, PaymentsIcon, SettingsIcon, UserIcon } from '../../components/icons';
import { rulesAllow } from '../payments/payments-access';

const NAV = [
  { to: '/', key: 'family.shell.calendar', icon: CalendarIcon, testId: 'nav-calendar' },
  // A parent (reads their children's invoices); a student where the school lets students pay (issue 33).
  {
    to: '/payments',
    key: 'family.shell.payments',
    icon: PaymentsIcon,
    testId: 'nav-payments',
    needs: 'invoices',
  },
  { to: '/profile', key: 'nav.profile', icon: UserIcon, testId: 'nav-profile' },
  { to: '/settings', key: 'family.shell.settings', icon: SettingsIcon, testId: 'nav-settings' },
] as const;

/**
 * The signed-in frame: who is signed in and logout on top; the sections as a bottom tab bar
 * on phones (where the thumb is) and inline in the top bar on wider screens.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { path, navigate } = useRouter();
  const roleName = useRoleName();
  const { client } = useApi();
  const rules = user?.abilities ?? [];
  const readsInvoices = rulesAllow(rules, 'read', 'invoice');
  // Paying under the school's switch (a student): the switch is read on demand, off until known.
  const paysIfAllowed = !readsInvoices && rulesAllow(rules, 'create', 'payment');
  const [switchOn, setSwitchOn] = useState(false);
  useEffect(() => {
    if (!paysIfAllowed) return;
    let live = true;
    import('../payments/students-may-pay')
      .then((m) => m.fetchStudentsMayPay(client))
      .then(
        (on) => live && setSwitchOn(on),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [client, paysIfAllowed]);
  if (!user) return null;
  const nav = NAV.filter((item) => !('needs' in item) || readsInvoices || (paysIfAllowed && switchOn));

  const onLogout = async () => {
    await logout().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <div className="shell">
      <header className="topbar">
        <Link to="/" className="brand" aria-label={t('app.name')}>
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__text">{t('app.name')}</span>
        </Link>
        <nav className="tabs" aria-label={t('family.shell.account')}>
          {nav.map(({ to, key, icon: NavIcon, testId }) => (
            <Link
              key={to}
              to={to}
              className="tabs__link"
              aria-current={path === to ? 'page' : undefined}
              data-testid={testId}
            >
              <NavIcon />
              <span>{t(key)}</span>
            </Link>
          ))}
        </nav>
        <div className="topbar__user" data-testid="current-user">
          <span className="topbar__name" data-testid="user-full-name">
            {user.full_name}
          </span>
          <span className="topbar__role" data-testid="user-role">
            {roleName(user.role)}
          </span>
        </div>
        <button
          type="button"
          className="icon-button"
          onClick={onLogout}
          data-testid="logout"
          title={t('nav.logout')}
          aria-label={t('nav.logout')}
        >
          <LogoutIcon />
        </button>
      </header>
      <main className="shell__main">{children}</main>
    </div>
  );
}
