import { describe, expect, it } from 'vitest';
import {
  differsFromColumns,
  initialMapping,
  mappingJson,
  missingRequiredFields,
  unrecognisedHeaders,
  withField,
} from './import-mapping';
import { errorLines, previewRowHeight, progressShare, rowsOfOutcome } from './import-preview-rows';
import { forgetLastImport, readLastImport, writeLastImport } from './last-import';
import type { ImportColumn, ImportField, ImportPreviewRow } from './import.types';

const fields: ImportField[] = [
  { id: 'last_name', required: true },
  { id: 'first_name', required: true },
  { id: 'email', required: true },
  { id: 'phone', required: false },
  { id: 'birthdate', required: false },
];
const columns: ImportColumn[] = [
  { header: 'Прізвище', field: 'last_name' },
  { header: "Ім'я", field: 'first_name' },
  { header: 'Пошта', field: 'email' },
  { header: 'Мобільний', field: null },
  { header: 'Нотатка', field: null },
];

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    key: (index) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}

describe('import column mapping', () => {
  it("starts from the server's recognition and highlights the headers it did not recognise", () => {
    const mapping = initialMapping(columns);
    expect(mapping).toEqual({
      Прізвище: 'last_name',
      "Ім'я": 'first_name',
      Пошта: 'email',
      Мобільний: null,
      Нотатка: null,
    });
    expect([...unrecognisedHeaders(columns, mapping)]).toEqual(['Мобільний', 'Нотатка']);
    expect(differsFromColumns(columns, mapping)).toBe(false);
  });

  it('takes an unrecognised header mapped by hand out of the highlight and sends it in the preview', () => {
    const mapping = withField(initialMapping(columns), 'Мобільний', 'phone');
    expect([...unrecognisedHeaders(columns, mapping)]).toEqual(['Нотатка']);
    expect(differsFromColumns(columns, mapping)).toBe(true);
    expect(JSON.parse(mappingJson(columns, mapping))).toEqual({
      Прізвище: 'last_name',
      "Ім'я": 'first_name',
      Пошта: 'email',
      Мобільний: 'phone',
      Нотатка: null,
    });
  });

  it('reads a field from one column only: giving it to another header takes it from the first', () => {
    const mapping = withField(initialMapping(columns), 'Нотатка', 'email');
    expect(mapping.Пошта).toBeNull();
    expect(mapping.Нотатка).toBe('email');
    expect(missingRequiredFields(fields, mapping)).toEqual([]);
    expect(missingRequiredFields(fields, withField(mapping, 'Нотатка', null))).toEqual(['email']);
  });
});

describe('import preview rows', () => {
  const rows: ImportPreviewRow[] = [
    { row: 2, outcome: 'create', errors: {} },
    { row: 3, outcome: 'error', errors: { email: ['bad', 'taken'], phone: ['short'] } },
    { row: 4, outcome: 'unchanged', errors: {} },
  ];

  it('filters by outcome and keeps the file order', () => {
    expect(rowsOfOutcome(rows, 'all').map((row) => row.row)).toEqual([2, 3, 4]);
    expect(rowsOfOutcome(rows, 'error').map((row) => row.row)).toEqual([3]);
    expect(rowsOfOutcome(rows, 'update')).toEqual([]);
  });

  it('gives an error row one line per message', () => {
    expect(errorLines(rows[1])).toEqual([
      ['email', 'bad'],
      ['email', 'taken'],
      ['phone', 'short'],
    ]);
    expect(previewRowHeight(rows[1]) - previewRowHeight(rows[0])).toBe(60);
  });

  it('turns progress into a share, 0 while the total is unknown', () => {
    expect(progressShare({ done: 0, total: 0 })).toBe(0);
    expect(progressShare({ done: 250, total: 1000 })).toBe(0.25);
    expect(progressShare({ done: 1200, total: 1000 })).toBe(1);
  });
});

describe('the last started import', () => {
  it('is remembered for its user until forgotten, and a tampered entry is ignored', () => {
    const storage = memoryStorage();
    expect(readLastImport(storage, 1)).toBeNull();
    const last = { importId: '0b6f4c1e-2d1a-4a57-9c1e-8f9a3b2c1d0e', kind: 'students' as const, userId: 1 };
    writeLastImport(storage, last);
    expect(readLastImport(storage, 1)).toEqual(last);
    // Another user signed in on the same computer does not follow it.
    expect(readLastImport(storage, 2)).toBeNull();
    forgetLastImport(storage);
    expect(readLastImport(storage, 1)).toBeNull();
    storage.setItem('imports:last', JSON.stringify({ ...last, importId: '../../x' }));
    expect(readLastImport(storage, 1)).toBeNull();
    storage.setItem('imports:last', JSON.stringify({ ...last, kind: 'lessons' }));
    expect(readLastImport(storage, 1)).toBeNull();
  });
});
