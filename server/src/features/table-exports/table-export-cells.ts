import { DateTime } from 'luxon';
import { TIME_ZONE } from '@school/shared/domain';
import type { ExportColumn, ExportRow } from '@school/shared/table-exports';
import type { SheetCell, SheetDate } from '../../platform/spreadsheets/sheet-cells.js';
import type { Translate } from '../../platform/i18n/request-i18n.js';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored day or moment as the school's wall clock (Europe/Kyiv), as the tables show it. */
export function schoolDate(value: unknown, withTime: boolean): SheetDate | null {
  let at: DateTime;
  if (value instanceof Date) at = DateTime.fromJSDate(value, { zone: TIME_ZONE });
  else if (typeof value === 'string' && DAY_ONLY.test(value))
    at = DateTime.fromISO(value, { zone: TIME_ZONE });
  else if (typeof value === 'string') at = DateTime.fromISO(value, { setZone: true }).setZone(TIME_ZONE);
  else return null;
  if (!at.isValid) return null;
  const wallClock = new Date(
    Date.UTC(at.year, at.month - 1, at.day, withTime ? at.hour : 0, withTime ? at.minute : 0),
  );
  return { wallClock, withTime };
}

const numberOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** One column's cell of a row: numbers stay numbers, money in UAH, labels and yes/no translated. */
export function cellOf(column: ExportColumn, row: ExportRow, t: Translate): SheetCell {
  const value = column.value(row);
  switch (column.kind) {
    case 'int':
      return numberOf(value);
    case 'money': {
      const minor = numberOf(value);
      return minor === null ? null : minor / 100;
    }
    case 'date':
    case 'datetime':
      return schoolDate(value, column.kind === 'datetime');
    case 'bool':
      return value === null || value === undefined ? null : t(value ? 'common.yes' : 'common.no');
    case 'label':
      return typeof value === 'string' ? t(value, { defaultValue: value.split('.').pop() }) : null;
    default:
      return value === null || value === undefined ? null : String(value);
  }
}
