import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@school/shared/api';
import { useAuth, usePageTitle } from '@school/shared/ui';
import { ChildPicker } from './child-picker';
import { useCalendarUser } from '../../kit/calendar/calendar-user';
import { FamilyCalendar } from './family-calendar';
import './family-calendar.css';

/** The Ukrainian areas this page names, added by its loader (lazy-pages.tsx). */
export { ukFamilyCalendar as calendarTranslations } from '@school/shared/ui';

/** Home (spec part 1 §2): whose schedule, then that schedule, live. */
export function CalendarPage() {
  const { user } = useAuth();
  usePageTitle('titles.home');
  if (!user) return null;
  return <CalendarPageBody key={user.id} user={user} />;
}

function CalendarPageBody({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const calendarUser = useCalendarUser(user);
  const { audience, children, userId } = calendarUser;

  if (audience === 'staff') {
    // Staff have their own app with the full calendar; this one shows a family's view only.
    return (
      <section className="card notice" data-testid="staff-notice">
        <h1 className="card__title">{t('family.shell.staffTitle')}</h1>
        <p className="muted">{t('family.shell.staffText')}</p>
        <a className="button button--primary button--auto" href="/staff/">
          {t('family.shell.staffLink')}
        </a>
      </section>
    );
  }

  return (
    <div className="calendar-page" data-testid="home-calendar">
      {audience === 'responsible' ? (
        children.length === 0 ? (
          <p className="card notice muted" data-testid="no-children">
            {t('family.picker.noChildren')}
          </p>
        ) : (
          <ChildPicker items={children} value={userId} onChange={calendarUser.choose} />
        )
      ) : null}
      {userId === null ? (
        children.length > 0 ? (
          <p className="card notice" data-testid="select-user-hint">
            {t('calendar.selectUser')}
          </p>
        ) : null
      ) : (
        <FamilyCalendar key={userId} userId={userId} owner={user.id} audience={audience} />
      )}
    </div>
  );
}
