import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as copy from '../copy';
import type { PriceTier } from '../pricing';
import {
  MAX_CROSS_REFERENCES,
  MAX_PRICE_TIERS,
  crossReferencesSchema,
  packSizeSchema,
  partPricingProblems,
  type priceTierSchema,
  priceTiersSchema,
  refinePartPricing,
  skuSchema,
} from './catalogue';

const p = copy.pricing;

/** Every issue as path → message, the first per path, as a form shows them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('skuSchema', () => {
  it.each([
    ['GH-BRK-1042', 'GH-BRK-1042'],
    ['gh-brk-1042', 'GH-BRK-1042'],
    ['  Gh-Brk-1042 ', 'GH-BRK-1042'],
    ['A1B', 'A1B'],
    ['X'.repeat(32), 'X'.repeat(32)],
  ])('takes %j and stores %j', (text, stored) => {
    expect(skuSchema.parse(text)).toBe(stored);
  });

  it.each([['AB'], ['X'.repeat(33)], ['GH_BRK_1042'], ['GH BRK 1042'], ['GH.BRK'], ['-GH1'], ['GH1-'], ['---'], ['ÄBC']])(
    'refuses %j with the rule',
    (text) => {
      expect(messages(skuSchema.safeParse(text))).toEqual({ '': p.skuInvalid });
    },
  );

  it.each([[''], ['   '], [undefined], [1042]])('asks for a SKU when given %j', (value) => {
    expect(messages(skuSchema.safeParse(value))).toEqual({ '': p.skuRequired });
  });
});

describe('crossReferencesSchema', () => {
  const bosch = (number: string) => ({ brand: 'Bosch', number });

  it('takes brands and numbers as written, trimmed, with runs of spaces made one', () => {
    expect(
      crossReferencesSchema.parse([
        { brand: ' Volkswagen ', number: ' 1K0 698 151 ' },
        { brand: 'Mercedes  Benz', number: 'A 000  420 30 20' },
        bosch('0 986 494 525'),
        { brand: 'BMW', number: '34.11-6/761' },
        { brand: 'K&N', number: 'abc' },
      ]),
    ).toEqual([
      { brand: 'Volkswagen', number: '1K0 698 151' },
      { brand: 'Mercedes Benz', number: 'A 000 420 30 20' },
      bosch('0 986 494 525'),
      { brand: 'BMW', number: '34.11-6/761' },
      { brand: 'K&N', number: 'abc' },
    ]);
    expect(crossReferencesSchema.parse([])).toEqual([]);
  });

  it.each([['12'], ['X'.repeat(41)], ['1K0_698'], ['ÄB123'], ['/1K0'], ['1K0.'], ['   ']])(
    'refuses the number %j, naming its row',
    (number) => {
      expect(messages(crossReferencesSchema.safeParse([bosch('1K0 698 151'), bosch(number)]))).toEqual({
        '1.number': p.crossReferenceNumberInvalid(2),
      });
      expect(p.crossReferenceNumberInvalid(2)).toMatch(/^Cross-reference 2: /);
    },
  );

  it.each([[''], ['   '], ['B'.repeat(41)], [7]])('refuses the brand %j, naming its row', (brand) => {
    expect(messages(crossReferencesSchema.safeParse([bosch('1K0 698 151'), { brand, number: 'D1107' }]))).toEqual({
      '1.brand': p.crossReferenceBrandInvalid(2, 40),
    });
  });

  it('refuses a brand with the same number twice, whatever the case, spaces, dots or hyphens', () => {
    const references = [
      bosch('1K0 698 151'),
      { brand: 'Febi', number: '1K0 698 151' },
      { brand: 'BOSCH', number: '1k0-698.151' },
    ];
    expect(messages(crossReferencesSchema.safeParse(references))).toEqual({ '2.number': p.crossReferenceDuplicate(3, 1) });
    expect(p.crossReferenceDuplicate(3, 1)).toBe('Cross-reference 3: the same brand and number as cross-reference 1.');
  });

  it(`takes at most ${MAX_CROSS_REFERENCES}`, () => {
    const references = Array.from({ length: MAX_CROSS_REFERENCES + 1 }, (_, i) => bosch(`BX-${1000 + i}`));
    expect(crossReferencesSchema.safeParse(references.slice(0, MAX_CROSS_REFERENCES)).success).toBe(true);
    expect(messages(crossReferencesSchema.safeParse(references))).toEqual({ '': p.crossReferencesTooMany(MAX_CROSS_REFERENCES) });
  });

  it('refuses something that is not a list of brands and numbers', () => {
    expect(messages(crossReferencesSchema.safeParse('1K0 698 151'))).toEqual({ '': p.crossReferencesInvalid });
    expect(messages(crossReferencesSchema.safeParse(['1K0 698 151']))).toEqual({ '0': p.crossReferenceInvalid(1) });
    expect(messages(crossReferencesSchema.safeParse([{ brand: 'Bosch', number: 'D1107', note: 'x' }]))).toEqual({
      '0': expect.any(String),
    });
  });
});

describe('packSizeSchema', () => {
  it.each([1, 6, 1000])('takes %i', (size) => {
    expect(packSizeSchema.parse(size)).toBe(size);
  });

  it.each([0, -1, 1.5, '6', null, 1_000_001])('refuses %j', (size) => {
    expect(messages(packSizeSchema.safeParse(size))).toEqual({ '': p.packSizeInvalid });
  });
});

describe('priceTiersSchema', () => {
  const tiers = [
    { minQuantity: 12, unitPriceCents: 4890 },
    { minQuantity: 48, unitPriceCents: 4650 },
    { minQuantity: 96, unitPriceCents: 4400 },
  ];

  it('takes rows with rising quantities and falling prices', () => {
    expect(priceTiersSchema.parse(tiers)).toEqual(tiers);
    expect(priceTiersSchema.parse([])).toEqual([]);
  });

  it('says which row’s quantity does not rise, on that row’s quantity', () => {
    const result = priceTiersSchema.safeParse([tiers[0], { minQuantity: 12, unitPriceCents: 4650 }, tiers[2]]);
    expect(messages(result)).toEqual({ '1.minQuantity': p.tierQuantityNotAscending(2, 12) });
    expect(p.tierQuantityNotAscending(2, 12)).toBe("Tier 2: the quantity must be more than tier 1's (12).");
  });

  it('says which row’s price does not fall, on that row’s price', () => {
    const result = priceTiersSchema.safeParse([tiers[0], tiers[1], { minQuantity: 96, unitPriceCents: 4650 }]);
    expect(messages(result)).toEqual({ '2.unitPriceCents': p.tierPriceNotLower(3, '46.50') });
    expect(p.tierPriceNotLower(3, '46.50')).toBe("Tier 3: the price must be lower than tier 2's (46.50).");
  });

  it.each([0, -12, 12.5, '12', 1_000_001])('refuses the quantity %j, naming the row', (minQuantity) => {
    const result = priceTiersSchema.safeParse([tiers[0], tiers[1], { minQuantity, unitPriceCents: 4400 }]);
    expect(messages(result)).toEqual({ '2.minQuantity': p.tierQuantityInvalid(3) });
    expect(p.tierQuantityInvalid(3)).toMatch(/^Tier 3: /);
  });

  it.each([-1, 44.5, '4400', null, 100_000_001])('refuses the price %j, naming the row', (unitPriceCents) => {
    const result = priceTiersSchema.safeParse([tiers[0], { minQuantity: 48, unitPriceCents }]);
    expect(messages(result)).toEqual({ '1.unitPriceCents': p.tierPriceInvalid(2) });
  });

  it('does not compare a row with a broken neighbour', () => {
    const result = priceTiersSchema.safeParse([
      { minQuantity: 12, unitPriceCents: -5 },
      { minQuantity: 48, unitPriceCents: 4650 },
    ]);
    expect(messages(result)).toEqual({ '0.unitPriceCents': p.tierPriceInvalid(1) });
  });

  it(`takes at most ${MAX_PRICE_TIERS} rows`, () => {
    const rows = Array.from({ length: MAX_PRICE_TIERS + 1 }, (_, i) => ({ minQuantity: 20 + i, unitPriceCents: 5000 - i }));
    expect(priceTiersSchema.safeParse(rows.slice(0, MAX_PRICE_TIERS)).success).toBe(true);
    expect(messages(priceTiersSchema.safeParse(rows))).toEqual({ '': p.tiersTooMany(MAX_PRICE_TIERS) });
  });

  it('refuses a row with other fields, and something that is not a list', () => {
    expect(priceTiersSchema.safeParse([{ ...tiers[0], discount: 10 }]).success).toBe(false);
    expect(messages(priceTiersSchema.safeParse({ 12: 4890 }))).toEqual({ '': p.tiersInvalid });
  });

  it('describes the same rows as the pricing functions read', () => {
    expectTypeOf<z.infer<typeof priceTierSchema>>().toEqualTypeOf<PriceTier>();
  });
});

describe('refinePartPricing', () => {
  // How the next step uses it: the part's body with the tiers, refined as a whole.
  const partPricingSchema = z
    .object({
      priceCents: z.number().int(),
      minOrderQuantity: z.number().int().optional(),
      priceTiers: priceTiersSchema,
    })
    .superRefine(refinePartPricing);
  const part = {
    priceCents: 5000,
    minOrderQuantity: 6,
    priceTiers: [
      { minQuantity: 12, unitPriceCents: 4890 },
      { minQuantity: 48, unitPriceCents: 4650 },
    ],
  };

  it('takes tiers above the minimum order and below the part’s price', () => {
    expect(partPricingSchema.parse(part)).toEqual(part);
    expect(partPricingProblems(part)).toEqual([]);
    expect(partPricingProblems({ priceCents: 5000 })).toEqual([]);
  });

  it('refuses a tier at or below the minimum order, on that row', () => {
    const result = partPricingSchema.safeParse({ ...part, minOrderQuantity: 12 });
    expect(messages(result)).toEqual({ 'priceTiers.0.minQuantity': p.tierQuantityNotAboveMinimum(1, 12) });
    expect(p.tierQuantityNotAboveMinimum(1, 12)).toBe("Tier 1: the quantity must be more than the part's minimum order (12).");
  });

  it('reads a missing minimum order as the default of 12', () => {
    const { minOrderQuantity: _, ...withoutMinimum } = part;
    expect(messages(partPricingSchema.safeParse(withoutMinimum))).toEqual({
      'priceTiers.0.minQuantity': p.tierQuantityNotAboveMinimum(1, 12),
    });
  });

  it('refuses a tier price not below the part’s price, on each such row', () => {
    expect(messages(partPricingSchema.safeParse({ ...part, priceCents: 4890 }))).toEqual({
      'priceTiers.0.unitPriceCents': p.tierPriceNotBelowBase(1, '48.90'),
    });
    expect(partPricingProblems({ ...part, priceCents: 4000 })).toEqual([
      { path: ['priceTiers', 0, 'unitPriceCents'], message: p.tierPriceNotBelowBase(1, '40.00') },
      { path: ['priceTiers', 1, 'unitPriceCents'], message: p.tierPriceNotBelowBase(2, '40.00') },
    ]);
    expect(p.tierPriceNotBelowBase(1, '40.00')).toBe("Tier 1: the price must be lower than the part's own price (40.00).");
  });

  it('names the right row when the tiers sit inside a part body', () => {
    const result = partPricingSchema.safeParse({
      ...part,
      priceTiers: [part.priceTiers[0], { minQuantity: 48.5, unitPriceCents: 1 }],
    });
    expect(messages(result)).toEqual({ 'priceTiers.1.minQuantity': p.tierQuantityInvalid(2) });
  });
});
