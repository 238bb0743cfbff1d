import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eurPriceFromUah, uahPriceFromEur } from './eur-price';

/**
 * Spec part 2 §9: "EUR conversion rounds to 2 decimals; UAH from EUR to a whole number", checked
 * against decimal arithmetic in BigInt on the digits as typed (rates with 4 decimals).
 */
const decimal = (units: number, places: number) => {
  const s = String(units).padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
};
const halfUp = (n: bigint, d: bigint) => n / d + (2n * (n % d) >= d ? 1n : 0n);

const anyPair = fc.tuple(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 999_999 }));
/** Exactly half a cent: kopiykas × 10^4 / rate = n + 1/2 when rate = 20,000 a and kopiykas = a (2n + 1). */
const halfCentPair = fc
  .tuple(fc.integer({ min: 1, max: 49 }), fc.integer({ min: 0, max: 1_000_000 }))
  .map(([a, n]): [number, number] => [a * (2 * n + 1), 20_000 * a]);

describe('EUR conversion (property)', () => {
  it('UAH per study = EUR (rounded to cents) × rate, rounded half up to whole hryvnias', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 999_999 }),
        (milliEur, rateUnits) => {
          // A euro price typed with 3 decimals is first rounded to cents.
          const cents = halfUp(BigInt(milliEur), 10n);
          const hryvnias = halfUp(cents * BigInt(rateUnits), 1_000_000n);
          expect(uahPriceFromEur(Number(decimal(milliEur, 3)), Number(decimal(rateUnits, 4)))).toBe(
            Number(hryvnias) * 100,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('EUR per study from UAH = kopiykas / 100 / rate, rounded half up to cents', () => {
    fc.assert(
      fc.property(fc.oneof(anyPair, halfCentPair), ([kopiykas, rateUnits]) => {
        // kopiykas / 100 / (rateUnits / 10^4) euros = kopiykas × 10^4 / rateUnits cents.
        const cents = halfUp(BigInt(kopiykas) * 10_000n, BigInt(rateUnits));
        expect(Math.round(eurPriceFromUah(kopiykas, Number(decimal(rateUnits, 4))) * 100)).toBe(
          Number(cents),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
