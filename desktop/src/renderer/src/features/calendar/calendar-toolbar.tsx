import { Button, ButtonGroup, Icon, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_VIEWS,
  DISABLED_VIEWS,
  type CalendarViewName,
  type CalendarViewType,
} from '@school/shared/ui/calendar';
import type { RealtimeStatus } from './use-calendar-realtime';

export interface CalendarToolbarProps {
  title: string;
  view: CalendarViewType;
  onPrev(): void;
  onNext(): void;
  onToday(): void;
  onView(view: CalendarViewType): void;
  /** Refresh / Hide: toolbar roles with `refresh event` / `hide event` (spec part 1 §6). */
  showRefresh: boolean;
  showHide: boolean;
  refreshing: boolean;
  onRefresh(): void;
  backgroundHidden: boolean;
  onToggleBackground(): void;
  realtime: RealtimeStatus;
  /** Transfer mode (spec part 1 §2): for who may change a study's start. */
  showTransfer?: boolean;
  transferMode?: boolean;
  onToggleTransfer?(): void;
}

const VIEW_NAMES = Object.keys(CALENDAR_VIEWS) as CalendarViewName[];

/** Navigation, views (years and year are shown disabled, spec part 1 §2), Refresh, Hide and transfer mode. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="calendar-toolbar" data-testid="calendar-toolbar">
      <div className="calendar-toolbar__group">
        <ButtonGroup>
          <Button
            icon="chevron-left"
            onClick={props.onPrev}
            aria-label={t('calendarUi.toolbar.prev')}
            data-testid="calendar-prev"
          />
          <Button
            icon="chevron-right"
            onClick={props.onNext}
            aria-label={t('calendarUi.toolbar.next')}
            data-testid="calendar-next"
          />
        </ButtonGroup>
        <Button text={t('calendarUi.toolbar.today')} onClick={props.onToday} data-testid="calendar-today" />
        <h2 className="calendar-toolbar__title" data-testid="calendar-title">
          {props.title}
        </h2>
      </div>
      <div className="calendar-toolbar__group">
        <Tooltip
          content={t(props.realtime === 'live' ? 'calendarUi.toolbar.liveOn' : 'calendarUi.toolbar.liveOff')}
        >
          <Icon
            icon={props.realtime === 'live' ? 'feed' : 'time'}
            intent={props.realtime === 'live' ? 'success' : 'none'}
            className="calendar-toolbar__live"
            data-testid={`realtime-${props.realtime}`}
          />
        </Tooltip>
        <ButtonGroup>
          {DISABLED_VIEWS.map((name) => (
            <Button
              key={name}
              text={t(`calendarUi.toolbar.${name}`)}
              disabled
              data-testid={`calendar-view-${name}`}
            />
          ))}
          {VIEW_NAMES.map((name) => (
            <Button
              key={name}
              text={t(`calendarUi.toolbar.${name}`)}
              active={props.view === CALENDAR_VIEWS[name]}
              onClick={() => props.onView(CALENDAR_VIEWS[name])}
              data-testid={`calendar-view-${name}`}
            />
          ))}
        </ButtonGroup>
        {props.showRefresh ? (
          <Button
            icon="refresh"
            text={t('calendarUi.toolbar.refresh')}
            loading={props.refreshing}
            onClick={props.onRefresh}
            data-testid="calendar-refresh"
          />
        ) : null}
        {props.showTransfer ? (
          <Button
            icon="swap-horizontal"
            text={t('staffScreens.transfer.mode')}
            active={props.transferMode}
            intent={props.transferMode ? 'primary' : 'none'}
            aria-pressed={props.transferMode}
            onClick={props.onToggleTransfer}
            data-testid="calendar-transfer"
          />
        ) : null}
        {props.showHide ? (
          <Tooltip content={t('calendarUi.toolbar.hideHint')}>
            <Button
              icon={props.backgroundHidden ? 'eye-open' : 'eye-off'}
              text={t(props.backgroundHidden ? 'calendarUi.toolbar.show' : 'calendarUi.toolbar.hide')}
              active={props.backgroundHidden}
              onClick={props.onToggleBackground}
              data-testid="calendar-hide"
            />
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}

export function HoursBar({ hours }: { hours: number }) {
  const { t, i18n } = useTranslation();
  const text = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(hours);
  return (
    <div className="calendar-hours" data-testid="hours-bar">
      <Icon icon="time" />
      <span>{t('calendar.numberOfHours')}:</span>
      <Tag round intent="primary" data-testid="hours-value" data-hours={hours}>
        {text}
      </Tag>
    </div>
  );
}
