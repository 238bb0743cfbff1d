import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, toMinorUnits } from '@school/shared/rules';
import type { ChartPoint } from '@school/shared/ui/analytics';

// Blueprint's palette (blue, orange, green), readable in both themes.
const COLORS = { lessons: '#2d72d2', trial: '#c87619', revenue: '#238551', current: '#cd4246' } as const;
const HEIGHT = 260;
// Room above and to the right for the current week's label: it sits over the marker line, which
// is the last week's, so the highest dot never hides it.
const MARGIN = { top: 28, right: 64, bottom: 0, left: 0 };
/** The revenue series is in hryvnias; the axis drops the ',00' of its round ticks. */
const axisMoney = (uah: number, lang: string) =>
  formatMoney(toMinorUnits(uah), lang, { currency: false, wholeWithoutCents: true });
const tipMoney = (uah: unknown, lang: string) =>
  formatMoney(toMinorUnits(Number(uah)), lang, { currency: false });

/**
 * The weekly series as pictures (issue 17: staff would rather look than read): lessons and trial
 * lessons in one chart, invoiced revenue in another, the current week marked by a line. No
 * animation: the numbers are the point, and the page must look finished when it is shown.
 */
export function AnalyticsCharts({ points }: { points: readonly ChartPoint[] }) {
  const { t, i18n } = useTranslation();
  const current = points.find((point) => point.current);
  const marker = current ? (
    <ReferenceLine
      x={current.label}
      stroke={COLORS.current}
      strokeDasharray="4 3"
      label={{
        value: t('analyticsUi.charts.currentWeek'),
        position: 'top',
        fill: COLORS.current,
        fontSize: 12,
      }}
    />
  ) : null;
  const data = [...points];
  return (
    <div className="analytics-charts">
      <figure className="analytics-chart" data-testid="analytics-chart-lessons">
        <figcaption>{t('analyticsUi.charts.lessons')}</figcaption>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={data} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {marker}
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="lessons"
              name={t('analyticsUi.charts.lessonsSeries')}
              stroke={COLORS.lessons}
              strokeWidth={2}
            />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="trialLessons"
              name={t('analyticsUi.charts.trialSeries')}
              stroke={COLORS.trial}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="analytics-chart" data-testid="analytics-chart-revenue">
        <figcaption>{t('analyticsUi.charts.revenue')}</figcaption>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={data} margin={{ ...MARGIN, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis tickFormatter={(value: number) => axisMoney(value, i18n.language)} />
            <Tooltip formatter={(value) => tipMoney(value, i18n.language)} />
            <Legend />
            {marker}
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="revenue"
              name={t('analyticsUi.charts.revenueSeries')}
              stroke={COLORS.revenue}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
