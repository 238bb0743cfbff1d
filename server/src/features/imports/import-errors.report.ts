import ExcelJS from 'exceljs';
import type { Translate } from '../../platform/i18n/request-i18n.js';
import { translateIssues, type PlannedRow } from './import-rows.js';
import type { ImportRow } from './imports.repository.js';

/** Excel runs a cell that starts with one of these as a formula: such text is written as text. */
const FORMULA_START = /^[=+\-@]/;

/**
 * The error report: the file's header and its error rows as they came, with the row number in
 * front and the errors (messages in the reader's language) at the end, so a school fixes the file and re-runs it.
 */
export async function importErrorsReport(
  imp: Pick<ImportRow, 'headers' | 'rows' | 'results'>,
  t: Translate,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Errors');
  ws.addRow([t('imports.report.row'), ...imp.headers, t('imports.report.errors')]).font = { bold: true };
  const cells = new Map(imp.rows.map((r) => [r.row, r.cells]));
  for (const result of imp.results as PlannedRow[]) {
    if (result.outcome !== 'error') continue;
    // The messages name their field themselves ("The first name field is required.").
    const messages = Object.values(translateIssues(result.issues, t)).flat().join(' ');
    const row = ws.addRow([result.row, ...(cells.get(result.row) ?? []), messages]);
    row.eachCell((cell) => {
      if (typeof cell.value === 'string' && FORMULA_START.test(cell.value))
        cell.value = { richText: [{ text: cell.value }] };
    });
  }
  ws.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
