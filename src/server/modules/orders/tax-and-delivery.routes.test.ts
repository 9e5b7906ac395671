import fc from 'fast-check';
import { afterEach, beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { DEFAULT_SELLER, DEFAULT_TAX_AND_DELIVERY } from '#shared/schemas/content';
import type { Address } from '#shared/schemas/address';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_PHONE } from '../../testing/booking';
import type { CompanyRow } from '../../db/schema';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { stockOf } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

/**
 * Tax, delivery and totals through the API (docs/shop-rules.md, "Tax, delivery and totals"): the shop's
 * settings as an admin saves them, an order placed with a delivery address, and the cart's quote for
 * the same lines, on both engines.
 */

const NEW_YORK: Address = { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postalCode: '10118', country: 'US' };
const SACRAMENTO: Address = { line1: '1315 10th Street', city: 'Sacramento', region: 'CA', postalCode: '95814', country: 'US' };
const MONTREAL: Address = {
  line1: '275 Rue Notre-Dame Est',
  city: 'Montréal',
  region: 'QC',
  postalCode: 'H2Y 1C6',
  country: 'CA',
};
const TORONTO: Address = { line1: '100 Queen Street West', city: 'Toronto', region: 'ON', postalCode: 'M5H 2N2', country: 'CA' };
const PARIS: Address = { line1: '29 Rue de Rivoli', city: 'Paris', postalCode: '75004', country: 'FR' };
const BERLIN: Address = { line1: 'Werkstraße 4', city: 'Berlin', postalCode: '10115', country: 'DE' };

/** What every test starts from: the shop as it is before an admin sets tax and delivery. */
const DEFAULT_SHOP = {
  sellerAddress: DEFAULT_SELLER.sellerAddress,
  sellerVatNumber: DEFAULT_SELLER.sellerVatNumber,
  currency: DEFAULT_TAX_AND_DELIVERY.currency,
  taxRates: [],
  deliveryFeeCents: DEFAULT_TAX_AND_DELIVERY.deliveryFeeCents,
  freeDeliveryThresholdCents: DEFAULT_TAX_AND_DELIVERY.freeDeliveryThresholdCents,
  deliverTo: [],
  transitDays: {},
};

interface Line {
  partId: string;
  quantity: number;
}

