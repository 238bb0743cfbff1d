import { MINOR_UNITS } from '../../domain/constants';

/**
 * The money input (spec part 2 §1, §9): typed in UAH with at most 2 decimals (a comma or a dot,
 * spaces between thousands allowed), stored as integer minor units (kopiykas).
 */
const MONEY = /^\d+(?:[.,]\d{1,2})?$/;

/** Minor units of a typed amount, null when it is not an amount (empty, letters, 3 decimals, negative). */
export function parseMoney(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (!MONEY.test(compact)) return null;
  const [whole, fraction = ''] = compact.split(/[.,]/);
  return Number(whole) * MINOR_UNITS + Number(fraction.padEnd(2, '0'));
}

/** What the input shows for stored minor units: whole hryvnias without decimals, else two. */
export function moneyText(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const whole = Math.trunc(minor / MINOR_UNITS);
  const rest = Math.abs(minor % MINOR_UNITS);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
