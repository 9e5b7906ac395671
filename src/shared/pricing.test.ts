import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as copy from './copy';
import { formatMoney } from './money';
import {
  addingProblem,
  formatTiers,
  largestAllowedQuantity,
  lineTotalCents,
  partNumberKey,
  quantityProblem,
  savingsCents,
  smallestAllowedQuantity,
  tierFor,
  unitPriceFor,
  type PriceTier,
} from './pricing';
import { MAX_PRICE_TIERS, partPricingProblems, priceTiersSchema } from './schemas/catalogue';
import { MAX_PRICE_CENTS, MAX_STOCK } from './schemas/parts';

const v = copy.validation;

/** A brake disc sold in packs of 6, cheaper from 12, 48 and 96 units on. */
const disc = {
  priceCents: 5000,
  minOrderQuantity: 6,
  stock: 500,
  packSize: 6,
  priceTiers: [
    { minQuantity: 12, unitPriceCents: 4890 },
    { minQuantity: 48, unitPriceCents: 4650 },
    { minQuantity: 96, unitPriceCents: 4400 },
  ],
};

describe('unitPriceFor and tierFor', () => {
  it.each([
    [6, 5000],
    [11, 5000],
    [12, 4890],
    [47, 4890],
    [48, 4650],
    [95, 4650],
    [96, 4400],
    [500, 4400],
  ])('%i units cost %i cents each: the highest tier reached, else the part’s price', (quantity, cents) => {
    expect(unitPriceFor(disc, quantity)).toBe(cents);
  });

  it('names the tier a quantity reached, or none below the first', () => {
    expect(tierFor(disc, 11)).toBeUndefined();
    expect(tierFor(disc, 50)).toEqual({ minQuantity: 48, unitPriceCents: 4650 });
  });

  it('prices a part without tiers (as parts are today) at its own price', () => {
    const part = { priceCents: 1250 };
    expect(unitPriceFor(part, 1000)).toBe(1250);
    expect(tierFor(part, 1000)).toBeUndefined();
    expect(formatTiers(part)).toBe('');
  });

  it('takes the highest tier reached even when the rows are out of order', () => {
    const shuffled = { priceCents: 5000, priceTiers: [disc.priceTiers[2]!, disc.priceTiers[0]!, disc.priceTiers[1]!] };
    expect(unitPriceFor(shuffled, 100)).toBe(4400);
    expect(unitPriceFor(shuffled, 50)).toBe(4650);
  });
});

describe('lineTotalCents and savingsCents', () => {
  it('totals a line at the tier’s unit price and says what it saves', () => {
    expect(lineTotalCents(disc, 48)).toBe(4650 * 48);
    expect(savingsCents(disc, 48)).toBe((5000 - 4650) * 48);
    expect(copy.pricing.youSave(formatMoney(savingsCents(disc, 48)))).toBe('You save $168.00');
  });

  it('saves nothing below the first tier', () => {
    expect(lineTotalCents(disc, 6)).toBe(30000);
    expect(savingsCents(disc, 6)).toBe(0);
  });
});

describe('formatTiers', () => {
  it('writes the tiers as one line with the shop’s money format', () => {
    expect(formatTiers(disc)).toBe('12+ $48.90 · 48+ $46.50 · 96+ $44.00');
  });

  it('writes thousands of dollars as formatMoney does', () => {
    expect(formatTiers({ priceCents: 200_000, priceTiers: [{ minQuantity: 20, unitPriceCents: 123_450 }] })).toBe(
      '20+ $1,234.50',
    );
  });
});

