import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import iconv from 'iconv-lite';
import { AppError, errors } from '../http/app-error.js';
import { decodeText, detectDelimiter, detectFileEncoding } from './text-encoding.js';

/** One data row of a sheet: its number in the file (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

export interface ReadLimits {
  /** More data rows than this: a file error (the preview keeps every row in memory). */
  maxRows: number;
}

/** A per-file refusal said on the form's `file` field. */
export const fileError = (key: string, params: Record<string, unknown> = {}) =>
  errors.invalidField('file', key, params);

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * Reads the first sheet of an .xlsx (streamed: shared strings cached, rows one by one) or a .csv
 * (encoding and delimiter detected) into text cells. What the file is comes from its first bytes,
 * never its name. Formulas count by the value Excel saved with them; nothing is evaluated.
 */
export async function readSpreadsheet(path: string, limits: ReadLimits): Promise<Sheet> {
  const head = await readHead(path, 4096);
  if (head.subarray(0, 4).equals(ZIP)) return readXlsx(path, limits);
  if (head.subarray(0, 4).equals(OLE)) throw fileError('imports.errors.old_excel');
  if (looksBinary(head)) throw fileError('imports.errors.not_spreadsheet');
  return readCsv(path, head, limits);
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await fs.promises.open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Text never has NUL or most C0 controls; images, PDFs and archives do within their first bytes. */
function looksBinary(head: Buffer): boolean {
  let controls = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) controls++;
  }
  return controls > head.length / 100;
}

function toSheet(records: { row: number; cells: string[] }[], limits: ReadLimits): Sheet {
  const first = records.findIndex((r) => r.cells.some((c) => c !== ''));
  if (first < 0) throw fileError('imports.errors.no_header');
  const headerRow = records[first]!;
  const headers = headerRow.cells.map((c) => c.trim());
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) throw fileError('imports.errors.no_header');
  const rows: SheetRow[] = [];
  for (const r of records.slice(first + 1)) {
    if (!r.cells.some((c) => c !== '')) continue;
    rows.push({ row: r.row, cells: headers.map((_, i) => r.cells[i] ?? '') });
    if (rows.length > limits.maxRows)
      throw fileError('imports.errors.too_many_rows', { max: limits.maxRows });
  }
  return { headers, rows };
}

/**
 * A CSV streamed: the encoding is decided over the whole file first (a chunk at a time), then the
 * file is decoded and parsed record by record, so memory holds the rows, not copies of the text.
 */
async function readCsv(path: string, head: Buffer, limits: ReadLimits): Promise<Sheet> {
  const { encoding, bom } = await detectFileEncoding(path);
  const delimiter = detectDelimiter(
    encoding === 'utf8' ? decodeText(head.subarray(0, lastLineEnd(head))) : iconv.decode(head, 'win1251'),
  );
  const records: { row: number; cells: string[] }[] = [];
  const source = fs.createReadStream(path, { start: bom ? 3 : 0 });
  const decoded =
    encoding === 'utf8' ? source.setEncoding('utf8') : source.pipe(iconv.decodeStream('win1251'));
  const parser = decoded.pipe(
    parseCsv({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    }),
  );
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      records.push({ row: records.length + 1, cells });
      if (records.length > limits.maxRows + 2) {
        source.destroy();
        throw fileError('imports.errors.too_many_rows', { max: limits.maxRows });
      }
    }
  } catch (err) {
    source.destroy();
    if (err instanceof AppError) throw err;
    throw fileError('imports.errors.not_spreadsheet');
  }
  return toSheet(records, limits);
}

/** The head up to its last line break: a UTF-8 character cut at the end would not decode. */
function lastLineEnd(head: Buffer): number {
  const i = head.lastIndexOf(0x0a);
  return i < 0 ? head.length : i + 1;
}

async function readXlsx(path: string, limits: ReadLimits): Promise<Sheet> {
  const records: { row: number; cells: string[] }[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Dates are numbers with a date format: the styles tell them apart.
      styles: 'cache',
      entries: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let col = 1; col < values.length; col++) cells.push(cellText(values[col]));
        records.push({ row: row.number, cells });
        if (records.length > limits.maxRows + 2)
          throw fileError('imports.errors.too_many_rows', { max: limits.maxRows });
      }
      // The first sheet only: a workbook's other sheets are notes, totals, lists.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fileError('imports.errors.not_spreadsheet');
  }
  return toSheet(records, limits);
}

/** A cell as the text a person sees in it (formulas: the saved result). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return isoDateOf(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if (Array.isArray(v.richText))
      return (v.richText as { text?: string }[])
        .map((p) => p.text ?? '')
        .join('')
        .trim();
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return '';
  }
  return '';
}

/** Excel dates carry no zone: exceljs gives them as UTC midnight (plus the time of day, if any). */
function isoDateOf(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}
