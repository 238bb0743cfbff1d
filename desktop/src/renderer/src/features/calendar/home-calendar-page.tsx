import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@school/shared/ui';
import { useAppDispatch, useAppSelector } from '../../app/app-store';
import { UserPicker, usePickableUsers } from '../user-picker/user-picker';
import { CalendarBoard } from './calendar-board';
import { userSelected } from './calendar-ui.slice';
import './home-calendar.css';

/** Home (spec part 1 §2): pick a user, then their studies calendar, live. */
export function HomeCalendarPage() {
  const { t } = useTranslation();
  usePageTitle('titles.home');
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.calendarUi.selectedUserId);
  const pickable = usePickableUsers();
  // A remembered user this account cannot pick (another account used this browser) counts as none.
  const userId = stored !== null && pickable.options.some((o) => o.id === stored) ? stored : null;

  return (
    <div className="page page--wide home-calendar" data-testid="home-calendar">
      <div className="home-calendar__top">
        <h1 className="page__title home-calendar__title">{t('titles.home')}</h1>
        <UserPicker {...pickable} value={userId} onChange={(id) => dispatch(userSelected(id))} />
      </div>
      {userId === null ? (
        <div className="home-calendar__empty" data-testid="select-user-hint">
          <NonIdealState icon="calendar" description={pickable.loading ? undefined : t('calendar.selectUser')} />
        </div>
      ) : (
        <CalendarBoard key={userId} userId={userId} />
      )}
    </div>
  );
}
