import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedCents, memberUnitPriceCents, type PricedPart, unitPriceFor } from './pricing';
import { MAX_PRICE_CENTS } from './schemas/part-limits';

/** A brake disc cheaper from 12 and 48 units on. */
const disc: PricedPart = {
  priceCents: 5000,
  priceTiers: [
    { minQuantity: 12, unitPriceCents: 4890 },
    { minQuantity: 48, unitPriceCents: 4650 },
  ],
};

const cents = fc.integer({ min: 1, max: MAX_PRICE_CENTS });
const discount = fc.integer({ min: 0, max: 50 });
const quantity = fc.integer({ min: 1, max: 500 });
const part = fc.record({
  priceCents: cents,
  priceTiers: fc.array(fc.record({ minQuantity: fc.integer({ min: 2, max: 200 }), unitPriceCents: cents }), {
    maxLength: 3,
  }),
  dealPercent: fc.oneof(fc.constant(0), fc.integer({ min: 5, max: 70 })),
});
const contract = fc.option(cents, { nil: undefined });

describe('memberUnitPriceCents', () => {
  it('is the tier price less the company discount', () => {
    expect(memberUnitPriceCents(disc, 6, { discountPercent: 10 })).toBe(4500);
    // 12 units: the tier's $48.90 less 10 % ($4.89) is $44.01.
    expect(memberUnitPriceCents(disc, 12, { discountPercent: 10 })).toBe(4401);
  });

  it('takes the contract price when it is lower, the discounted tier price when that is', () => {
    expect(memberUnitPriceCents(disc, 6, { discountPercent: 10, contractPriceCents: 4200 })).toBe(4200);
    expect(memberUnitPriceCents(disc, 48, { discountPercent: 10, contractPriceCents: 4200 })).toBe(4185);
  });

  it('counts the flash deal before the company discount', () => {
    // $50.00 at 20 % off is $40.00, less 10 % is $36.00.
    expect(memberUnitPriceCents({ ...disc, dealPercent: 20 }, 6, { discountPercent: 10 })).toBe(3600);
  });

  it('is the list price without company pricing', () => {
    fc.assert(
      fc.property(part, quantity, (p, q) => {
        expect(memberUnitPriceCents(p, q, null)).toBe(unitPriceFor(p, q));
        expect(memberUnitPriceCents(p, q, undefined)).toBe(unitPriceFor(p, q));
        expect(memberUnitPriceCents(p, q, { discountPercent: 0 })).toBe(unitPriceFor(p, q));
      }),
    );
  });

  it('is never above the list price, nor below zero, and is a whole number of cents', () => {
    fc.assert(
      fc.property(part, quantity, discount, contract, (p, q, d, c) => {
        const yours = memberUnitPriceCents(p, q, { discountPercent: d, contractPriceCents: c });
        expect(Number.isSafeInteger(yours)).toBe(true);
        expect(yours).toBeGreaterThanOrEqual(0);
        expect(yours).toBeLessThanOrEqual(unitPriceFor(p, q));
      }),
    );
  });

  it('is the lower of the contract price and the discounted tier price', () => {
    fc.assert(
      fc.property(part, quantity, discount, contract, (p, q, d, c) => {
        const discounted = discountedCents(unitPriceFor(p, q), d);
        const yours = memberUnitPriceCents(p, q, { discountPercent: d, contractPriceCents: c });
        expect(yours).toBe(c === undefined ? discounted : Math.min(c, discounted));
      }),
    );
  });

  it('never rises when the discount grows or the contract price falls', () => {
    fc.assert(
      fc.property(part, quantity, discount, discount, cents, cents, (p, q, d1, d2, c1, c2) => {
        const [low, high] = d1 <= d2 ? [d1, d2] : [d2, d1];
        const [cheap, dear] = c1 <= c2 ? [c1, c2] : [c2, c1];
        expect(memberUnitPriceCents(p, q, { discountPercent: high, contractPriceCents: dear })).toBeLessThanOrEqual(
          memberUnitPriceCents(p, q, { discountPercent: low, contractPriceCents: dear }),
        );
        expect(memberUnitPriceCents(p, q, { discountPercent: low, contractPriceCents: cheap })).toBeLessThanOrEqual(
          memberUnitPriceCents(p, q, { discountPercent: low, contractPriceCents: dear }),
        );
      }),
    );
  });
});
