import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@school/shared/domain';
import { minutesOfTime, timeOfMinutes } from '@school/shared/ui';

export interface StoredWorkperiod {
  id: number;
  weekday: number;
  start_time: string;
  duration: number;
}

/** Monday first (part 2 §9: weeks start Monday; Sunday is weekday 0). */
const WEEK_ORDER = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** Work periods by weekday, Monday first, each day's by start time. */
export function workWeek(
  periods: readonly StoredWorkperiod[],
): Array<{ weekday: number; periods: StoredWorkperiod[] }> {
  return WEEK_ORDER.map((weekday) => ({
    weekday,
    periods: periods
      .filter((p) => p.weekday === weekday)
      .sort((a, b) => (minutesOfTime(a.start_time) ?? 0) - (minutesOfTime(b.start_time) ?? 0)),
  }));
}

/** "09:00–13:00" of a stored period (the end may fall on the next day). */
export function periodText(period: StoredWorkperiod): string {
  const start = minutesOfTime(period.start_time) ?? 0;
  return `${timeOfMinutes(start)}–${timeOfMinutes(start + period.duration)}`;
}

/**
 * A schedule's work periods as a weekly mini calendar (spec part 2 §2 "Schedules table"): seven
 * columns, Monday first, each period as its start and end. Plain markup: a page of 100 rows draws
 * 100 of these.
 */
export function ScheduleWeek({ periods }: { periods: readonly StoredWorkperiod[] }) {
  const { t } = useTranslation();
  return (
    <div className="schedule-week" data-testid="schedule-week">
      {workWeek(periods).map(({ weekday, periods: list }) => (
        <div key={weekday} className="schedule-week__day">
          <div className="schedule-week__weekday">{t(`scheduleTable.weekdaysShort.${weekday}`)}</div>
          {list.map((period) => (
            <div key={period.id} className="schedule-week__event" data-testid="schedule-week-event">
              {periodText(period)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
