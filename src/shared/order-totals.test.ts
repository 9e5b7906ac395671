import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BuyerTaxStatus,
  type DeliveryAddress,
  type DeliverySettings,
  expectedDelivery,
  type PricingLine,
  type PricingSettings,
  priceOrder,
  taxCents,
  type TaxRate,
  withCoreDeposits,
} from './order-totals';

const settings = (overrides: Partial<PricingSettings> = {}): PricingSettings => ({
  sellerCountry: 'DE',
  sellerVatId: 'DE136695976',
  taxRates: [
    { country: 'DE', name: 'VAT', ratePercent: 19 },
    { country: 'FR', name: 'VAT', ratePercent: 20 },
  ],
  deliveryFeeCents: 990,
  freeDeliveryThresholdCents: 10_000,
  ...overrides,
});

const line = (unitPriceCents: number, quantity = 1, countsTowardFreeDelivery?: boolean): PricingLine => ({
  unitPriceCents,
  quantity,
  ...(countsTowardFreeDelivery === undefined ? {} : { countsTowardFreeDelivery }),
});

const price = (
  lines: PricingLine[],
  deliveryAddress: DeliveryAddress = { country: 'DE' },
  buyer: BuyerTaxStatus = {},
  shop: PricingSettings = settings(),
) => priceOrder({ lines, deliveryAddress, buyer, settings: shop });

describe('priceOrder: goods, delivery and tax', () => {
  it('charges German VAT on goods and delivery below the free-delivery threshold', () => {
    expect(price([line(4890, 1), line(1250, 2)])).toEqual({
      goodsCents: 7390,
      deliveryCents: 990,
      taxes: [{ name: 'VAT', ratePercent: 19, baseCents: 8380, amountCents: 1592 }], // 1592.2
      totalCents: 9972,
    });
  });

  it('delivers free at the threshold exactly, and charges the fee a cent below it', () => {
    expect(price([line(5000, 2)]).deliveryCents).toBe(0);
    expect(price([line(9999)]).deliveryCents).toBe(990);
    expect(price([line(9999)]).taxes[0]?.baseCents).toBe(9999 + 990);
  });

  it('taxes a core deposit with its part but does not count it toward free delivery', () => {
    const order = price([line(9000), line(2500, 1, false)]);
    expect(order.goodsCents).toBe(11_500);
    expect(order.deliveryCents).toBe(990);
    expect(order.taxes).toEqual([{ name: 'VAT', ratePercent: 19, baseCents: 12_490, amountCents: 2373 }]); // 2373.1
    expect(order.totalCents).toBe(11_500 + 990 + 2373);
  });

  it('charges no delivery when nothing is delivered', () => {
    expect(price([])).toEqual({
      goodsCents: 0,
      deliveryCents: 0,
      taxes: [{ name: 'VAT', ratePercent: 19, baseCents: 0, amountCents: 0 }],
      totalCents: 0,
    });
  });

  it('rounds tax once per rate on the total, never line by line', () => {
    // Three lines of $0.50 at 19%: 9.5 cents each, which rounded line by line would make 30 cents.
    const lines = [line(50), line(50), line(50)];
    const perLine = lines.reduce((sum, each) => sum + taxCents(each.unitPriceCents, 19_000), 0);
    const order = price(lines, { country: 'DE' }, {}, settings({ freeDeliveryThresholdCents: 0 }));
    expect(perLine).toBe(30);
    expect(order.taxes[0]?.amountCents).toBe(29); // 28.5 rounded half-up
    expect(order.totalCents).toBe(179);
  });

  it('computes rates with decimals exactly, rounding half a cent up', () => {
    const shop = settings({
      taxRates: [{ country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 }],
      sellerCountry: 'US',
    });
    expect(price([line(10_000)], { country: 'US', region: 'NY' }, {}, shop).taxes[0]?.amountCents).toBe(888); // 887.5
    expect(price([line(9_000)], { country: 'US', region: 'NY' }, {}, shop).taxes[0]?.amountCents).toBe(887); // 886.4375
    expect(taxCents(1, 50_000)).toBe(1); // half a cent goes up
    expect(taxCents(1, 49_999)).toBe(0);
    expect(taxCents(100, 7_125)).toBe(7); // 7.125
  });

  it('refuses a rate outside 0 to 30 percent or with more than 3 decimals, naming it', () => {
    const shop = (ratePercent: number) => settings({ taxRates: [{ country: 'DE', name: 'VAT', ratePercent }] });
    expect(() => price([line(100)], { country: 'DE' }, {}, shop(30.5))).toThrow(
      'Tax rate VAT for DE must be a percentage from 0 to 30',
    );
    expect(() => price([line(100)], { country: 'DE' }, {}, shop(-1))).toThrow(RangeError);
    expect(() => price([line(100)], { country: 'DE' }, {}, shop(8.8755))).toThrow('not 8.8755');
    expect(price([line(100)], { country: 'DE' }, {}, shop(0)).taxes[0]?.amountCents).toBe(0);
    expect(price([line(100)], { country: 'DE' }, {}, shop(30)).taxes[0]?.amountCents).toBe(30 + 297); // on $9.90 delivery too
  });

  it('refuses prices and quantities that are not whole numbers, 0 or more', () => {
    expect(() => price([line(12.5)])).toThrow('A unit price is a whole number of cents');
    expect(() => price([line(100, -1)])).toThrow('A quantity is a whole number');
  });

  it('prices very large orders to the cent, and refuses one too large for that', () => {
    const shop = settings({ sellerCountry: 'US', taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 29.999 }] });
    const order = price([line(1_000_000_000, 9_000)], { country: 'US' }, {}, shop);
    const exactTax = (9_000_000_000_000n * 29_999n * 2n + 100_000n) / 200_000n;
    expect(order.taxes[0]?.amountCents).toBe(Number(exactTax));
    expect(BigInt(order.totalCents)).toBe(9_000_000_000_000n + exactTax);
    expect(() => price([line(1_000_000_000, 10_000_000)])).toThrow('too large');
  });
});

