import { MINOR_UNITS } from '../../domain/constants';

/**
 * The money input's text (spec part 2 §1, §9): money is stored in integer minor units (kopiykas),
 * people read and type UAH. Pure parsing and formatting, so every money field and filter accepts
 * the same input.
 */

/** Up to two decimals (a trailing comma while typing is fine), a comma or a dot; spaces group thousands ("1 250,5"). */
const AMOUNT = /^[+-]?\d+([.,]\d{0,2})?$/;

/**
 * Typed UAH → minor units: '' → null (nothing typed), '1 250,50' → 125050; undefined when the text
 * is not an amount of at most two decimals (the form then says the field must be a number).
 */
export function parseUahInput(text: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return null;
  if (!AMOUNT.test(compact)) return undefined;
  const [whole, fraction = ''] = compact.replace(',', '.').split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  const units = Math.abs(Number(whole)) * MINOR_UNITS + Number(fraction.padEnd(2, '0') || '0');
  return Number.isSafeInteger(units) ? sign * units : undefined;
}

/** Minor units → the text the input shows: 125050 → '1250.50', 30000 → '300', null → ''. */
export function formatUahInput(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const whole = Math.floor(abs / MINOR_UNITS);
  const cents = abs % MINOR_UNITS;
  return cents === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(cents).padStart(2, '0')}`;
}