describe('quantityProblem', () => {
  it.each([
    [12, null],
    [498, null],
    [5, v.quantityTooLow(6)],
    [0, v.quantityTooLow(6)],
    [-6, v.quantityTooLow(6)],
    [504, copy.pricing.overStock(500, 498, 6)],
    [13, 'Order in packs of 6'],
    [12.5, v.quantityWhole],
    [Number.NaN, v.quantityWhole],
  ])('%d units of the disc: %s', (quantity, message) => {
    expect(quantityProblem(disc, quantity)).toBe(message);
  });

  it('says the first broken rule: the minimum before the packs, the stock before the packs', () => {
    expect(quantityProblem(disc, 5)).toBe(v.quantityTooLow(6));
    expect(quantityProblem(disc, 501)).toBe(copy.pricing.overStock(500, 498, 6));
  });

  it('sells a part without a pack size by the unit, as parts are today', () => {
    const part = { minOrderQuantity: 12, stock: 100 };
    expect(quantityProblem(part, 13)).toBeNull();
    expect(quantityProblem(part, 11)).toBe("You can't booking less then 12 parts quantity");
    expect(quantityProblem(part, 101)).toBe("You can't booking more then Available quantity. Only 100 left.");
  });

  it('says how many are left, and the most that whole packs of them make', () => {
    expect(quantityProblem({ minOrderQuantity: 1, stock: 6 }, 48)).toBe(
      "You can't booking more then Available quantity. Only 6 left.",
    );
    expect(quantityProblem({ minOrderQuantity: 12, stock: 30, packSize: 12 }, 36)).toBe(
      "You can't booking more then Available quantity. Only 30 left: order at most 24, in packs of 12.",
    );
    // 30 left in packs of 12: 30 itself is refused for its packs, not for the stock.
    expect(quantityProblem({ minOrderQuantity: 12, stock: 30, packSize: 12 }, 30)).toBe(copy.pricing.packsOf(12));
  });

  it('says a part cannot be ordered at all while what is left is less than its smallest quantity, whatever is asked', () => {
    const few = { minOrderQuantity: 6, stock: 4 };
    for (const quantity of [1, 4, 6, 48]) {
      expect(quantityProblem(few, quantity)).toBe(
        'Only 4 left, fewer than the minimum order of 6: this part cannot be ordered until it is restocked.',
      );
    }
    // A minimum of 12 in packs of 24: 20 left is not one pack.
    expect(quantityProblem({ minOrderQuantity: 12, stock: 20, packSize: 24 }, 24)).toBe(copy.pricing.cannotOrderNow(20, 24));
    expect(quantityProblem({ minOrderQuantity: 12, stock: 0 }, 12)).toBe(
      'None left: this part cannot be ordered until it is restocked.',
    );
    expect(largestAllowedQuantity({ minOrderQuantity: 6, stock: 4 })).toBe(0);
    expect(largestAllowedQuantity({ minOrderQuantity: 12, stock: 30, packSize: 12 })).toBe(24);
  });
});

describe('addingProblem', () => {
  const part = { minOrderQuantity: 12, stock: 30 };

  it('is the quantity rule of what the cart line would hold', () => {
    expect(addingProblem(part, 12, 0)).toBe(quantityProblem(part, 12));
    expect(addingProblem(part, 6, 24)).toBeNull();
    expect(addingProblem(part, 48, 0)).toBe(copy.pricing.overStock(30));
  });

  it('says how many can still be added over what the cart holds, and another rule with what it holds', () => {
    expect(addingProblem(part, 12, 24)).toBe(
      "You can't booking more then Available quantity. Only 30 left, and your cart already holds 24: add at most 6.",
    );
    expect(addingProblem(part, 1, 30)).toBe(copy.pricing.overStockWithCart(30, 30, 0));
    expect(copy.pricing.overStockWithCart(30, 30, 0)).toContain('no more can be added');
    const packs = { minOrderQuantity: 12, stock: 100, packSize: 12 };
    expect(addingProblem(packs, 6, 12)).toBe(copy.cartView.notAdded(12, copy.pricing.packsOf(12)));
  });

  it('names the pack size in the message', () => {
    expect(quantityProblem({ minOrderQuantity: 1, stock: 100, packSize: 4 }, 6)).toBe(copy.pricing.packsOf(4));
    expect(copy.pricing.packsOf(4)).toBe('Order in packs of 4');
  });
});

describe('smallestAllowedQuantity', () => {
  it('is the minimum order rounded up to whole packs', () => {
    expect(smallestAllowedQuantity({ minOrderQuantity: 12, stock: 0, packSize: 5 })).toBe(15);
    expect(smallestAllowedQuantity({ minOrderQuantity: 12, stock: 0, packSize: 6 })).toBe(12);
    expect(smallestAllowedQuantity({ minOrderQuantity: 12, stock: 0 })).toBe(12);
    expect(quantityProblem({ minOrderQuantity: 12, stock: 100, packSize: 5 }, 15)).toBeNull();
  });
});

