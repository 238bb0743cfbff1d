import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { TestClient } from '../../../test/harness.test-kit.js';

/** A students file's headings as a Ukrainian school writes them: each student with one parent. */
export const STUDENT_HEADERS = [
  'Прізвище',
  "Ім'я",
  'Email',
  'Телефон',
  'Дата народження',
  'Тип',
  'Прізвище батька',
  "Ім'я батька",
  'Телефон батька',
  'Email батька',
  'Тип батька',
];

/** A CSV as Excel in Ukrainian Windows saves it: Windows-1251, `;`, CRLF. */
export function cp1251Csv(lines: string[][]): Buffer {
  return iconv.encode(lines.map((l) => l.join(';')).join('\r\n') + '\r\n', 'win1251');
}

/** A CSV in UTF-8 with a BOM, comma-separated. */
export function bomCsv(lines: string[][]): Buffer {
  const text = lines
    .map((l) => l.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/** An .xlsx of one sheet; a cell may be a formula with its saved result. */
export async function xlsx(lines: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const l of lines) ws.addRow(l);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readXlsx(bytes: ArrayBuffer | Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

export function preview(
  client: TestClient,
  kind: string,
  bytes: Buffer,
  name: string,
  mapping?: Record<string, string | null>,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return client.post(`/api/imports/${kind}/preview`, form);
}

/** Outcomes by file row number: `{ 2: 'create', 3: 'error' }`. */
export function outcomes(rows: { row: number; outcome: string }[]): Record<number, string> {
  return Object.fromEntries(rows.map((r) => [r.row, r.outcome]));
}
