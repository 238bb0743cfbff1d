import { formatMoney, toMajorUnits } from '@school/shared/rules';
import { CSV_BOM, csvField, csvLine } from '@school/shared/table-exports';

/**
 * The pure side of the staff analytics page (spec part 2 §2 "Analytics", §7): the API's weekly rows
 * (oldest first, amounts in minor units) turned into what the tables, the charts and the CSV
 * export show, so the page and its tests read the same numbers.
 */

export interface AnalyticsWeek {
  week: number;
  year: number;
  /** yyyy-MM-dd, Monday in Kyiv time. */
  first_day_of_week: string;
  last_day_of_week: string;
}

export interface StudiesWeek extends AnalyticsWeek {
  count: number;
  /** Minor units: the price per study summed over billed students. */
  price: number;
  average_price: number | null;
  users_count: number;
}

export interface InvoicesWeek extends AnalyticsWeek {
  count: number;
  amount: number;
  payed_count: number;
  payed_amount: number;
}

export interface Weekly<T extends AnalyticsWeek> {
  data: T[];
  /** Sums over the weeks listed (users counted once), as the server computed them. */
  total: Omit<T, keyof AnalyticsWeek>;
}

/** `GET /api/analytics/weekNumber`. */
export type CurrentWeek = AnalyticsWeek;

/** The ranges the page offers, in weeks (the API takes 1 to 78, 13 by default). */
export const ANALYTICS_RANGES = [4, 13, 26, 52] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 13;

export const isCurrentWeek = (row: AnalyticsWeek, current: CurrentWeek | undefined): boolean =>
  Boolean(current) && row.first_day_of_week === current!.first_day_of_week;

/** '2026-11-23' → '23.11' (the chart's axis; the tables show the full date). */
export function shortDay(isoDay: string): string {
  const [, month, day] = isoDay.split('-');
  return `${day}.${month}`;
}

/** '2026-11-23' → '23.11.2026'. */
export function displayDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}.${month}.${year}`;
}

export interface ChartPoint {
  /** The week's Monday (yyyy-MM-dd): the key the three series share. */
  monday: string;
  label: string;
  week: number;
  lessons: number;
  trialLessons: number;
  /** UAH (major units) of the invoices issued that week. */
  revenue: number;
  current: boolean;
}

/**
 * One point per week for the charts: lessons, trial lessons and invoiced revenue side by side, a
 * week missing from a list counting as zero (the lists come from the same generated weeks, but a
 * range change may leave one list a request behind the others).
 */
export function chartSeries(
  studies: readonly StudiesWeek[],
  trial: readonly StudiesWeek[],
  invoices: readonly InvoicesWeek[],
  current: CurrentWeek | undefined,
): ChartPoint[] {
  const byMonday = <T extends AnalyticsWeek>(rows: readonly T[]) =>
    new Map(rows.map((row) => [row.first_day_of_week, row]));
  const trialOf = byMonday(trial);
  const invoicesOf = byMonday(invoices);
  return studies.map((row) => ({
    monday: row.first_day_of_week,
    label: shortDay(row.first_day_of_week),
    week: row.week,
    lessons: row.count,
    trialLessons: trialOf.get(row.first_day_of_week)?.count ?? 0,
    revenue: toMajorUnits(invoicesOf.get(row.first_day_of_week)?.amount ?? 0),
    current: isCurrentWeek(row, current),
  }));
}

/** Sums of the columns the page adds up itself (the charts' legend), checked against the API's total. */
export function seriesTotals(points: readonly ChartPoint[]): {
  lessons: number;
  trialLessons: number;
  revenue: number;
} {
  return points.reduce(
    (sum, point) => ({
      lessons: sum.lessons + point.lessons,
      trialLessons: sum.trialLessons + point.trialLessons,
      // Summed in minor units so 0.1 + 0.2 never shows.
      revenue: Math.round(sum.revenue * 100 + point.revenue * 100) / 100,
    }),
    { lessons: 0, trialLessons: 0, revenue: 0 },
  );
}

/* ---------- tables and CSV ---------- */

export type AnalyticsTableKind = 'studies' | 'trial' | 'invoices';

/** A column: its i18n key (analyticsUi.columns.*) and its cell text of a row or of the total. */
export interface AnalyticsColumn<T> {
  key: string;
  cell(row: Partial<T>, lang: string): string;
  numeric?: boolean;
}

const money = (minor: number | null | undefined, lang: string) =>
  minor === null || minor === undefined ? '' : formatMoney(minor, lang, { currency: false });
const int = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const weekColumns: AnalyticsColumn<AnalyticsWeek>[] = [
  { key: 'week', cell: (row) => int(row.week), numeric: true },
  { key: 'firstDay', cell: (row) => (row.first_day_of_week ? displayDay(row.first_day_of_week) : '') },
  { key: 'lastDay', cell: (row) => (row.last_day_of_week ? displayDay(row.last_day_of_week) : '') },
];

export const studiesColumns: AnalyticsColumn<StudiesWeek>[] = [
  ...weekColumns,
  { key: 'count', cell: (row) => int(row.count), numeric: true },
  { key: 'price', cell: (row, lang) => money(row.price, lang), numeric: true },
  { key: 'averagePrice', cell: (row, lang) => money(row.average_price, lang), numeric: true },
  { key: 'usersCount', cell: (row) => int(row.users_count), numeric: true },
];

export const invoicesColumns: AnalyticsColumn<InvoicesWeek>[] = [
  ...weekColumns,
  { key: 'count', cell: (row) => int(row.count), numeric: true },
  { key: 'amount', cell: (row, lang) => money(row.amount, lang), numeric: true },
  { key: 'payedCount', cell: (row) => int(row.payed_count), numeric: true },
  { key: 'payedAmount', cell: (row, lang) => money(row.payed_amount, lang), numeric: true },
];

export { csvField };

/**
 * CSV text of a table as Excel in Ukrainian opens it (table-exports/csv-cells.ts: BOM, `;`, CRLF).
 * Its cells are numbers, days and labels the app wrote, so no formula guard is needed here.
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
}

/** The table's CSV: headings, a line per week, then the total line (its first cell the total's label). */
export function weeklyCsv<T extends AnalyticsWeek>(
  columns: readonly AnalyticsColumn<T>[],
  weekly: Weekly<T>,
  options: { lang: string; heading(key: string): string; totalLabel: string },
): string {
  const header = columns.map((column) => options.heading(column.key));
  const rows = weekly.data.map((row) => columns.map((column) => column.cell(row, options.lang)));
  const total = columns.map((column, index) =>
    index === 0 ? options.totalLabel : column.cell(weekly.total as Partial<T>, options.lang),
  );
  return csvText(header, [...rows, total]);
}

/** The export's file name: kind and the range's first and last day. */
export function csvFileName(kind: AnalyticsTableKind, rows: readonly AnalyticsWeek[]): string {
  if (rows.length === 0) return `analytics-${kind}.csv`;
  return `analytics-${kind}-${rows[0]!.first_day_of_week}-${rows[rows.length - 1]!.last_day_of_week}.csv`;
}

/**
 * A money input's minor units as the UAH a generator takes (spec part 2 §7: study_cost in UAH);
 * empty stays empty and text that is no amount stays unparseable, so the schema says which.
 */
export function uahField(minor: unknown): unknown {
  if (minor === null || minor === undefined) return '';
  if (typeof minor === 'number' && Number.isNaN(minor)) return 'NaN';
  return typeof minor === 'number' ? toMajorUnits(minor) : minor;
}
