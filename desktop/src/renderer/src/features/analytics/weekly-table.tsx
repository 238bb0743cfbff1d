import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  csvFileName,
  isCurrentWeek,
  weeklyCsv,
  type AnalyticsColumn,
  type AnalyticsTableKind,
  type AnalyticsWeek,
  type CurrentWeek,
  type Weekly,
} from '@school/shared/ui/analytics';
import { useCsvExport } from './use-csv-export';

export interface WeeklyTableProps<T extends AnalyticsWeek> {
  kind: AnalyticsTableKind;
  columns: readonly AnalyticsColumn<T>[];
  weekly: Weekly<T>;
  current: CurrentWeek | undefined;
}

/** One weekly list (spec part 2 §2 "Analytics"): a row per week, the current one highlighted, the total last. */
export function WeeklyTable<T extends AnalyticsWeek>({
  kind,
  columns,
  weekly,
  current,
}: WeeklyTableProps<T>) {
  const { t, i18n } = useTranslation();
  const exportCsv = useCsvExport();
  const heading = (key: string) => t(`analyticsUi.columns.${key}`);
  const lang = i18n.language;
  return (
    <section className="analytics-table" data-testid={`analytics-${kind}`}>
      <div className="analytics-table__head">
        <h2 className="analytics-table__title">{t(`analyticsUi.headings.${kind}`)}</h2>
        <Button
          size="small"
          icon="export"
          text={t('analyticsUi.exportCsv')}
          data-testid={`analytics-${kind}-csv`}
          onClick={() =>
            void exportCsv(
              csvFileName(kind, weekly.data),
              weeklyCsv(columns, weekly, { lang, heading, totalLabel: t('analyticsUi.total') }),
            )
          }
        />
      </div>
      <HTMLTable compact striped className="analytics-table__table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.numeric ? 'analytics-table__number' : undefined}>
                {heading(column.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weekly.data.map((row) => {
            const now = isCurrentWeek(row, current);
            return (
              <tr
                key={row.first_day_of_week}
                className={now ? 'analytics-table__current' : undefined}
                data-testid={`analytics-${kind}-row`}
                data-week={row.first_day_of_week}
                data-current={now ? 'true' : undefined}
              >
                {columns.map((column, index) => (
                  <td
                    key={column.key}
                    className={column.numeric ? 'analytics-table__number' : undefined}
                    data-column={column.key}
                  >
                    {column.cell(row, lang)}
                    {now && index === 0 ? (
                      <Tag minimal intent="primary" className="analytics-table__tag">
                        {t('analyticsUi.currentWeekTag')}
                      </Tag>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr data-testid={`analytics-${kind}-total`}>
            {columns.map((column, index) => (
              <th
                key={column.key}
                className={column.numeric && index > 0 ? 'analytics-table__number' : undefined}
                data-column={column.key}
              >
                {index === 0 ? t('analyticsUi.total') : column.cell(weekly.total as Partial<T>, lang)}
              </th>
            ))}
          </tr>
        </tfoot>
      </HTMLTable>
    </section>
  );
}
