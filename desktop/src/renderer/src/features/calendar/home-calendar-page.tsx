import { NonIdealState } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPageTitle, PRODUCT_NAME_KEY, useAuth, usePageTitle } from '@school/shared/ui';
import { useAppDispatch, useAppSelector } from '../../app/app-store';
import { useServices } from '../../app/services-context';
import { UserPicker, usePickableUsers } from '../user-picker/user-picker';
import { CalendarBoard } from './calendar-board';
import { userSelected } from './calendar-ui.slice';
import './home-calendar.css';

/** A calendar window's title names whose calendar it is, so windows tell apart in the task bar. */
function useCalendarWindowTitle(name: string | null) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (name) document.title = formatPageTitle(t(PRODUCT_NAME_KEY), `${t('titles.home')}: ${name}`);
  }, [name, t, i18n.language]);
}

/** Home (spec part 1 §2): pick a user, then their studies calendar, live. */
export function HomeCalendarPage() {
  const { t } = useTranslation();
  usePageTitle('titles.home');
  const { user } = useAuth();
  const { native, reportError } = useServices();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.calendarUi.selectedUserId);
  const calendarWindow = useAppSelector((state) => state.calendarUi.calendarWindow);
  const pickable = usePickableUsers();
  // A remembered user this account cannot pick (another account used this browser) counts as none.
  const remembered = stored === null ? undefined : pickable.options.find((o) => o.id === stored);
  // Nothing is chosen for the user, not even a single entry (spec part 1 §2: the hint until chosen).
  const chosen = remembered;
  const userId = chosen?.id ?? null;
  useCalendarWindowTitle(calendarWindow ? (chosen?.full_name ?? null) : null);

  const openWindow = (id: number) => {
    native.openCalendarWindow({ userId: id }).catch(reportError);
  };

  return (
    <div
      className="page page--wide home-calendar"
      data-testid="home-calendar"
      data-calendar-window={calendarWindow || undefined}
    >
      <div className="home-calendar__top">
        <h1 className="page__title home-calendar__title">{t('titles.home')}</h1>
        <UserPicker
          {...pickable}
          value={userId}
          onChange={(id) => dispatch(userSelected(id))}
          onOpenWindow={openWindow}
        />
      </div>
      {userId === null ? (
        <div className="home-calendar__empty" data-testid="select-user-hint">
          <NonIdealState
            icon="calendar"
            description={pickable.loading ? undefined : t('calendar.selectUser')}
          />
        </div>
      ) : (
        // A role switch starts the board over: default view, toolbar and permissions of the new role.
        <CalendarBoard key={`${userId}:${user?.role_id ?? 0}`} userId={userId} />
      )}
    </div>
  );
}
