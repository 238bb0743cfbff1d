import { useTranslation } from 'react-i18next';
import {
  CALENDAR_VIEWS,
  DISABLED_VIEWS,
  type CalendarViewName,
  type CalendarViewType,
} from '@school/shared/ui/calendar';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import type { RealtimeStatus } from './realtime-status';

/** Month, week and day switch; years and year are shown disabled, as the spec has them (part 1 §2). */
const VIEW_NAMES: readonly CalendarViewName[] = ['month', 'week', 'day'];

export interface CalendarToolbarProps {
  title: string;
  view: CalendarViewType;
  realtime?: RealtimeStatus;
  /** Hides the view switch (the transfer calendar is a week view only). */
  fixedView?: boolean;
  prevDisabled?: boolean;
  nextDisabled?: boolean;
  onPrev(): void;
  onNext(): void;
  onToday?: () => void;
  onView?: (view: CalendarViewType) => void;
}

/** The page's own toolbar (FullCalendar's header is off): period, navigation, views, live status. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const { t } = useTranslation();
  const { realtime } = props;
  const liveKey = realtime === 'live' ? 'family.calendar.live' : 'family.calendar.polling';
  // Flat children ordered by CSS: on a phone the arrows frame the title and today sits beside the
  // view switch; on wide screens it is one row.
  return (
    <div className="cal-toolbar" data-testid="calendar-toolbar">
      <button
        type="button"
        className="icon-button cal-toolbar__prev"
        onClick={props.onPrev}
        disabled={props.prevDisabled}
        aria-label={t('family.calendar.previous')}
        title={t('family.calendar.previous')}
        data-testid="calendar-prev"
      >
        <ChevronLeftIcon />
      </button>
      <h2 className="cal-toolbar__title" data-testid="calendar-title" aria-live="polite">
        <span className="cal-toolbar__period">{props.title}</span>
        {realtime ? (
          <span
            className={`live-dot live-dot--${realtime}`}
            role="img"
            aria-label={t(liveKey)}
            title={t(liveKey)}
            data-testid={`realtime-${realtime}`}
          />
        ) : null}
      </h2>
      <button
        type="button"
        className="icon-button cal-toolbar__next"
        onClick={props.onNext}
        disabled={props.nextDisabled}
        aria-label={t('family.calendar.next')}
        title={t('family.calendar.next')}
        data-testid="calendar-next"
      >
        <ChevronRightIcon />
      </button>
      {props.onToday ? (
        <button
          type="button"
          className="button button--ghost button--small cal-toolbar__today"
          onClick={props.onToday}
          data-testid="calendar-today"
        >
          {t('calendarUi.toolbar.today')}
        </button>
      ) : null}
      {props.fixedView || !props.onView ? null : (
        <div className="segmented cal-toolbar__views" role="group" aria-label={t('family.calendar.views')}>
          {DISABLED_VIEWS.map((name) => (
            <button
              key={name}
              type="button"
              className="segmented__option"
              disabled
              data-testid={`calendar-view-${name}`}
            >
              {t(`calendarUi.toolbar.${name}`)}
            </button>
          ))}
          {VIEW_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              className="segmented__option"
              aria-pressed={props.view === CALENDAR_VIEWS[name]}
              onClick={() => props.onView?.(CALENDAR_VIEWS[name])}
              data-testid={`calendar-view-${name}`}
            >
              {t(`calendarUi.toolbar.${name}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
