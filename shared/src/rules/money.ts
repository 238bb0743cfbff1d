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

/** A currency a price is written in (contract templates are in UAH or EUR). */
export type MoneyCurrency = 'UAH' | 'EUR';

export interface MoneyFormat {
  /** The currency sign to write (default UAH), or false for the number alone (tables, documents). */
  currency?: MoneyCurrency | false;
  /** A whole amount without its ',00' (chart axes): 120000 → '1 200'. */
  wholeWithoutCents?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(lang: string, currency: MoneyCurrency | false, cents: number): Intl.NumberFormat {
  const key = `${locale(lang)}|${currency}|${cents}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale(lang), {
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
      minimumFractionDigits: cents,
      maximumFractionDigits: cents,
      useGrouping: GROUPING,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * Every amount people read goes through here. Kopiykas (cents for EUR) →
 * 123456: '1 234,56 ₴' (uk) / '₴1,234.56' (en); `{ currency: false }`: '1 234,56' / '1,234.56';
 * `{ currency: 'EUR' }`: '1 234,56 €'.
 */
export function formatMoney(minor: number, lang = 'uk', format: MoneyFormat = {}): string {
  const currency = format.currency ?? CURRENCY;
  const cents = format.wholeWithoutCents && minor % MINOR_UNITS === 0 ? 0 : 2;
  return formatterFor(lang, currency, cents).format(toMajorUnits(minor));
}

/** Studies an invoice pays for: amount / price per study, rounded; 0 when the price is unknown. */
export function studiesCount(amount: number, pricePerStudy: number): number {
  if (!pricePerStudy) return 0;
  return Math.round(amount / pricePerStudy);
}
