/**
 * CSV as Excel in Ukrainian (and Russian) Windows opens it: UTF-8 with a byte order mark (or the
 * Cyrillic reads as Windows-1251 garbage), `;` between fields (the list separator where the
 * decimal mark is a comma), CRLF lines. Shared by the server's table exports and the analytics
 * page's CSV.
 */
export const CSV_BOM = '\uFEFF';

/** RFC 4180: a field with a separator, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[";,\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Text Excel or Calc would read as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text cells only: a leading `'` makes a spreadsheet show the text instead of running it. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CRLF-terminated line of already formatted fields. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}
