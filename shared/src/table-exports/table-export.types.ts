/**
 * What an admin table writes to a spreadsheet (GET /api/{resource}/export, issue 31): the table's
 * visible columns in its order, each with the table's own heading key and how its value reads
 * from a row the resource engine answered. The server writes them (CSV and xlsx); the staff app
 * only links to the route. React-free, so the server and clients share one list.
 */

/**
 * How a cell is written: `text` as is (guarded against formulas), `int` and `money` as numbers
 * (money in minor units, written as UAH), `date` / `datetime` in the school's time zone,
 * `bool` as the caller's yes / no, `label` an i18n key written translated.
 */
export type ExportKind = 'text' | 'int' | 'money' | 'date' | 'datetime' | 'bool' | 'label';

/** A row as the engine answers it (relations nested by their names). */
export type ExportRow = Record<string, unknown>;

export interface ExportColumn {
  key: string;
  /** The table column's heading: an i18n key. */
  label: string;
  kind: ExportKind;
  value(row: ExportRow): unknown;
  /** Relations (`with[]`) this column reads. */
  with?: readonly string[];
  /** The column is written only for callers with this ability (as the table shows it only then). */
  needs?: readonly [action: string, subject: string];
}

export interface TableExport {
  /** The resource registry name (shared/src/resources). */
  resource: string;
  /** File name stem: `<stem>-<yyyy-MM-dd>.csv`. */
  fileStem: string;
  /** The sheet's name: the page's title key (`titles.*`). */
  title: string;
  /** `select[]` of the export, when the table names its columns (default fields otherwise). */
  select?: readonly string[];
  columns: readonly ExportColumn[];
}