describeOnEachEngine(
  'tax and delivery API',
  (ctx) => {
    let admin: TestAccount;
    const api = testApi(ctx);
    const db = () => ctx.database.db;

    beforeAll(async () => {
      admin = await signedInAdmin(ctx);
    });

    /** Saves settings as an admin does (the deal's end is the one field the form always sends). */
    async function setShop(changes: object): Promise<void> {
      const res = await api.as(admin).patch('/api/settings', { flashDealEndsAt: '2026-01-01T00:00:00.000Z', ...changes });
      expect(res.status, res.body).toBe(200);
    }
    afterEach(() => setShop(DEFAULT_SHOP));

    /** A part sold from one unit, at this price, with plenty in stock. */
    const part = (priceCents: number, stock = 1000) =>
      insertPart(db(), { price_cents: priceCents, stock, min_order_quantity: 1, pack_size: 1 });

    const placeTo = (account: TestAccount, lines: Line[], deliveryAddress: Address | object) =>
      api.as(account).post('/api/orders', { lines, phone: TEST_PHONE, deliveryAddress });

    /** Places the order (expecting 201) and answers it as GET /api/orders/:id does. */
    async function ordered(account: TestAccount, lines: Line[], deliveryAddress: Address) {
      const placed = await placeTo(account, lines, deliveryAddress);
      expect(placed.status, placed.body).toBe(201);
      return (await api.as(account).get(`/api/orders/${placed.json.id}`)).json;
    }

    const figuresOf = (answer: Record<string, unknown>) => ({
      goodsCents: answer.goodsCents,
      deliveryCents: answer.deliveryCents,
      taxes: answer.taxes,
      totalCents: answer.totalCents,
      ...(answer.exemption ? { exemption: answer.exemption } : {}),
    });

    it('charges delivery below the free-delivery threshold and taxes it with the goods; at the threshold delivery is free', async () => {
      await setShop({ taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 5 }] });
      const customer = await signedInCustomer(ctx);
      const disc = await part(2000);
      // 4 × 20.00 = 80.00 + 9.90 = 89.90; 5% of it is 4.495 → 4.50 (half a cent rounds up).
      expect(figuresOf(await ordered(customer, [{ partId: disc.id, quantity: 4 }], NEW_YORK))).toEqual({
        goodsCents: 8000,
        deliveryCents: 990,
        taxes: [{ name: 'Sales tax', ratePercent: 5, baseCents: 8990, amountCents: 450 }],
        totalCents: 9440,
      });
      // A cent below the threshold still pays the fee.
      const justBelow = await part(9999);
      expect(figuresOf(await ordered(customer, [{ partId: justBelow.id, quantity: 1 }], NEW_YORK))).toMatchObject({
        deliveryCents: 990,
        totalCents: 9999 + 990 + 549,
      });
      // 100.00 exactly: free delivery, tax on the goods alone.
      const atThreshold = await part(2500);
      const order = await ordered(customer, [{ partId: atThreshold.id, quantity: 4 }], NEW_YORK);
      expect(figuresOf(order)).toEqual({
        goodsCents: 10000,
        deliveryCents: 0,
        taxes: [{ name: 'Sales tax', ratePercent: 5, baseCents: 10000, amountCents: 500 }],
        totalCents: 10500,
      });
      expect(order).toMatchObject({
        currency: 'USD',
        deliveryAddress: NEW_YORK,
        expectedDelivery: '2026-06-18',
        buyerVatId: null,
      });
      expect(order.exemption).toBeUndefined();
    });

    it("adds a region's rate of another name to the country's, and lets a region's rate of the same name replace it", async () => {
      await setShop({
        taxRates: [
          { country: 'CA', name: 'VAT', ratePercent: 5 },
          { country: 'CA', region: 'QC', name: 'Sales tax', ratePercent: 9.975 },
          { country: 'US', name: 'Sales tax', ratePercent: 4 },
          { country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 },
        ],
      });
      const customer = await signedInCustomer(ctx);
      const pump = await part(3000);
      const lines = [{ partId: pump.id, quantity: 1 }];
      // 30.00 + 9.90 = 39.90 under every rate that applies.
      expect(figuresOf(await ordered(customer, lines, MONTREAL))).toEqual({
        goodsCents: 3000,
        deliveryCents: 990,
        taxes: [
          // 1.995 → 2.00 and 3.980… → 3.98: each rate rounded once, on the same base.
          { name: 'VAT', ratePercent: 5, baseCents: 3990, amountCents: 200 },
          { name: 'Sales tax', ratePercent: 9.975, baseCents: 3990, amountCents: 398 },
        ],
        totalCents: 4588,
      });
      expect((await ordered(customer, lines, TORONTO)).taxes).toEqual([
        { name: 'VAT', ratePercent: 5, baseCents: 3990, amountCents: 200 },
      ]);
      // New York's sales tax instead of the country's: 3.541… → 3.54.
      expect((await ordered(customer, lines, NEW_YORK)).taxes).toEqual([
        { name: 'Sales tax', ratePercent: 8.875, baseCents: 3990, amountCents: 354 },
      ]);
      expect((await ordered(customer, lines, SACRAMENTO)).taxes).toEqual([
        { name: 'Sales tax', ratePercent: 4, baseCents: 3990, amountCents: 160 },
      ]);
    });

    it('reverse-charges a company in another EU country with a valid VAT ID: no tax, both IDs on the order', async () => {
      await setShop({
        sellerAddress: BERLIN,
        sellerVatNumber: 'DE136695976',
        currency: 'EUR',
        taxRates: [
          { country: 'DE', name: 'VAT', ratePercent: 19 },
          { country: 'FR', name: 'VAT', ratePercent: 20 },
        ],
      });
      const company = await signedInCustomer(ctx);
      expect((await api.as(company).patch('/api/me', { vatId: 'FR 40 303 265 045' })).status).toBe(200);
      const gearbox = await part(5000);
      const lines = [{ partId: gearbox.id, quantity: 1 }];
      const order = await ordered(company, lines, PARIS);
      expect(figuresOf(order)).toEqual({
        goodsCents: 5000,
        deliveryCents: 990,
        taxes: [],
        totalCents: 5990,
        exemption: { kind: 'reverse_charge', buyerVatId: 'FR40303265045', sellerVatId: 'DE136695976' },
      });
      expect(order).toMatchObject({ currency: 'EUR', buyerVatId: 'FR40303265045' });

      // Delivered in the seller's own country, the company pays German VAT.
      expect((await ordered(company, lines, BERLIN)).taxes).toEqual([
        { name: 'VAT', ratePercent: 19, baseCents: 5990, amountCents: 1138 },
      ]);
      // A buyer without a VAT ID pays the French VAT: 20% of 59.90.
      const person = await signedInCustomer(ctx);
      const taxed = await ordered(person, lines, PARIS);
      expect(figuresOf(taxed)).toEqual({
        goodsCents: 5000,
        deliveryCents: 990,
        taxes: [{ name: 'VAT', ratePercent: 20, baseCents: 5990, amountCents: 1198 }],
        totalCents: 7188,
      });
      expect(taxed.buyerVatId).toBeNull();
    });

    it('charges a buyer the shop made tax exempt no tax, with the reason on the order', async () => {
      await setShop({ taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 8.875 }] });
      const buyer = await signedInCustomer(ctx);
      const exempt = await api.as(admin).patch(`/api/users/${buyer.id}`, { taxExemptReason: 'Resale certificate NY-48213' });
      expect(exempt.status, exempt.body).toBe(200);
      const filter = await part(1250);
      expect(figuresOf(await ordered(buyer, [{ partId: filter.id, quantity: 2 }], NEW_YORK))).toEqual({
        goodsCents: 2500,
        deliveryCents: 990,
        taxes: [],
        totalCents: 3490,
        exemption: { kind: 'exempt', reason: 'Resale certificate NY-48213' },
      });
      // The exemption ended, the next order is taxed; the first keeps what it was charged.
      await api.as(admin).patch(`/api/users/${buyer.id}`, { taxExemptReason: null });
      expect((await ordered(buyer, [{ partId: filter.id, quantity: 2 }], NEW_YORK)).taxes).toEqual([
        { name: 'Sales tax', ratePercent: 8.875, baseCents: 3490, amountCents: 310 },
      ]);
    });

    it('taxes a company member as their company in the quote as in the order, whatever their own profile says', async () => {
      await setShop({ taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 5 }] });
      const filter = await part(1250);
      const lines = [{ partId: filter.id, quantity: 2 }];
      /** A member of an active company (with its one delivery site, in Detroit), as `fields` say. */
      const memberOf = async (fields: Partial<CompanyRow>) => {
        const member = await signedInCustomer(ctx);
        const company = await insertCompany(db(), { memberIds: [member.id], status: 'active', ...fields });
        const site = await db()
          .selectFrom('company_addresses')
          .select(['id', 'address'])
          .where('company_id', '=', company.id)
          .executeTakeFirstOrThrow();
        return { member, siteId: site.id, address: JSON.parse(site.address) as Address };
      };
      /** The quote's figures and those of the order then placed from the same lines, to the company's site. */
      const quotedAndOrdered = async ({ member, siteId, address }: Awaited<ReturnType<typeof memberOf>>) => {
        const quote = await api.as(member).post('/api/cart/quote', { lines, deliveryAddress: address });
        expect(quote.status, quote.body).toBe(200);
        const placed = await api.as(member).post('/api/orders', { lines, phone: TEST_PHONE, deliveryAddressId: siteId });
        expect(placed.status, placed.body).toBe(201);
        const order = (await api.as(member).get(`/api/orders/${placed.json.id}`)).json;
        return { quoted: figuresOf(quote.json), ordered: figuresOf(order) };
      };

      // The company is tax exempt, its member is not: neither pays tax.
      const ofExempt = await memberOf({ tax_exempt: 1, tax_exempt_reason: 'Resale certificate MI-7731' });
      const exempt = await quotedAndOrdered(ofExempt);
      expect(exempt.ordered).toEqual({
        goodsCents: 2500,
        deliveryCents: 990,
        taxes: [],
        totalCents: 3490,
        exemption: { kind: 'exempt', reason: 'Resale certificate MI-7731' },
      });
      expect(exempt.quoted).toEqual(exempt.ordered);

      // The member is tax exempt, their company is not: both are taxed.
      const ofTaxed = await memberOf({});
      const own = await api
        .as(admin)
        .patch(`/api/users/${ofTaxed.member.id}`, { taxExemptReason: 'Resale certificate NY-48213' });
      expect(own.status, own.body).toBe(200);
      const taxed = await quotedAndOrdered(ofTaxed);
      expect(taxed.ordered).toEqual({
        goodsCents: 2500,
        deliveryCents: 990,
        taxes: [{ name: 'Sales tax', ratePercent: 5, baseCents: 3490, amountCents: 175 }],
        totalCents: 3665,
      });
      expect(taxed.quoted).toEqual(taxed.ordered);
    });

    it('rounds tax once on the order, not line by line: three lines of 1.08 at 8.875% pay 0.29, not 0.30', async () => {
      await setShop({ deliveryFeeCents: 0, taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 8.875 }] });
      const customer = await signedInCustomer(ctx);
      const [a, b, c] = [await part(108), await part(54), await part(36)];
      const lines = [
        { partId: a.id, quantity: 1 },
        { partId: b.id, quantity: 2 },
        { partId: c.id, quantity: 3 },
      ];
      // Each line is 1.08, whose tax 0.09585 would round up to 0.10 on its own: 0.30 line by line.
      const perLine = [108, 108, 108].reduce((sum, cents) => sum + Math.round((cents * 8.875) / 100), 0);
      expect(perLine).toBe(30);
      // The order's 3.24 × 8.875% = 0.28755 → 0.29, rounded once.
      expect(figuresOf(await ordered(customer, lines, NEW_YORK))).toEqual({
        goodsCents: 324,
        deliveryCents: 0,
        taxes: [{ name: 'Sales tax', ratePercent: 8.875, baseCents: 324, amountCents: 29 }],
        totalCents: 353,
      });
      const quote = await api.anonymous.post('/api/cart/quote', { lines, deliveryAddress: NEW_YORK });
      expect(quote.json.taxes).toEqual([{ name: 'Sales tax', ratePercent: 8.875, baseCents: 324, amountCents: 29 }]);
    });

    it('answers an order with the figures it was placed with after the tax table and the fee change', async () => {
      await setShop({ taxRates: [{ country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 }] });
      const customer = await signedInCustomer(ctx);
      const hose = await part(1500);
      const placed = await placeTo(customer, [{ partId: hose.id, quantity: 3 }], NEW_YORK);
      expect(placed.status, placed.body).toBe(201);
      const before = (await api.as(customer).get(`/api/orders/${placed.json.id}`)).json;
      expect(figuresOf(before)).toEqual({
        goodsCents: 4500,
        deliveryCents: 990,
        taxes: [{ name: 'Sales tax', ratePercent: 8.875, baseCents: 5490, amountCents: 487 }],
        totalCents: 5977,
      });
      await setShop({
        currency: 'EUR',
        taxRates: [{ country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 4 }],
        deliveryFeeCents: 1490,
        freeDeliveryThresholdCents: 1000,
        transitDays: { US: 10 },
      });
      const after = (await api.as(customer).get(`/api/orders/${placed.json.id}`)).json;
      expect(after).toEqual(before);
      // The admin's list shows the same.
      const listed = (await api.as(admin).get('/api/orders?limit=100')).json.items.find(
        (order: { id: string }) => order.id === placed.json.id,
      );
      expect(figuresOf(listed)).toEqual(figuresOf(before));
    });

    it('refuses a country the shop does not deliver to under deliveryAddress.country, and takes no stock', async () => {
      await setShop({ deliverTo: ['US', 'CA'] });
      const customer = await signedInCustomer(ctx);
      const rotor = await part(4200, 50);
      const message = copy.address.notDeliveredTo('France');
      const refused = await placeTo(customer, [{ partId: rotor.id, quantity: 5 }], PARIS);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'validation_failed', errors: { 'deliveryAddress.country': message } });
      expect(await stockOf(db(), rotor.id)).toBe(50);
      const quote = await api
        .as(customer)
        .post('/api/cart/quote', { lines: [{ partId: rotor.id, quantity: 5 }], deliveryAddress: PARIS });
      expect(quote.status).toBe(400);
      expect(quote.json.errors).toEqual({ 'deliveryAddress.country': message });
      // Where it delivers, the order goes through.
      expect((await placeTo(customer, [{ partId: rotor.id, quantity: 5 }], TORONTO)).status).toBe(201);
      expect(await stockOf(db(), rotor.id)).toBe(45);
    });

    it("still takes the old address text, read as an address in the seller's country", async () => {
      await setShop({ taxRates: [{ country: 'US', name: 'Sales tax', ratePercent: 5 }] });
      const customer = await signedInCustomer(ctx);
      const clamp = await part(700);
      const placed = await api
        .as(customer)
        .post('/api/orders', { partId: clamp.id, quantity: 12, phone: TEST_PHONE, address: '12 Piston Road, Gearville' });
      expect(placed.status, placed.body).toBe(201);
      const order = (await api.as(customer).get(`/api/orders/${placed.json.id}`)).json;
      // 12 × 7.00 = 84.00 + 9.90; 5% of 93.90 = 4.695 → 4.70.
      expect(figuresOf(order)).toEqual({
        goodsCents: 8400,
        deliveryCents: 990,
        taxes: [{ name: 'Sales tax', ratePercent: 5, baseCents: 9390, amountCents: 470 }],
        totalCents: 9860,
      });
      expect(order.deliveryAddress).toEqual({ line1: '12 Piston Road, Gearville', city: '', postalCode: '', country: 'US' });
      expect(order.customer.address).toBe('12 Piston Road, Gearville');
    });

    it.each([
      [
        'a US address without its state',
        { ...NEW_YORK, region: undefined },
        { 'deliveryAddress.region': copy.address.usStateRequired },
      ],
      ['an unknown country', { ...PARIS, country: 'ZZ' }, { 'deliveryAddress.country': copy.address.countryUnknown }],
      ['no city', { ...PARIS, city: ' ' }, { 'deliveryAddress.city': copy.address.cityRequired }],
    ])('refuses %s under the field, and takes no stock', async (_, deliveryAddress, errors) => {
      const customer = await signedInCustomer(ctx);
      const belt = await part(1000, 30);
      const res = await placeTo(customer, [{ partId: belt.id, quantity: 2 }], deliveryAddress);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_failed', errors });
      expect(await stockOf(db(), belt.id)).toBe(30);
    });

    it('refuses a delivery address that is not an object with 400 under deliveryAddress, in an order and a quote', async () => {
      const customer = await signedInCustomer(ctx);
      const belt = await part(1000, 30);
      const lines = [{ partId: belt.id, quantity: 2 }];
      for (const res of [
        await placeTo(customer, lines, null as unknown as Address),
        await api.as(customer).post('/api/cart/quote', { lines, deliveryAddress: null }),
      ]) {
        expect(res.status, res.body).toBe(400);
        expect(Object.keys(res.json.errors)).toEqual(['deliveryAddress']);
      }
      expect(await stockOf(db(), belt.id)).toBe(30);
    });

    it("quotes a visitor's lines for an address, and a customer's own cart without lines", async () => {
      await setShop({ taxRates: [{ country: 'CA', name: 'VAT', ratePercent: 5 }] });
      const bulb = await part(450);
      const visitor = await api.anonymous.post('/api/cart/quote', {
        lines: [{ partId: bulb.id, quantity: 10 }],
        deliveryAddress: TORONTO,
      });
      expect(visitor.status, visitor.body).toBe(200);
      // 45.00 + 9.90 = 54.90; 5% = 2.745 → 2.75.
      expect(figuresOf(visitor.json)).toEqual({
        goodsCents: 4500,
        deliveryCents: 990,
        taxes: [{ name: 'VAT', ratePercent: 5, baseCents: 5490, amountCents: 275 }],
        totalCents: 5765,
      });
      expect(visitor.json).toMatchObject({ subtotalCents: 4500, expectedDelivery: '2026-06-18' });

      const customer = await signedInCustomer(ctx);
      expect((await api.as(customer).put(`/api/cart/lines/${bulb.id}`, { quantity: 30 })).status).toBe(200);
      const own = await api.as(customer).post('/api/cart/quote', { deliveryAddress: TORONTO });
      expect(own.status, own.body).toBe(200);
      expect(own.json.lines).toMatchObject([{ partId: bulb.id, quantity: 30 }]);
      expect(figuresOf(own.json)).toEqual({
        goodsCents: 13500,
        deliveryCents: 0,
        taxes: [{ name: 'VAT', ratePercent: 5, baseCents: 13500, amountCents: 675 }],
        totalCents: 14175,
      });
      // The visitor has no cart on the server to quote.
      expect((await api.anonymous.post('/api/cart/quote', { deliveryAddress: TORONTO })).status).toBe(401);
    });

    const ADDRESSES = [NEW_YORK, SACRAMENTO, MONTREAL, TORONTO];
    const anyRate = fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000);
    const anyCase = fc.record({
      lines: fc.array(fc.record({ priceCents: fc.integer({ min: 1, max: 20_000 }), quantity: fc.integer({ min: 1, max: 6 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      address: fc.constantFrom(...ADDRESSES),
      countryRate: fc.option(anyRate, { nil: undefined }),
      regionRate: fc.option(fc.record({ ratePercent: anyRate, sameName: fc.boolean() }), { nil: undefined }),
      deliveryFeeCents: fc.integer({ min: 0, max: 2_000 }),
      freeDeliveryThresholdCents: fc.integer({ min: 0, max: 50_000 }),
    });

    it(
      'quotes exactly what the order then charges, and every order adds up: goods + delivery + taxes = total',
      { timeout: 120_000 },
      async () => {
        const customer = await signedInCustomer(ctx);
        await fc.assert(
          fc.asyncProperty(anyCase, async (c) => {
            const { country, region } = c.address;
            await setShop({
              deliveryFeeCents: c.deliveryFeeCents,
              freeDeliveryThresholdCents: c.freeDeliveryThresholdCents,
              taxRates: [
                ...(c.countryRate === undefined ? [] : [{ country, name: 'VAT', ratePercent: c.countryRate }]),
                ...(c.regionRate === undefined
                  ? []
                  : [
                      {
                        country,
                        region,
                        name: c.regionRate.sameName ? 'VAT' : 'Sales tax',
                        ratePercent: c.regionRate.ratePercent,
                      },
                    ]),
              ],
            });
            const lines = await Promise.all(
              c.lines.map(async (each) => ({ partId: (await part(each.priceCents)).id, quantity: each.quantity })),
            );
            const quote = await api.anonymous.post('/api/cart/quote', { lines, deliveryAddress: c.address });
            expect(quote.status, quote.body).toBe(200);
            const order = await ordered(customer, lines, c.address);
            expect(figuresOf(order)).toEqual(figuresOf(quote.json));
            expect(order.expectedDelivery).toBe(quote.json.expectedDelivery);

            const goods = c.lines.reduce((sum, each) => sum + each.priceCents * each.quantity, 0);
            expect(order.goodsCents).toBe(goods);
            expect(order.deliveryCents).toBe(goods >= c.freeDeliveryThresholdCents ? 0 : c.deliveryFeeCents);
            const taxes = (order.taxes as { amountCents: number }[]).reduce((sum, tax) => sum + tax.amountCents, 0);
            expect(order.totalCents).toBe(order.goodsCents + order.deliveryCents + taxes);
            const applying = (c.countryRate === undefined ? 0 : 1) + (c.regionRate === undefined ? 0 : 1);
            expect(order.taxes).toHaveLength(c.regionRate?.sameName && c.countryRate !== undefined ? 1 : applying);
          }),
          { numRuns: 15 },
        );
      },
    );
  },
  { config: { maxUnpaidOrders: 1_000, maxUnpaidValueCents: 1_000_000_000 } },
);
