import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.js';
import { readSpreadsheet } from './spreadsheet-reader.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (bytes: Buffer | string) => {
  const p = path.join(dir, `f${n++}`);
  fs.writeFileSync(p, bytes);
  return p;
};
const read = (bytes: Buffer | string, maxRows = 100) => readSpreadsheet(file(bytes), { maxRows });
const refusal = async (bytes: Buffer | string, maxRows = 100) => {
  const err = await read(bytes, maxRows).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).key;
};

describe('CSV as people save it', () => {
  it('finds the delimiter: tab, comma, semicolon (quotes aside)', async () => {
    expect((await read('a\tb\n1\t2\n')).rows[0]!.cells).toEqual(['1', '2']);
    expect((await read('"x;y",b\n1,2\n')).headers).toEqual(['x;y', 'b']);
    expect((await read('a;b,c\n1;2,3\n')).headers).toEqual(['a', 'b,c']);
  });

  it('reads Windows-1251 and UTF-8, keeps file row numbers past blank lines', async () => {
    const sheet = await read(iconv.encode('Прізвище;Ім’я\r\n\r\nШевченко;Тарас\r\n', 'win1251'));
    expect(sheet.headers).toEqual(['Прізвище', 'Ім’я']);
    expect(sheet.rows).toEqual([{ row: 3, cells: ['Шевченко', 'Тарас'] }]);
    const utf8 = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Ім’я\nҐанна\n')]));
    expect(utf8.headers).toEqual(['Ім’я']);
    expect(utf8.rows[0]!.cells).toEqual(['Ґанна']);
  });

  it('refuses binaries, old .xls, empty files and too many rows', async () => {
    expect(await refusal(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]))).toBe(
      'imports.errors.not_spreadsheet',
    );
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'imports.errors.old_excel',
    );
    expect(await refusal('\n\n')).toBe('imports.errors.no_header');
    expect(await refusal('a\n1\n2\n3\n', 2)).toBe('imports.errors.too_many_rows');
  });
});
