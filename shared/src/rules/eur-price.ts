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

/**
 * EUR price per study from a UAH price in minor units and the rate: 2 decimals, half away from
 * zero. On integers like uahPriceFromEur: 452 508,30 UAH at 60.0000 is 7 541.805 EUR, which the
 * float division gives as 7541.804999… (rounded down to .80 instead of .81).
 */
export function eurPriceFromUah(priceMinor: number, eurRate: number): number {
  const rateUnits = eurRate > 0 ? Math.round(roundEurRate(eurRate) * 10 ** EUR_RATE_DECIMALS) : 0;
  if (rateUnits <= 0) throw new RangeError('the rate must be > 0');
  // (kopiykas / 100) / (rateUnits / 10^4) euros = kopiykas × 10^4 / rateUnits euro cents.
  const scaled = Math.abs(Math.round(priceMinor)) * 10 ** EUR_RATE_DECIMALS;
  const cents = Math.floor((2 * scaled + rateUnits) / (2 * rateUnits));
  return ((Math.sign(priceMinor) || 1) * cents) / 10 ** EUR_DECIMALS;
}
