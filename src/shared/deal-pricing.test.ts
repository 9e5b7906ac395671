import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealPercentAt, discountedCents, lineTotalCents, savingsCents, unitPriceFor } from './pricing';
import { MAX_DEAL_PERCENT, MIN_DEAL_PERCENT } from './schemas/content';
import { MAX_PRICE_CENTS } from './schemas/part-limits';

const cents = fc.integer({ min: 0, max: MAX_PRICE_CENTS });
const percent = fc.integer({ min: MIN_DEAL_PERCENT, max: MAX_DEAL_PERCENT });

describe('discountedCents: a price with the flash deal’s percentage off', () => {
  it.each([
    // [price, percent, deal price]
    [4000, 25, 3000],
    [4890, 25, 3667], // 1222.5 off: the half cent goes to the buyer
    [10, 25, 7], // 2.5 off rounds to 3
    [1, 50, 0], // 0.5 off rounds to 1
    [1, 49, 1], // 0.49 off rounds to 0
    [87_900, 10, 79_110],
    [999, 33, 669], // 329.67 off rounds to 330
    [0, 90, 0],
    [MAX_PRICE_CENTS, 90, 10_000_000],
  ])('%i cents at %i percent off is %i cents', (price, off, expected) => {
    expect(discountedCents(price, off)).toBe(expected);
  });

  it('takes nothing off without a deal', () => {
    expect(discountedCents(4890, 0)).toBe(4890);
  });

  it('is whole cents, never more than the price nor less than nothing, within half a cent of the exact price', () => {
    fc.assert(
      fc.property(cents, percent, (price, off) => {
        const deal = discountedCents(price, off);
        expect(Number.isSafeInteger(deal)).toBe(true);
        expect(deal).toBeGreaterThanOrEqual(0);
        expect(deal).toBeLessThanOrEqual(price);
        // Compared in hundredths of a cent, exactly: |100 × deal − price × (100 − off)| ≤ 50.
        expect(Math.abs(100 * deal - price * (100 - off))).toBeLessThanOrEqual(50);
        // A half cent exactly goes to the buyer.
        if ((price * off) % 100 === 50) expect(100 * deal).toBe(price * (100 - off) - 50);
      }),
    );
  });

  it('keeps the order of prices and of discounts: a dearer part never costs less, a bigger discount never more', () => {
    fc.assert(
      fc.property(cents, cents, percent, percent, (a, b, p, q) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(discountedCents(low, p)).toBeLessThanOrEqual(discountedCents(high, p));
        const [less, more] = p <= q ? [p, q] : [q, p];
        expect(discountedCents(a, more)).toBeLessThanOrEqual(discountedCents(a, less));
      }),
    );
  });
});

describe('unitPriceFor with the flash deal: the tier first, then the deal', () => {
  const pads = {
    priceCents: 4890,
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 4650 },
      { minQuantity: 96, unitPriceCents: 4400 },
    ],
  };

  it.each([
    [12, 0, 4890],
    [12, 25, 3667],
    [48, 25, 3487], // 4650 at 25% off: 1162.5 off, 1163
    [96, 25, 3300],
    [96, 0, 4400],
  ])('%i units at %i percent off cost %i cents a unit', (quantity, off, expected) => {
    expect(unitPriceFor({ ...pads, dealPercent: off }, quantity)).toBe(expected);
  });

  it('prices a line as its unit price times its quantity, and counts the deal in what it saves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), percent, (quantity, off) => {
        const part = { ...pads, dealPercent: off };
        const unit = unitPriceFor(part, quantity);
        expect(unit).toBe(discountedCents(unitPriceFor(pads, quantity), off));
        expect(lineTotalCents(part, quantity)).toBe(unit * quantity);
        expect(savingsCents(part, quantity)).toBe((pads.priceCents - unit) * quantity);
      }),
    );
  });
});

describe('dealPercentAt: the deal runs until its end, not a moment longer', () => {
  const deal = { percent: 25, endsAt: '2026-06-15T12:00:00.000Z' };
  const end = Date.parse(deal.endsAt);

  it.each([
    [end - 60_000, 25],
    [end - 1, 25],
    [end, 0],
    [end + 1000, 0],
  ])('at %i it takes %i percent off', (now, expected) => {
    expect(dealPercentAt(deal, now)).toBe(expected);
  });

  it('takes nothing off without a deal, or with an end that is not a date', () => {
    expect(dealPercentAt(null, end - 1)).toBe(0);
    expect(dealPercentAt(undefined, end - 1)).toBe(0);
    expect(dealPercentAt({ percent: 25, endsAt: 'soon' }, end - 1)).toBe(0);
  });
});
