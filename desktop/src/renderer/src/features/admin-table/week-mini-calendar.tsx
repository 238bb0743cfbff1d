import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { TIME_ZONE } from '@school/shared/domain';
import { useAdminCell } from './admin-table-cells';

export interface FreePeriod {
  start: string;
  end: string;
  futureStudiesCount: number;
}

/** The periods by Kyiv day of the coming week (today and six more days), each day's in time order. */
export function periodsByDay(
  periods: readonly FreePeriod[],
  today: DateTime,
): { day: DateTime; periods: FreePeriod[] }[] {
  const first = today.setZone(TIME_ZONE).startOf('day');
  const days = Array.from({ length: 7 }, (_, i) => ({
    day: first.plus({ days: i }),
    periods: [] as FreePeriod[],
  }));
  for (const period of periods) {
    const start = DateTime.fromISO(period.start, { zone: TIME_ZONE });
    const index = Math.floor(start.startOf('day').diff(first, 'days').days);
    if (index >= 0 && index < 7) days[index].periods.push(period);
  }
  for (const day of days) day.periods.sort((a, b) => a.start.localeCompare(b.start));
  return days;
}

/**
 * A teacher's free work periods of the coming week (spec part 2 §2 "Teachers listing"): a week
 * view without time labels; each period shows its start HH:MM and is highlighted when studies
 * took that slot in past weeks (futureStudiesCount > 0). Plain markup: a page of 100 teachers
 * draws 100 of these.
 */
export function WeekMiniCalendar({ periods }: { periods: readonly FreePeriod[] }) {
  const { t, language } = useAdminCell();
  const days = useMemo(() => periodsByDay(periods, DateTime.now()), [periods]);
  return (
    <div className="week-mini" data-testid="week-mini">
      {days.map(({ day, periods: list }) => (
        <div key={day.toISODate()} className="week-mini__day">
          <div className="week-mini__weekday">{day.setLocale(language).toFormat('ccc')}</div>
          {list.map((period) => (
            <div
              key={period.start}
              className={
                period.futureStudiesCount > 0 ? 'week-mini__event week-mini__event--busy' : 'week-mini__event'
              }
              title={
                period.futureStudiesCount > 0
                  ? t('adminTable.teachers.futureStudies', { count: period.futureStudiesCount })
                  : undefined
              }
              data-testid="week-mini-event"
              data-busy={period.futureStudiesCount > 0 || undefined}
            >
              {DateTime.fromISO(period.start, { zone: TIME_ZONE }).toFormat('HH:mm')}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
