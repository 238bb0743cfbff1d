import { useTranslation } from 'react-i18next';
import { useAuth, usePageTitle, useRoleName, useRouter } from '@school/shared/ui';
import { LanguageSwitch } from '../../components/language-switch';

/** The signed-in shell: who is signed in, children of a Responsible, language, logout. */
export function HomePage() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { navigate } = useRouter();
  const roleName = useRoleName();
  usePageTitle('titles.home');
  if (!user) return null;

  const onLogout = async () => {
    await logout().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <div className="shell">
      <header className="shell__bar">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__text">{t('app.name')}</span>
        </span>
        <div className="shell__actions">
          <LanguageSwitch />
          <button type="button" className="button button--ghost" onClick={onLogout} data-testid="logout">
            {t('nav.logout')}
          </button>
        </div>
      </header>
      <main className="shell__main">
        <section className="card profile" data-testid="current-user">
          <span className="avatar" aria-hidden="true">
            {user.firstname.slice(0, 1)}
          </span>
          <div>
            <p className="profile__caption">{t('ui.shell.signedInAs')}</p>
            <h1 className="profile__name" data-testid="user-full-name">
              {user.full_name}
            </h1>
            <span className="badge" data-testid="user-role">
              {roleName(user.role)}
            </span>
          </div>
        </section>
        {user.role.name === 'Responsible' ? (
          <section className="card" data-testid="children">
            <h2 className="card__title">{t('ui.shell.children')}</h2>
            {user.childs.length === 0 ? (
              <p className="muted">{t('ui.shell.noChildren')}</p>
            ) : (
              <ul className="children">
                {user.childs.map((child) => (
                  <li key={child.id} className="children__item" data-testid="child-name">
                    <span className="avatar avatar--small" aria-hidden="true">
                      {child.firstname.slice(0, 1)}
                    </span>
                    {child.full_name}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <section className="card card--soft">
          <p className="muted">{t('ui.shell.comingSoon')}</p>
        </section>
      </main>
    </div>
  );
}
