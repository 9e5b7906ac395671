import { describe, expect, it } from 'vitest';
import * as copy from '../copy';
import { contactInputSchema, newsletterInputSchema } from './content';
import { listPartsQuerySchema, MAX_STOCK, partFormPricingSchema, partFormSchema, partInputSchema, toPartInput } from './parts';
import { centsToPriceText } from '../money';
import { MAX_CORE_CHARGE_CENTS } from './part-limits';
import { reviewInputSchema } from './reviews';

const v = copy.validation;

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // The first message per field, as the form and the server show it.
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('part form', () => {
  const valid = {
    name: 'Brake pads',
    price: '12.50',
    quantity: '100',
    description: 'Quiet',
    sku: ' gh-brk-1042 ',
    categoryId: 'category-1',
    crossReferences: [
      { brand: ' Volkswagen ', number: '1K0  698 151 A' },
      { brand: 'Akebono', number: ' D1107 ' },
    ],
    minOrderQuantity: ' 8 ',
    packSize: '4',
    coreCharge: '',
    lowStockThreshold: ' 60 ',
    priceTiers: [
      { minQuantity: '48', unitPrice: '11.90' },
      { minQuantity: '96', unitPrice: '11.00' },
    ],
  };

  it('turns a valid form into the API body in cents', () => {
    const form = partFormSchema.parse(valid);
    expect(toPartInput(form, '/uploads/x.webp')).toEqual({
      name: 'Brake pads',
      description: 'Quiet',
      priceCents: 1250,
      stock: 100,
      imageUrl: '/uploads/x.webp',
      sku: 'GH-BRK-1042',
      categoryId: 'category-1',
      crossReferences: [
        { brand: 'Volkswagen', number: '1K0 698 151 A' },
        { brand: 'Akebono', number: 'D1107' },
      ],
      minOrderQuantity: 8,
      packSize: 4,
      coreChargeCents: 0,
      lowStockThreshold: 60,
      priceTiers: [
        { minQuantity: 48, unitPriceCents: 1190 },
        { minQuantity: 96, unitPriceCents: 1100 },
      ],
    });
  });

  it('says what is missing with the spec messages', () => {
    expect(
      messages(
        partFormSchema.safeParse({ ...valid, name: '', price: '', quantity: '', description: ' ', sku: '', categoryId: '' }),
      ),
    ).toEqual({
      name: v.nameRequired,
      price: v.priceRequired,
      quantity: v.quantityRequiredPart,
      description: v.descriptionRequired,
      sku: copy.pricing.skuRequired,
      categoryId: copy.categories.required,
    });
  });

  it('sends a core deposit in cents, and refuses one below 0, with a third decimal or over its most', () => {
    expect(toPartInput(partFormSchema.parse({ ...valid, coreCharge: ' 45.00 ' }), '/uploads/x.webp').coreChargeCents).toBe(4500);
    const invalid = copy.pricing.coreChargeInvalid(centsToPriceText(MAX_CORE_CHARGE_CENTS));
    for (const coreCharge of ['-1', '1.234', 'ten', centsToPriceText(MAX_CORE_CHARGE_CENTS + 1)]) {
      expect(messages(partFormSchema.safeParse({ ...valid, coreCharge })), coreCharge).toEqual({ coreCharge: invalid });
    }
  });

  it.each(['012', '-1', '1.234', 'ten', '1000000.01'])('refuses the price %j', (price) => {
    expect(messages(partFormSchema.safeParse({ ...valid, price, priceTiers: [] }))).toEqual({ price: v.priceInvalid });
  });

  it.each(['1.5', '-3', '007', 'many', '1000001'])('refuses the quantity %j', (quantity) => {
    expect(messages(partFormSchema.safeParse({ ...valid, quantity }))).toEqual({ quantity: v.quantityInvalidPart });
  });

  it.each(['1.5', '-1', '012', 'low', '1000001'])('refuses the low-stock threshold %j', (lowStockThreshold) => {
    expect(messages(partFormSchema.safeParse({ ...valid, lowStockThreshold }))).toEqual({
      lowStockThreshold: copy.pricing.lowStockThresholdInvalid,
    });
  });

  it('sends an empty low-stock threshold as null (twice the minimum order), and 0 as 0', () => {
    expect(
      toPartInput(partFormSchema.parse({ ...valid, lowStockThreshold: '  ' }), '/uploads/x.webp').lowStockThreshold,
    ).toBeNull();
    expect(toPartInput(partFormSchema.parse({ ...valid, lowStockThreshold: '0' }), '/uploads/x.webp').lowStockThreshold).toBe(0);
  });

  it.each(['', '0', '-1', '1.5', '007', 'one', '1000001'])('refuses the minimum order "%s"', (minOrderQuantity) => {
    expect(messages(partFormSchema.safeParse({ ...valid, minOrderQuantity }))).toEqual({
      minOrderQuantity: copy.pricing.minOrderQuantityInvalid(MAX_STOCK),
    });
  });

  it('takes a minimum order of 1, and checks the tiers against the minimum typed, not the default 12', () => {
    const single = { ...valid, minOrderQuantity: '1', priceTiers: [{ minQuantity: '2', unitPrice: '11.90' }] };
    expect(toPartInput(partFormSchema.parse(single), '/uploads/x.webp').minOrderQuantity).toBe(1);
    expect(messages(partFormPricingSchema().safeParse(single))).toEqual({});
    expect(messages(partFormPricingSchema().safeParse({ ...single, minOrderQuantity: '2' }))).toEqual({
      'priceTiers.0.minQuantity': copy.pricing.tierQuantityNotAboveMinimum(1, 2),
    });
    // A minimum not yet a number says so on its own field; the tiers are not measured against it.
    expect(messages(partFormPricingSchema().safeParse({ ...single, minOrderQuantity: 'x' }))).toEqual({});
  });
});

