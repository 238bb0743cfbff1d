import { EUR_DECIMALS, MINOR_UNITS } from '../domain/constants';

/**
 * EUR-priced subscriptions (spec part 2 §4, §9): the price is agreed in euros and billed in UAH.
 * "EUR conversion rounds to 2 decimals; UAH from EUR to a whole number." The rate has 4 decimals
 * (the form's minimum step 0.0001; the National Bank publishes 4).
 */

export const EUR_RATE_DECIMALS = 4;

/**
 * Half away from zero at `decimals`, on the decimal text rather than the binary float, so that
 * 1.005 rounds to 1.01 (Math.round(1.005 * 100) gives 1.00).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  return sign * Number(`${shifted}e-${decimals}`);
}

/** An exchange rate as stored and answered: 4 decimals. */
export function roundEurRate(rate: number): number {
  return roundTo(rate, EUR_RATE_DECIMALS);
}

/** A euro amount: 2 decimals. */
export function roundEur(amount: number): number {
  return roundTo(amount, EUR_DECIMALS);
}

/**
 * UAH price per study, in minor units, from the EUR price and the rate: a whole number of hryvnias
 * (so always a multiple of 100 kopiykas). Computed on integers (euro cents × rate in 1/10000) so
 * that no binary fraction decides a .5 case.
 */
export function uahPriceFromEur(eurPricePerStudy: number, eurRate: number): number {
  if (eurPricePerStudy < 0 || eurRate <= 0) throw new RangeError('EUR price must be >= 0 and the rate > 0');
  const cents = Math.round(roundEur(eurPricePerStudy) * 100);
  const rateUnits = Math.round(roundEurRate(eurRate) * 10 ** EUR_RATE_DECIMALS);
  const microHryvnias = cents * rateUnits; // 1e-6 UAH: 1e-2 × 1e-4
  const hryvnias = Math.floor((microHryvnias + 500_000) / 1_000_000);
  return hryvnias * MINOR_UNITS;
}

/** EUR price per study from a UAH price in minor units and the rate: 2 decimals. */
export function eurPriceFromUah(priceMinor: number, eurRate: number): number {
  if (eurRate <= 0) throw new RangeError('the rate must be > 0');
  return roundEur(priceMinor / MINOR_UNITS / eurRate);
}