describe('priceOrder: which rates apply', () => {
  const table: TaxRate[] = [
    { country: 'CA', name: 'GST', ratePercent: 5 },
    { country: 'CA', region: 'BC', name: 'PST', ratePercent: 7 },
    { country: 'US', name: 'Sales tax', ratePercent: 4 },
    { country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 },
  ];
  const shop = settings({ sellerCountry: 'US', taxRates: table });

  it("charges the country's and the region's rates side by side, each on the same base", () => {
    expect(price([line(10_000)], { country: 'CA', region: 'BC' }, {}, shop).taxes).toEqual([
      { name: 'GST', ratePercent: 5, baseCents: 10_000, amountCents: 500 },
      { name: 'PST', ratePercent: 7, baseCents: 10_000, amountCents: 700 },
    ]);
    expect(price([line(10_000)], { country: 'CA', region: 'ON' }, {}, shop).taxes.map((tax) => tax.name)).toEqual(['GST']);
  });

  it("lets a region's row replace the country's row of the same name", () => {
    expect(price([line(10_000)], { country: 'US', region: 'NY' }, {}, shop).taxes).toEqual([
      { name: 'Sales tax', ratePercent: 8.875, baseCents: 10_000, amountCents: 888 },
    ]);
    expect(price([line(10_000)], { country: 'US', region: 'NJ' }, {}, shop).taxes[0]?.ratePercent).toBe(4);
  });

  it('charges no tax where the table has no row', () => {
    expect(price([line(10_000)], { country: 'CH' }, {}, shop)).toEqual({
      goodsCents: 10_000,
      deliveryCents: 0,
      taxes: [],
      totalCents: 10_000,
    });
  });
});

