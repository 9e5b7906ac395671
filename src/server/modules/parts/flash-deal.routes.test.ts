import sharp from 'sharp';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { ensureTestCategory, insertPart, type PartWithStock } from '../../testing/factories';
import { payByCard } from '../../testing/orders';
import { pdfText } from '../../testing/pdf';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';
import { storeImage } from '../uploads';

const HOUR = 3_600_000;
/** The deal of these tests ends a day after the test clock's start. */
const DEAL_ENDS_AT = new Date(Date.parse(TEST_NOW) + 24 * HOUR).toISOString();

describeOnEachEngine('the flash deal prices what it claims', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let pads: PartWithStock;
  let disc: PartWithStock;
  const api = testApi(ctx);

  const setDeal = (body: object) =>
    api.as(admin).patch('/api/settings', { flashDealEndsAt: DEAL_ENDS_AT, flashDealPercent: 25, ...body });
  const order = (lines: { partId: string; quantity: number }[]) =>
    api.as(customer).post('/api/orders', { lines, phone: TEST_PHONE, address: TEST_ADDRESS });

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  beforeEach(async () => {
    ctx.clock.set(TEST_NOW);
    // Parts of their own for each test: what one test orders never prices another's.
    pads = await insertPart(ctx.database.db, {
      name: 'Deal brake pads',
      price_cents: 4890,
      stock: 1000,
      price_tiers: JSON.stringify([{ minQuantity: 48, unitPriceCents: 4650 }]),
    });
    disc = await insertPart(ctx.database.db, { name: 'Full price disc', price_cents: 5000, stock: 1000 });
    const res = await setDeal({ flashDealPartIds: [pads.id] });
    expect(res.status, res.body).toBe(200);
  });

  it("names the deal's parts in the settings, once each, and refuses a list naming a part not on sale, changing nothing", async () => {
    const res = await setDeal({ flashDealPercent: 30, flashDealPartIds: [pads.id, disc.id, pads.id] });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ flashDealPercent: 30, flashDealDiscountText: '30% OFF' });
    expect(res.json.flashDealParts).toEqual(
      [pads, disc].map((part) => ({ id: part.id, sku: part.sku, name: part.name })).sort((a, b) => a.name.localeCompare(b.name)),
    );

    const archived = await insertPart(ctx.database.db, { archived_at: TEST_NOW });
    for (const ids of [[pads.id, 'no-such-part'], [archived.id]]) {
      const refused = await setDeal({ flashDealPercent: 50, flashDealPartIds: ids });
      expect(refused.status, refused.body).toBe(400);
      expect(refused.json.errors).toEqual({ flashDealPartIds: copy.settings.dealPartUnknown });
    }
    // Nothing of the refused changes was kept: neither the percentage nor the list.
    const settings = (await api.anonymous.get('/api/settings')).json;
    expect(settings.flashDealPercent).toBe(30);
    expect(settings.flashDealParts.map((part: { id: string }) => part.id).sort()).toEqual([pads.id, disc.id].sort());

    // An empty list empties the deal; leaving the list out keeps it.
    await setDeal({ flashDealPartIds: [] });
    await setDeal({});
    expect((await api.anonymous.get('/api/settings')).json.flashDealParts).toEqual([]);
  });

  it("shows a deal part's price at the deal while it runs, and the part's own price after", async () => {
    const part = (await api.anonymous.get(`/api/parts/${pads.id}`)).json;
    expect(part.priceCents).toBe(4890);
    expect(part.deal).toEqual({ percent: 25, endsAt: DEAL_ENDS_AT, priceCents: 3667 });
    expect((await api.anonymous.get(`/api/parts/${disc.id}`)).json.deal).toBeNull();

    ctx.clock.set(new Date(Date.parse(DEAL_ENDS_AT)));
    expect((await api.anonymous.get(`/api/parts/${pads.id}`)).json.deal).toBeNull();
  });

  it('prices the cart, the order, its lines and its invoice at the deal until the end; an order a second later pays full price', async () => {
    // 12 at the part's price less 25%, 48 at the tier's less 25%; the disc is not in the deal.
    const quote = await api.anonymous.post('/api/cart/quote', {
      lines: [
        { partId: pads.id, quantity: 48 },
        { partId: disc.id, quantity: 12 },
      ],
    });
    expect(quote.status, quote.body).toBe(200);
    expect(quote.json.lines[0]).toMatchObject({
      unitPriceCents: 3487,
      lineTotalCents: 3487 * 48,
      basePriceCents: 4890,
      savingsCents: (4890 - 3487) * 48,
      tier: { minQuantity: 48, unitPriceCents: 4650 },
      deal: { percent: 25, endsAt: DEAL_ENDS_AT },
    });
    expect(quote.json.lines[1]).toMatchObject({ unitPriceCents: 5000, deal: null });

    const placed = await order([
      { partId: pads.id, quantity: 12 },
      { partId: disc.id, quantity: 12 },
    ]);
    expect(placed.status, placed.body).toBe(201);
    const atDeal = (await api.as(customer).get(`/api/orders/${placed.json.id}`)).json;
    expect(atDeal.lines.map((line: { unitPriceCents: number }) => line.unitPriceCents)).toEqual([3667, 5000]);
    expect(atDeal.totalCents).toBe(3667 * 12 + 5000 * 12);

    // The payment takes the order's total, and the invoice prints each unit price as charged.
    const paid = await payByCard(ctx, customer, placed.json.id);
    expect(paid.status, paid.body).toBe(200);
    const invoice = await ctx.app.inject({
      url: `/api/orders/${placed.json.id}/invoice.pdf`,
      headers: { cookie: customer.cookie },
    });
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain(formatMoney(3667));
    expect(text).toContain(formatMoney(3667 * 12));
    expect(text).not.toContain(formatMoney(4890 * 12));
    expect(text).toContain(formatMoney(3667 * 12 + 5000 * 12));

    // The deal ends; an order placed a second later pays the part's own price.
    ctx.clock.set(new Date(Date.parse(DEAL_ENDS_AT) + 1000));
    const late = await order([{ partId: pads.id, quantity: 12 }]);
    expect(late.status, late.body).toBe(201);
    const full = (await api.as(customer).get(`/api/orders/${late.json.id}`)).json;
    expect(full.lines[0].unitPriceCents).toBe(4890);
    expect(full.totalCents).toBe(4890 * 12);
    const after = await api.anonymous.post('/api/cart/quote', { lines: [{ partId: pads.id, quantity: 12 }] });
    expect(after.json.lines[0]).toMatchObject({ unitPriceCents: 4890, savingsCents: 0, deal: null });
    // The order placed during the deal keeps the prices it was charged.
    expect((await api.as(customer).get(`/api/orders/${placed.json.id}`)).json.totalCents).toBe(atDeal.totalCents);
  });

  it('prices a cart line put in during the deal again at the end, and says the price changed', async () => {
    const put = await api.as(customer).request('PUT', `/api/cart/lines/${pads.id}`, { quantity: 12 });
    expect(put.status, put.body).toBe(200);
    expect(put.json.lines[0]).toMatchObject({ unitPriceCents: 3667, deal: { percent: 25 } });

    ctx.clock.set(DEAL_ENDS_AT);
    const cart = (await api.as(customer).get('/api/cart')).json;
    expect(cart.lines[0]).toMatchObject({ unitPriceCents: 4890, priceWasCents: 3667, deal: null });
    expect(cart.subtotalCents).toBe(4890 * 12);
    // The order from the cart takes the server's price, whatever the page last showed.
    const placed = await order([{ partId: pads.id, quantity: 12 }]);
    expect((await api.as(customer).get(`/api/orders/${placed.json.id}`)).json.totalCents).toBe(4890 * 12);
    await api.as(customer).delete('/api/cart');
  });

  it('prices a booking of one part at the deal too ("Book Now")', async () => {
    const res = await api.as(customer).post('/api/orders', {
      partId: pads.id,
      quantity: 12,
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(res.status, res.body).toBe(201);
    expect((await api.as(customer).get(`/api/orders/${res.json.id}`)).json).toMatchObject({
      unitPriceCents: 3667,
      totalCents: 3667 * 12,
    });
  });

  it('lists exactly the deal’s parts with deal=true while it runs, and none once it has ended', async () => {
    const other = await insertPart(ctx.database.db, { name: 'Deal wiper blades', price_cents: 2990, stock: 500 });
    await setDeal({ flashDealPartIds: [pads.id, other.id] });
    const listed = await api.anonymous.get('/api/parts?deal=true&limit=60');
    expect(listed.status, listed.body).toBe(200);
    expect(listed.json.items.map((part: { id: string }) => part.id).sort()).toEqual([pads.id, other.id].sort());
    expect(listed.json.total).toBe(2);
    expect(listed.json.items.every((part: { deal: unknown }) => part.deal !== null)).toBe(true);
    // With a search and "in stock only" as well: the filters combine.
    const searched = await api.anonymous.get('/api/parts?deal=true&q=wiper&inStock=true');
    expect(searched.json.items.map((part: { id: string }) => part.id)).toEqual([other.id]);
    // Without the filter the list holds every part, the deal's with their deal.
    const everything = (await api.anonymous.get('/api/parts?limit=60')).json;
    expect(everything.total).toBeGreaterThan(2);

    ctx.clock.set(DEAL_ENDS_AT);
    const ended = await api.anonymous.get('/api/parts?deal=true');
    expect(ended.json).toMatchObject({ items: [], total: 0 });
  });

  it('documents the filter and the deal in the OpenAPI document', async () => {
    const doc = (await api.anonymous.get('/api/openapi.json')).json;
    const list = doc.paths['/api/parts'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toContain('deal');
    expect(JSON.stringify(doc.paths['/api/parts/{id}'].get.responses['200'])).toContain('"deal"');
    expect(JSON.stringify(doc.paths['/api/settings'].patch.requestBody)).toContain('flashDealPartIds');
  });
});

describeOnEachEngine(
  'the flash deal with the response cache on',
  (ctx) => {
    it('drops the cached lists when the deal changes, so "Shop the deal" shows the change at once', async () => {
      const api = testApi(ctx);
      const admin = await signedInAdmin(ctx);
      const part = await insertPart(ctx.database.db, { name: 'Cached deal part', price_cents: 1000 });
      const endsAt = new Date(Date.parse(TEST_NOW) + HOUR).toISOString();
      expect((await api.anonymous.get('/api/parts?deal=true')).json.total).toBe(0);
      await api.as(admin).patch('/api/settings', { flashDealEndsAt: endsAt, flashDealPercent: 20, flashDealPartIds: [part.id] });
      const listed = (await api.anonymous.get('/api/parts?deal=true')).json;
      expect(listed.items.map((item: { id: string }) => item.id)).toEqual([part.id]);
      expect(listed.items[0].deal).toMatchObject({ percent: 20, priceCents: 800 });
      expect((await api.anonymous.get(`/api/parts/${part.id}`)).json.deal).toMatchObject({ percent: 20 });
      await api.as(admin).patch('/api/settings', { flashDealEndsAt: endsAt, flashDealPartIds: [] });
      expect((await api.anonymous.get('/api/parts?deal=true')).json.total).toBe(0);
      expect((await api.anonymous.get(`/api/parts/${part.id}`)).json.deal).toBeNull();
    });
  },
  { responseCacheTtlMs: 60_000 },
);

describeOnEachEngine("each part's own minimum order", (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let imageUrl: string;
  let categoryId: string;
  const api = testApi(ctx);

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    imageUrl = (await storeImage(ctx.storage, png)).url;
    categoryId = await ensureTestCategory(ctx.database.db);
  });

  const clutchKit = {
    name: 'Clutch Kit with Dual-Mass Flywheel',
    description: 'Sold singly',
    priceCents: 87_900,
    stock: 18,
    sku: 'GH-DRV-8790',
  };

  it('is 12 when a new part names none, set to 1 on create and update, and one clutch kit can then be booked', async () => {
    const created = await api.as(admin).post('/api/parts', { ...clutchKit, imageUrl, categoryId, sku: 'GH-DRV-0001' });
    expect(created.status, created.body).toBe(201);
    expect((await api.anonymous.get(`/api/parts/${created.json.id}`)).json.minOrderQuantity).toBe(12);

    const single = await api.as(admin).post('/api/parts', {
      ...clutchKit,
      imageUrl,
      categoryId,
      minOrderQuantity: 1,
      priceTiers: [{ minQuantity: 2, unitPriceCents: 85_000 }],
    });
    expect(single.status, single.body).toBe(201);
    expect((await api.anonymous.get(`/api/parts/${single.json.id}`)).json.minOrderQuantity).toBe(1);

    const one = await api.as(customer).post('/api/orders', {
      partId: single.json.id,
      quantity: 1,
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(one.status, one.body).toBe(201);
    expect((await api.as(customer).get(`/api/orders/${one.json.id}`)).json).toMatchObject({ quantity: 1, totalCents: 87_900 });
    // The six left after a dozen are still for sale, one at a time.
    expect((await api.anonymous.get(`/api/parts/${single.json.id}`)).json.stock).toBe(17);

    // The part added with the default minimum: the update makes it 1, and then it sells singly too.
    const refusedBefore = await api.as(customer).post('/api/orders', {
      partId: created.json.id,
      quantity: 1,
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(refusedBefore.json.errors).toEqual({ quantity: copy.validation.quantityTooLow(12) });
    const updated = await api.as(admin).patch(`/api/parts/${created.json.id}`, { minOrderQuantity: 1 });
    expect(updated.status, updated.body).toBe(200);
    expect(updated.json.minOrderQuantity).toBe(1);
    const booked = await api.as(customer).post('/api/orders', {
      partId: created.json.id,
      quantity: 1,
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(booked.status, booked.body).toBe(201);
  });

  it('refuses a minimum that is not a whole number from 1 to 1,000,000, or that tiers do not start above, with the form message', async () => {
    const part = await insertPart(ctx.database.db, {
      min_order_quantity: 1,
      price_cents: 5000,
      price_tiers: JSON.stringify([{ minQuantity: 2, unitPriceCents: 4800 }]),
    });
    for (const minOrderQuantity of [0, -1, 1.5, 1_000_001, '2']) {
      const res = await api.as(admin).patch(`/api/parts/${part.id}`, { minOrderQuantity });
      expect(res.status, String(minOrderQuantity)).toBe(400);
      expect(res.json.errors).toEqual({ minOrderQuantity: copy.pricing.minOrderQuantityInvalid(1_000_000) });
    }
    // Raising the minimum to the first tier's quantity would make the tier the part's price: refused on the tier.
    const res = await api.as(admin).patch(`/api/parts/${part.id}`, { minOrderQuantity: 2 });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ 'priceTiers.0.minQuantity': copy.pricing.tierQuantityNotAboveMinimum(1, 2) });
    expect((await api.anonymous.get(`/api/parts/${part.id}`)).json.minOrderQuantity).toBe(1);
  });
});