describe('partNumberKey', () => {
  it.each(['GH-BRK-1042', 'gh brk 1042', 'GH.BRK.1042', 'ghbrk1042', ' Gh - Brk . 1042 ', 'GH–BRK–1042'])(
    '%j finds GH-BRK-1042',
    (text) => {
      expect(partNumberKey(text)).toBe('GHBRK1042');
      expect(partNumberKey(text)).toBe(partNumberKey('GH-BRK-1042'));
    },
  );

  it('keeps what tells part numbers apart: letters, digits and slashes', () => {
    expect(partNumberKey('GH-BRK-1043')).not.toBe(partNumberKey('GH-BRK-1042'));
    expect(partNumberKey('1K0/615')).toBe('1K0/615');
  });
});

// Property tests: the rules hold for every valid part, not only the examples above.

/** A part with valid tiers: each quantity above the one before (the first above the minimum order), each price below. */
const validPricedPart = fc
  .record({
    minOrderQuantity: fc.integer({ min: 1, max: 500 }),
    steps: fc.array(fc.record({ more: fc.integer({ min: 1, max: 1000 }), cheaper: fc.integer({ min: 1, max: 10_000 }) }), {
      maxLength: MAX_PRICE_TIERS,
    }),
    spare: fc.integer({ min: 0, max: MAX_PRICE_CENTS - MAX_PRICE_TIERS * 10_000 }),
  })
  .map(({ minOrderQuantity, steps, spare }) => {
    const priceCents = spare + steps.reduce((sum, step) => sum + step.cheaper, 0);
    let minQuantity = minOrderQuantity;
    let unitPriceCents = priceCents;
    const priceTiers: PriceTier[] = steps.map((step) => {
      minQuantity += step.more;
      unitPriceCents -= step.cheaper;
      return { minQuantity, unitPriceCents };
    });
    return { priceCents, minOrderQuantity, priceTiers };
  });

/** That part with a pack size and stock, and two quantities q1 < q2 that a line may have. */
const partWithAllowedQuantities = fc
  .record({
    part: validPricedPart,
    packSize: fc.integer({ min: 1, max: 50 }),
    packsAboveSmallest: fc.integer({ min: 0, max: 300 }),
    packsBetween: fc.integer({ min: 1, max: 300 }),
    spareStock: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ part, packSize, packsAboveSmallest, packsBetween, spareStock }) => {
    const q1 = smallestAllowedQuantity({ ...part, stock: 0, packSize }) + packsAboveSmallest * packSize;
    const q2 = q1 + packsBetween * packSize;
    return { part: { ...part, packSize, stock: q2 + spareStock }, q1, q2 };
  });

const quantity = fc.integer({ min: 1, max: MAX_STOCK });