describe('priceOrder: exemption and reverse charge', () => {
  it('charges a tax-exempt buyer no tax and says why', () => {
    const order = price([line(5000)], { country: 'DE' }, { taxExempt: true, taxExemptReason: 'resale certificate 12-345' });
    expect(order).toEqual({
      goodsCents: 5000,
      deliveryCents: 990,
      taxes: [],
      totalCents: 5990,
      exemption: { kind: 'exempt', reason: 'resale certificate 12-345' },
    });
  });

  it('reverse-charges a company in another EU country with a well-formed VAT ID, carrying both IDs', () => {
    const order = price([line(20_000)], { country: 'FR' }, { vatId: 'FR40303265045', country: 'FR' });
    expect(order.taxes).toEqual([]);
    expect(order.totalCents).toBe(20_000);
    expect(order.exemption).toEqual({ kind: 'reverse_charge', buyerVatId: 'FR40303265045', sellerVatId: 'DE136695976' });
  });

  it('charges the destination VAT when the VAT ID is malformed or its check fails', () => {
    for (const vatId of ['FR4030326504', 'FR41303265045', 'DE136695976']) {
      const order = price([line(20_000)], { country: 'FR' }, { vatId, country: 'FR' });
      expect(order.exemption, vatId).toBeUndefined();
      expect(order.taxes, vatId).toEqual([{ name: 'VAT', ratePercent: 20, baseCents: 20_000, amountCents: 4000 }]);
    }
  });

  it('charges VAT within one country, and outside the EU reverse-charges nothing', () => {
    expect(price([line(20_000)], { country: 'DE' }, { vatId: 'DE812847601', country: 'DE' }).exemption).toBeUndefined();
    // A French company having goods delivered in Germany: the goods do not cross a border.
    expect(price([line(20_000)], { country: 'DE' }, { vatId: 'FR40303265045', country: 'FR' }).taxes).toHaveLength(1);
    const usSeller = settings({ sellerCountry: 'US', sellerVatId: '38-1234567' });
    const fromUs = price([line(20_000)], { country: 'FR' }, { vatId: 'FR40303265045', country: 'FR' }, usSeller);
    expect(fromUs.exemption).toBeUndefined();
    expect(fromUs.taxes[0]?.amountCents).toBe(4000);
  });

  it('reverse-charges nothing when the shop has no VAT ID to print', () => {
    const order = price([line(20_000)], { country: 'FR' }, { vatId: 'FR40303265045' }, settings({ sellerVatId: '' }));
    expect(order.exemption).toBeUndefined();
  });
});

describe('priceOrder: properties', () => {
  const anyLine = fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
    quantity: fc.integer({ min: 0, max: 1000 }),
    countsTowardFreeDelivery: fc.boolean(),
  });
  const anyRate = fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000);
  const anyShop = fc.record({
    sellerCountry: fc.constant('US'),
    taxRates: fc.array(fc.record({ country: fc.constant('US'), name: fc.string(), ratePercent: anyRate }), { maxLength: 3 }),
    deliveryFeeCents: fc.integer({ min: 0, max: 10_000 }),
    freeDeliveryThresholdCents: fc.integer({ min: 0, max: 1_000_000 }),
  });

  it('adds up to the cent: goods are the lines, each tax is its rate of goods and delivery rounded half-up, the total their sum', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 8 }), anyShop, (lines, shop) => {
        const order = price(lines, { country: 'US' }, {}, shop);
        expect(order.goodsCents).toBe(lines.reduce((sum, each) => sum + each.unitPriceCents * each.quantity, 0));
        expect([0, shop.deliveryFeeCents]).toContain(order.deliveryCents);
        expect(order.taxes).toHaveLength(shop.taxRates.length);
        for (const tax of order.taxes) {
          expect(tax.baseCents).toBe(order.goodsCents + order.deliveryCents);
          // Half-up, in exact integers: 0 ≤ base × rate + ½ cent − amount < 1 cent (rates in thousandths of a percent).
          const excess =
            BigInt(tax.baseCents) * BigInt(Math.round(tax.ratePercent * 1000)) + 50_000n - BigInt(tax.amountCents) * 100_000n;
          expect(excess >= 0n && excess < 100_000n).toBe(true);
        }
        const taxTotal = order.taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
        expect(order.totalCents).toBe(order.goodsCents + order.deliveryCents + taxTotal);
        // Nothing is ever negative: no figure takes money off.
        for (const cents of [
          order.goodsCents,
          order.deliveryCents,
          order.totalCents,
          ...order.taxes.map((tax) => tax.amountCents),
        ]) {
          expect(cents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('delivers free exactly when the lines that count reach the threshold', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { minLength: 1, maxLength: 8 }), anyShop, (lines, shop) => {
        const counted = lines
          .filter((each) => each.countsTowardFreeDelivery)
          .reduce((sum, each) => sum + each.unitPriceCents * each.quantity, 0);
        const delivered = lines.some((each) => each.quantity > 0);
        const expected = delivered && counted < shop.freeDeliveryThresholdCents ? shop.deliveryFeeCents : 0;
        expect(price(lines, { country: 'US' }, {}, shop).deliveryCents).toBe(expected);
      }),
    );
  });

  it('adds core deposits to the goods and the tax, never to what makes delivery free', () => {
    const partLine = fc.record({
      unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 0, max: 1000 }),
      coreChargeCents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(partLine, { maxLength: 8 }), anyShop, (lines, shop) => {
        const withDeposits = price(withCoreDeposits(lines), { country: 'US' }, {}, shop);
        const without = price(
          lines.map(({ unitPriceCents, quantity }) => line(unitPriceCents, quantity)),
          { country: 'US' },
          {},
          shop,
        );
        const deposits = lines.reduce((sum, each) => sum + each.coreChargeCents * each.quantity, 0);
        expect(withDeposits.goodsCents).toBe(without.goodsCents + deposits);
        expect(withDeposits.deliveryCents).toBe(without.deliveryCents);
        // Taxed at the goods' rates: each tax's base is the goods, deposits included, and delivery.
        for (const tax of withDeposits.taxes) expect(tax.baseCents).toBe(without.goodsCents + deposits + without.deliveryCents);
        expect(withDeposits.totalCents).toBeGreaterThanOrEqual(without.totalCents + deposits);
      }),
    );
  });

  it('writes one deposit line after the goods for each line that carries one, with its units', () => {
    expect(withCoreDeposits([{ unitPriceCents: 2000, quantity: 4, coreChargeCents: 4500 }, line(500, 2)])).toEqual([
      line(2000, 4),
      line(500, 2),
      line(4500, 4, false),
    ]);
  });
});

