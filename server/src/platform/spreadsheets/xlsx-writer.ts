import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { drained, isSheetDate, type SheetCell, type SheetWriter } from './sheet-cells.js';

export interface XlsxWriterOptions {
  sheetName: string;
  /** Column widths in characters, in column order (headings' lengths are a fair guess). */
  widths?: readonly number[];
  /**
   * Each column's kind of cells: `day` / `moment` dates, `money` (`#,##0.00`), else General. Set
   * once on the column (cells take their column's style), not on a million cells.
   */
  formats?: ReadonlyArray<'day' | 'moment' | 'money' | undefined>;
}

/** What an .xlsx is served as. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's number formats of a day and a moment (DATE_FORMAT / DATE_TIME_FORMAT in Excel's tokens). */
const NUM_FMT = { day: 'dd.mm.yyyy', moment: 'dd.mm.yyyy hh:mm', money: '#,##0.00' } as const;

/**
 * An .xlsx written row by row with exceljs's streaming WorkbookWriter: each row is committed (its
 * XML goes to the zip stream) and forgotten, inline strings instead of a shared strings table
 * (which would grow with the file), so memory stays flat however many rows there are. Text is
 * always a string cell (never a formula, whatever it starts with); numbers stay numbers; dates
 * are date cells shown as dd.MM.yyyy [HH:mm].
 */
export function createXlsxWriter(out: Writable, options: XlsxWriterOptions): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  const sheet = workbook.addWorksheet(options.sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const cellValue = (cell: SheetCell): ExcelJS.CellValue => {
    if (cell === null) return null;
    if (isSheetDate(cell)) return cell.wallClock;
    // A string is a string cell: exceljs writes a formula only for { formula } values.
    return cell;
  };
  return {
    header: async (names) => {
      sheet.columns = names.map((name, i) => {
        const format = options.formats?.[i];
        return {
          header: name,
          width: options.widths?.[i] ?? 18,
          ...(format ? { style: { numFmt: NUM_FMT[format] } } : {}),
        };
      });
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    addRow: async (cells) => {
      const row = sheet.addRow(cells.map(cellValue));
      cells.forEach((cell, i) => {
        // A date in a column declared otherwise still reads as a date.
        if (isSheetDate(cell) && !options.formats?.[i])
          row.getCell(i + 1).numFmt = cell.withTime ? NUM_FMT.moment : NUM_FMT.day;
        else if (typeof cell === 'string' && cell.includes('\n'))
          row.getCell(i + 1).alignment = { wrapText: true, vertical: 'top' };
      });
      row.commit();
      await drained(out);
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}
