import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCsvWriter } from './csv-writer.js';

async function csvOf(
  rows: Parameters<ReturnType<typeof createCsvWriter>['addRow']>[0][],
  decimalMark: ',' | '.',
) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = createCsvWriter(out, { decimalMark });
  await writer.header(['Ім’я', 'Сума; грн', 'День']);
  for (const row of rows) await writer.addRow(row);
  await writer.end();
  return Buffer.concat(chunks);
}

describe('CSV writer', () => {
  it('writes BOM, `;`, CRLF, quotes where needed, and guards every formula start', async () => {
    const day = { wallClock: new Date(Date.UTC(2026, 10, 28, 9, 5)), withTime: true };
    const bytes = await csvOf(
      [
        ['=1+1', 1234.5, day],
        ['+38 050', -12.25, { ...day, withTime: false }],
        ['-x', 0, null],
        ['@a', 7, null],
        ['\tb', null, null],
        ['\rc', null, null],
        ['a "quoted"; text\nnext line', null, null],
      ],
      ',',
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      [
        'Ім’я;"Сума; грн";День',
        // Quoted for the comma (as the analytics CSV always did); spreadsheets still read numbers.
        '\'=1+1;"1234,5";28.11.2026 09:05',
        '\'+38 050;"-12,25";28.11.2026',
        "'-x;0;",
        "'@a;7;",
        "'\tb;;",
        '"\'\rc";;',
        '"a ""quoted""; text\nnext line";;',
        '',
      ].join('\r\n'),
    );
  });

  it('writes decimals with a dot for English readers, and a BOM even with no rows', async () => {
    expect((await csvOf([['x', 2.5, null]], '.')).toString('utf8')).toContain('x;2.5;');
    const empty = new PassThrough();
    const chunks: Buffer[] = [];
    empty.on('data', (c: Buffer) => chunks.push(c));
    await createCsvWriter(empty, { decimalMark: ',' }).end();
    expect(Buffer.concat(chunks).toString('utf8')).toBe('\uFEFF');
  });
});