describe('pricing properties', () => {
  it('buying more never costs more a unit, for any valid tiers and allowed quantities q1 < q2', () => {
    fc.assert(
      fc.property(partWithAllowedQuantities, ({ part, q1, q2 }) => {
        expect(quantityProblem(part, q1)).toBeNull();
        expect(quantityProblem(part, q2)).toBeNull();
        expect(unitPriceFor(part, q2)).toBeLessThanOrEqual(unitPriceFor(part, q1));
      }),
    );
  });

  it('buying more never costs more a unit, for any quantities at all', () => {
    fc.assert(
      fc.property(validPricedPart, quantity, quantity, (part, a, b) => {
        const [q1, q2] = a < b ? [a, b] : [b, a];
        expect(unitPriceFor(part, q2)).toBeLessThanOrEqual(unitPriceFor(part, q1));
      }),
    );
  });

  it('a line total is exactly unit price × quantity, in whole cents', () => {
    fc.assert(
      fc.property(validPricedPart, quantity, (part, q) => {
        const total = lineTotalCents(part, q);
        expect(total).toBe(unitPriceFor(part, q) * q);
        expect(Number.isSafeInteger(total)).toBe(true);
      }),
    );
  });

  it('savings are never negative, and are what the line would cost at the part’s own price less its total', () => {
    fc.assert(
      fc.property(validPricedPart, quantity, (part, q) => {
        expect(savingsCents(part, q)).toBeGreaterThanOrEqual(0);
        expect(savingsCents(part, q)).toBe(part.priceCents * q - lineTotalCents(part, q));
      }),
    );
  });

  it('any valid tiers survive a JSON round trip through the schema unchanged, and fit their part', () => {
    fc.assert(
      fc.property(validPricedPart, (part) => {
        expect(priceTiersSchema.parse(JSON.parse(JSON.stringify(part.priceTiers)))).toEqual(part.priceTiers);
        expect(partPricingProblems(part)).toEqual([]);
      }),
    );
  });

  it('any tiers the schema and the part rules accept price more units no higher a unit', () => {
    // Small ranges, so that random rows are often valid; the rest are skipped.
    const row = fc.record({ minQuantity: fc.integer({ min: 1, max: 40 }), unitPriceCents: fc.integer({ min: 0, max: 40 }) });
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 4 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 5 }),
        quantity,
        quantity,
        (priceTiers, priceCents, minOrderQuantity, a, b) => {
          const part = { priceCents, minOrderQuantity, priceTiers };
          if (!priceTiersSchema.safeParse(priceTiers).success || partPricingProblems(part).length > 0) return;
          accepted++;
          const [q1, q2] = a < b ? [a % 60, b % 60] : [b % 60, a % 60];
          if (q1 < q2) expect(unitPriceFor(part, q2)).toBeLessThanOrEqual(unitPriceFor(part, q1));
          expect(savingsCents(part, a)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(10);
  });

  it('the price line and the unit price agree on every tier boundary', () => {
    // The browser shows formatTiers and the server charges unitPriceFor: one module, so they can only
    // disagree if the two functions do. At each boundary the line's price is charged, just below it not.
    fc.assert(
      fc.property(validPricedPart, (part) => {
        const entries = formatTiers(part) === '' ? [] : formatTiers(part).split(copy.pricing.tierSeparator);
        expect(entries).toHaveLength(part.priceTiers.length);
        entries.forEach((entry, index) => {
          const [, from, price] = /^(\d+)\+ (\$[\d,]+\.\d\d)$/.exec(entry) ?? [];
          const boundary = Number(from);
          expect(boundary).toBe(part.priceTiers[index]!.minQuantity);
          expect(formatMoney(unitPriceFor(part, boundary))).toBe(price);
          expect(formatMoney(unitPriceFor(part, boundary - 1))).not.toBe(price);
          expect(unitPriceFor(part, boundary - 1)).toBeGreaterThan(unitPriceFor(part, boundary));
        });
      }),
    );
  });

  it.each([
    ['printable ASCII', fc.string()],
    ['any graphemes', fc.string({ unit: 'grapheme', maxLength: 20 })],
    ['any code points', fc.string({ unit: 'binary', maxLength: 20 })],
  ])('partNumberKey is idempotent, on %s', (_, text) => {
    fc.assert(
      fc.property(text, (t) => {
        expect(partNumberKey(partNumberKey(t))).toBe(partNumberKey(t));
      }),
    );
  });

  it('partNumberKey ignores case, spaces, dots and hyphens', () => {
    const piece = fc.stringMatching(/^[A-Za-z0-9/]{1,5}$/);
    const separator = fc.constantFrom('', ' ', '.', '-', '  ', ' - ', '.-', '\t');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(piece, separator, fc.boolean()), { minLength: 1, maxLength: 6 }),
        separator,
        (pieces, lead) => {
          const plain = pieces.map(([text]) => text).join('');
          const written =
            lead + pieces.map(([text, after, upper]) => (upper ? text.toUpperCase() : text.toLowerCase()) + after).join('');
          expect(partNumberKey(written)).toBe(partNumberKey(plain));
          expect(partNumberKey(written)).toBe(plain.toUpperCase());
        },
      ),
    );
  });
});