describe('expectedDelivery', () => {
  const berlin: DeliverySettings = { orderCutoff: '14:00', timeZone: 'Europe/Berlin', transitDays: { DE: 1, FR: 2 } };
  const at = (iso: string, country = 'FR') => expectedDelivery(new Date(iso), berlin, country);

  it('ships the same working day up to the cut-off, the next one after it', () => {
    // Wednesday 2 December 2026; Berlin is UTC+1 in winter, so the cut-off is 13:00 UTC.
    expect(at('2026-12-02T12:59:59Z')).toBe('2026-12-04'); // leaves Wednesday, 2 days in transit
    expect(at('2026-12-02T13:00:00Z')).toBe('2026-12-04'); // at the cut-off exactly: still today
    expect(at('2026-12-02T13:00:01Z')).toBe('2026-12-07'); // leaves Thursday, arrives Monday
  });

  it('counts working days only, across a weekend', () => {
    expect(at('2026-12-04T12:00:00Z', 'DE')).toBe('2026-12-07'); // Friday before the cut-off: Monday
    expect(at('2026-12-04T15:00:00Z', 'DE')).toBe('2026-12-08'); // Friday after it: leaves Monday
    expect(at('2026-12-05T09:00:00Z', 'DE')).toBe('2026-12-08'); // Saturday: leaves Monday
    expect(at('2026-12-06T23:30:00Z', 'DE')).toBe('2026-12-08'); // 00:30 Monday in Berlin, before the cut-off
  });

  it('takes 3 working days to a country without transit days', () => {
    expect(at('2026-12-02T08:00:00Z', 'IT')).toBe('2026-12-07');
  });

  it("reads the cut-off on the seller's clock across a change to summer time", () => {
    // 12:30 UTC is 13:30 in Berlin on Friday 27 March 2026, but 14:30 on Monday 30 March, after summer time began.
    expect(at('2026-03-27T12:30:00Z', 'DE')).toBe('2026-03-30');
    expect(at('2026-03-30T12:30:00Z', 'DE')).toBe('2026-04-01');
    expect(at('2026-03-30T11:59:00Z', 'DE')).toBe('2026-03-31');
  });

  it("takes the seller's date, not the UTC one", () => {
    const losAngeles: DeliverySettings = { orderCutoff: '14:00', timeZone: 'America/Los_Angeles', transitDays: {} };
    // 03:00 UTC on Saturday is 19:00 on Friday in Los Angeles: after the cut-off, so it leaves Monday.
    expect(expectedDelivery(new Date('2026-12-05T03:00:00Z'), losAngeles, 'US')).toBe('2026-12-10');
    // 21:00 UTC on Friday is 13:00 there: it leaves Friday.
    expect(expectedDelivery(new Date('2026-12-04T21:00:00Z'), losAngeles, 'US')).toBe('2026-12-09');
  });

  it('refuses a cut-off that is not a time, and transit days that are not whole days', () => {
    expect(() => expectedDelivery(new Date(), { ...berlin, orderCutoff: '2pm' }, 'DE')).toThrow('HH:MM');
    expect(() => expectedDelivery(new Date(), { ...berlin, transitDays: { DE: 1.5 } }, 'DE')).toThrow('Transit days to DE');
  });
});
