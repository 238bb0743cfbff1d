import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { TIME_FORMAT, TIME_ZONE } from '@school/shared/domain';
import { periodsByDay, type FreePeriod } from './admin-table.rules';
import { useAdminCell } from './admin-table-cells';

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
              {DateTime.fromISO(period.start, { zone: TIME_ZONE }).toFormat(TIME_FORMAT)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