describe('part API body', () => {
  const valid = {
    name: 'Pads',
    description: 'Quiet',
    priceCents: 1250,
    stock: 10,
    imageUrl: '/uploads/x.webp',
    sku: 'GH-BRK-1042',
    categoryId: 'category-1',
  };

  it('accepts a valid body and ignores nothing silently', () => {
    expect(partInputSchema.parse(valid)).toEqual(valid);
  });

  it('takes a minimum order from 1 to the most stock a part holds, else says so', () => {
    expect(partInputSchema.parse({ ...valid, minOrderQuantity: 1 }).minOrderQuantity).toBe(1);
    expect(partInputSchema.parse(valid).minOrderQuantity).toBeUndefined();
    for (const minOrderQuantity of [0, 2.5, -3, MAX_STOCK + 1, '12']) {
      expect(messages(partInputSchema.safeParse({ ...valid, minOrderQuantity })), String(minOrderQuantity)).toEqual({
        minOrderQuantity: copy.pricing.minOrderQuantityInvalid(MAX_STOCK),
      });
    }
    // Tiers start above the part's own minimum, not the default one.
    const tiers = { priceTiers: [{ minQuantity: 2, unitPriceCents: 1200 }] };
    expect(partInputSchema.safeParse({ ...valid, ...tiers, minOrderQuantity: 1 }).success).toBe(true);
    expect(messages(partInputSchema.safeParse({ ...valid, ...tiers }))).toEqual({
      'priceTiers.0.minQuantity': copy.pricing.tierQuantityNotAboveMinimum(1, 12),
    });
  });

  it.each([
    [{ priceCents: -1 }, 'priceCents', v.priceInvalid],
    [{ priceCents: 12.5 }, 'priceCents', v.priceInvalid],
    [{ priceCents: '1250' }, 'priceCents', v.priceRequired],
    [{ stock: 1.5 }, 'stock', v.quantityInvalidPart],
    [{ stock: -2 }, 'stock', v.quantityInvalidPart],
    [{ imageUrl: '' }, 'imageUrl', v.imageRequired],
  ])('refuses %j under %s', (change, field, message) => {
    expect(messages(partInputSchema.safeParse({ ...valid, ...change }))).toEqual({ [field]: message });
  });
});

describe('parts list query', () => {
  it('fills defaults and coerces numbers; the order is left to the list (relevance for a search, else newest)', () => {
    expect(listPartsQuerySchema.parse({})).toEqual({ inStock: false, deal: false, page: 1, limit: 12 });
    expect(
      listPartsQuerySchema.parse({ page: '3', limit: '6', q: ' brake ', inStock: 'true', year: '2015', deal: 'true' }),
    ).toEqual({
      inStock: true,
      deal: true,
      page: 3,
      limit: 6,
      q: 'brake',
      year: 2015,
    });
  });

  it('cuts a long search instead of refusing it, and takes a blank one as none', () => {
    expect(listPartsQuerySchema.parse({ q: `  ${'x'.repeat(150)}` }).q).toBe('x'.repeat(100));
    expect(listPartsQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('refuses a year outside 1950 to next year, with the message', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const year of ['1949', String(nextYear + 1), 'abc']) {
      const result = listPartsQuerySchema.safeParse({ year });
      expect(result.success, year).toBe(false);
    }
    expect(listPartsQuerySchema.parse({ year: String(nextYear) }).year).toBe(nextYear);
  });
});

describe('review input', () => {
  const valid = { name: 'Ana', rating: 4, text: 'Great', imageUrl: '/uploads/a.webp' };
  it.each([
    [{ rating: 6 }, v.rettingInvalid],
    [{ rating: -1 }, v.rettingInvalid],
    [{ rating: 2.5 }, v.rettingInvalid],
    [{ rating: undefined }, v.rettingRequired],
  ])('refuses %j', (change, message) => {
    expect(messages(reviewInputSchema.safeParse({ ...valid, ...change }))).toEqual({ rating: message });
  });
  it('accepts 0 to 5', () => {
    for (const rating of [0, 1, 2, 3, 4, 5]) expect(reviewInputSchema.safeParse({ ...valid, rating }).success).toBe(true);
  });
});

describe('email', () => {
  it.each(['a@b.info', 'first.last@mail.garage.example', 'x+tag@example.co.uk'])('accepts %s', (email) => {
    expect(newsletterInputSchema.safeParse({ email }).success).toBe(true);
  });
  it.each(['plain', 'a@b', '@example.com', 'a b@example.com'])('refuses %s', (email) => {
    expect(messages(newsletterInputSchema.safeParse({ email }))).toEqual({ email: v.emailInvalid });
  });
  it('trims before checking', () => {
    expect(contactInputSchema.parse({ email: ' a@b.co ', subject: ' Hi ', message: ' Text ' })).toEqual({
      email: 'a@b.co',
      subject: 'Hi',
      message: 'Text',
    });
  });
});
