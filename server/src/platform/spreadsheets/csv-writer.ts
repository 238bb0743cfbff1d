import type { Writable } from 'node:stream';
import { CSV_BOM, csvLine, guardFormula } from '@school/shared/table-exports';
import { drained, isSheetDate, type SheetCell, type SheetWriter } from './sheet-cells.js';

export interface CsvWriterOptions {
  /** `,` where the reader's language writes decimals with a comma (uk, ru), `.` otherwise. */
  decimalMark: ',' | '.';
}

/** Characters gathered before a write (~64 KiB of mostly ASCII). */
const CHUNK = 64 * 1024;

const pad = (n: number) => String(n).padStart(2, '0');

/** dd.MM.yyyy [HH:mm] of a SheetDate (DATE_FORMAT / DATE_TIME_FORMAT of shared/domain). */
function dateText(d: Date, withTime: boolean): string {
  const day = `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : day;
}

/**
 * A CSV file Excel in Ukrainian opens right (table-exports/csv-cells.ts: BOM, `;`, CRLF, quoted
 * as needed). Text that a spreadsheet would run as a formula gets a leading `'` (OWASP); numbers
 * are written plainly (no grouping) with the reader's decimal mark, so Excel reads them as numbers.
 */
export function createCsvWriter(out: Writable, options: CsvWriterOptions): SheetWriter {
  // Lines are gathered into chunks of about CHUNK characters: one Buffer per chunk rather than
  // per row (a million rows made a million small buffers for the collector).
  let pending = CSV_BOM;
  const flush = async () => {
    if (pending === '' || out.destroyed) return;
    out.write(pending);
    pending = '';
    await drained(out);
  };
  const add = async (line: string) => {
    pending += line;
    if (pending.length >= CHUNK) await flush();
  };
  const field = (cell: SheetCell): string => {
    if (cell === null) return '';
    if (typeof cell === 'number')
      return options.decimalMark === ',' ? String(cell).replace('.', ',') : String(cell);
    if (isSheetDate(cell)) return dateText(cell.wallClock, cell.withTime);
    return guardFormula(cell);
  };
  return {
    header: (cells) => add(csvLine(cells.map(guardFormula))),
    addRow: (cells) => add(csvLine(cells.map(field))),
    end: async () => {
      await flush();
      await new Promise<void>((resolve) => out.end(resolve));
    },
  };
}
