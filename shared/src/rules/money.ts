import { CURRENCY, MINOR_UNITS } from '../domain/constants';

/** Amounts are integer minor units (kopiykas); people read and type UAH. */

export function toMajorUnits(minor: number): number {
  return minor / MINOR_UNITS;
}

export function toMinorUnits(major: number): number {
  return Math.round(major * MINOR_UNITS);
}

const LOCALES: Record<string, string> = { uk: 'uk-UA', ru: 'ru-UA', en: 'en-GB' };

/** Some locales (ru) skip grouping below 10 000 by default; amounts in one table should look alike. */
const GROUPING = 'always';

function locale(lang: string): string {
  return LOCALES[lang] ?? LOCALES.uk!;
}

/** 123456 → '1 234,56' (uk) / '1,234.56' (en): always two decimals. */
export function formatAmount(minor: number, lang = 'uk'): string {
  return new Intl.NumberFormat(locale(lang), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: GROUPING,
  }).format(toMajorUnits(minor));
}

/** 123456 → '1 234,56 ₴' (uk) / '₴1,234.56' (en). */
export function formatMoney(minor: number, lang = 'uk'): string {
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: 'narrowSymbol',
    useGrouping: GROUPING,
  }).format(toMajorUnits(minor));
}

/** Studies an invoice pays for: amount / price per study, rounded; 0 when the price is unknown. */
export function studiesCount(amount: number, pricePerStudy: number): number {
  if (!pricePerStudy) return 0;
  return Math.round(amount / pricePerStudy);
}
