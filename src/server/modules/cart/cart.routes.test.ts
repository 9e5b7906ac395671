import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_CART_LINES } from '#shared/schemas/cart';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { paidOrder } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

const tiers = (rows: [number, number][]) =>
  JSON.stringify(rows.map(([minQuantity, unitPriceCents]) => ({ minQuantity, unitPriceCents })));

describeOnEachEngine('cart API', (ctx) => {
  let admin: TestAccount;
  const api = testApi(ctx);
  const db = () => ctx.database.db;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
  });

  it('answers 401 to a visitor on every stored-cart call, and prices a visitor cart without storing it', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/cart', undefined],
      ['PUT', '/api/cart/lines/x', { quantity: 12 }],
      ['DELETE', '/api/cart/lines/x', undefined],
      ['DELETE', '/api/cart', undefined],
      ['POST', '/api/cart/merge', { lines: [] }],
      ['POST', '/api/cart/import', { text: 'A 1' }],
      ['POST', '/api/orders/x/reorder', undefined],
      // A quote without lines prices the customer's own cart: a visitor has none on the server.
      ['POST', '/api/cart/quote', {}],
    ] as const) {
      expect((await api.anonymous.request(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    const part = await insertPart(db(), { price_cents: 4890, stock: 500, price_tiers: tiers([[48, 4650]]) });
    const quote = await api.anonymous.post('/api/cart/quote', { lines: [{ partId: part.id, quantity: 48 }] });
    expect(quote.status, quote.body).toBe(200);
    expect(quote.json).toEqual({
      lines: [
        {
          partId: part.id,
          sku: part.sku,
          name: part.name,
          imageUrl: part.image_url,
          quantity: 48,
          unitPriceCents: 4650,
          lineTotalCents: 48 * 4650,
          basePriceCents: 4890,
          savingsCents: 48 * 240,
          tier: { minQuantity: 48, unitPriceCents: 4650 },
          deal: null,
          minOrderQuantity: 12,
          packSize: 1,
          stock: 500,
        },
      ],
      subtotalCents: 48 * 4650,
      savingsCents: 48 * 240,
      // Priced for the seller's own address until the visitor gives one: past the free-delivery
      // threshold, and no tax while the shop's tax table is empty.
      goodsCents: 48 * 4650,
      deliveryCents: 0,
      taxes: [],
      totalCents: 48 * 4650,
      expectedDelivery: '2026-06-18',
    });
  });

  it('keeps a customer cart: lines set, changed past a tier, removed, emptied', async () => {
    const customer = await signedInCustomer(ctx);
    const pads = await insertPart(db(), { price_cents: 4890, stock: 500, price_tiers: tiers([[48, 4650]]) });
    const filter = await insertPart(db(), { price_cents: 980, stock: 300, pack_size: 12 });
    const me = api.as(customer);
    expect((await me.get('/api/cart')).json).toEqual({ lines: [], subtotalCents: 0, savingsCents: 0 });

    expect((await me.put(`/api/cart/lines/${pads.id}`, { quantity: 12 })).status).toBe(200);
    const both = await me.put(`/api/cart/lines/${filter.id}`, { quantity: 24 });
    expect(both.json.lines.map((line: { partId: string }) => line.partId)).toEqual([pads.id, filter.id]);
    expect(both.json.subtotalCents).toBe(12 * 4890 + 24 * 980);
    expect(both.json.savingsCents).toBe(0);

    const past = await me.put(`/api/cart/lines/${pads.id}`, { quantity: 60 });
    expect(past.json.lines[0]).toMatchObject({ quantity: 60, unitPriceCents: 4650, savingsCents: 60 * 240 });
    expect(past.json.savingsCents).toBe(60 * 240);

    const removed = await me.delete(`/api/cart/lines/${filter.id}`);
    expect(removed.json.lines).toHaveLength(1);
    const again = await me.delete(`/api/cart/lines/${filter.id}`);
    expect(again.status).toBe(404);
    expect(again.json.detail).toBe(copy.cart.lineNotFound);
    expect((await me.delete('/api/cart')).json.lines).toEqual([]);
  });

  it("refuses a quantity that breaks the part's rules under `quantity`, a part not sold, and changes nothing", async () => {
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(db(), { stock: 40, pack_size: 6 });
    const archived = await insertPart(db(), { archived_at: '2026-01-01T00:00:00.000Z' });
    const me = api.as(customer);
    for (const [quantity, message] of [
      [6, copy.validation.quantityTooLow(12)],
      [42, copy.pricing.overStock(40, 36, 6)],
      [14, copy.pricing.packsOf(6)],
    ] as const) {
      const res = await me.put(`/api/cart/lines/${part.id}`, { quantity });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ quantity: message });
    }
    expect((await me.put(`/api/cart/lines/${part.id}`, { quantity: 12.5 })).status).toBe(400);
    expect((await me.put(`/api/cart/lines/${part.id}`, { quantity: 12, unitPriceCents: 1 })).status).toBe(400);
    expect((await me.put(`/api/cart/lines/${archived.id}`, { quantity: 12 })).status).toBe(404);
    expect((await me.get('/api/cart')).json.lines).toEqual([]);
  });

  it('says which lines can no longer be ordered, and which prices changed since they were added', async () => {
    const customer = await signedInCustomer(ctx);
    const me = api.as(customer);
    const dearer = await insertPart(db(), { price_cents: 1000, stock: 100 });
    const archived = await insertPart(db(), { stock: 100 });
    const short = await insertPart(db(), { stock: 100 });
    for (const part of [dearer, archived, short]) await me.put(`/api/cart/lines/${part.id}`, { quantity: 24 });
    await db().updateTable('parts').set({ price_cents: 1100 }).where('id', '=', dearer.id).execute();
    await db().updateTable('parts').set({ archived_at: '2026-02-01T00:00:00.000Z' }).where('id', '=', archived.id).execute();
    await db().updateTable('part_stock').set({ stock: 20 }).where('part_id', '=', short.id).execute();
    const cart = (await me.get('/api/cart')).json;
    expect(cart.lines[0]).toMatchObject({ partId: dearer.id, unitPriceCents: 1100, priceWasCents: 1000 });
    expect(cart.lines[0].problem).toBeUndefined();
    expect(cart.lines[1]).toMatchObject({ partId: archived.id, problem: copy.cart.noLongerSold });
    expect(cart.lines[2]).toMatchObject({ partId: short.id, problem: copy.pricing.overStock(20) });
    // Only the line that can be ordered counts.
    expect(cart.subtotalCents).toBe(24 * 1100);
    // The order refuses the line the cart warned of, and uses today's price for the others.
    const placed = await me.post('/api/orders', {
      lines: [
        { partId: dearer.id, quantity: 24 },
        { partId: short.id, quantity: 24 },
      ],
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(placed.status).toBe(400);
    expect(placed.json.errors).toEqual({ 'lines.1.quantity': copy.pricing.overStock(20) });
  });

  it("joins a visitor's cart at sign-in: quantities added, rules applied, parts no longer sold left out", async () => {
    const customer = await signedInCustomer(ctx);
    const me = api.as(customer);
    const a = await insertPart(db(), { stock: 100 });
    const b = await insertPart(db(), { stock: 30 });
    const gone = await insertPart(db(), { archived_at: '2026-01-01T00:00:00.000Z' });
    await me.put(`/api/cart/lines/${a.id}`, { quantity: 12 });
    await me.put(`/api/cart/lines/${b.id}`, { quantity: 24 });
    const merged = await me.post('/api/cart/merge', {
      lines: [
        { partId: a.id, quantity: 24 },
        { partId: b.id, quantity: 12 },
        { partId: gone.id, quantity: 12 },
        { partId: 'no-such-part', quantity: 12 },
      ],
    });
    expect(merged.status, merged.body).toBe(200);
    expect(merged.json.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity])).toEqual([
      [a.id, 36],
      [b.id, 36],
    ]);
    expect(merged.json.lines[1].problem).toBe(copy.pricing.overStock(30));
    expect((await me.post('/api/cart/merge', { lines: 'not a list' })).status).toBe(400);
  });

  it('holds at most the line limit', async () => {
    const customer = await signedInCustomer(ctx);
    const parts = [];
    for (let i = 0; i < MAX_CART_LINES; i++) parts.push(await insertPart(db(), { stock: 100 }));
    await db()
      .insertInto('cart_lines')
      .values(
        parts.map((part, position) => ({
          user_id: customer.id,
          part_id: part.id,
          position,
          quantity: 12,
          unit_price_cents: part.price_cents,
          added_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const extra = await insertPart(db(), { stock: 100 });
    const refused = await api.as(customer).put(`/api/cart/lines/${extra.id}`, { quantity: 12 });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(copy.cart.tooManyLines(MAX_CART_LINES));
    // A line it already has can still change.
    expect((await api.as(customer).put(`/api/cart/lines/${parts[0]!.id}`, { quantity: 24 })).status).toBe(200);
  });

  it('empties the ordered lines from the cart when an order is placed with lines, and leaves it for Book Now', async () => {
    const customer = await signedInCustomer(ctx);
    const me = api.as(customer);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertPart(db(), { stock: 100 })));
    for (const part of [a!, b!, c!]) await me.put(`/api/cart/lines/${part.id}`, { quantity: 12 });
    const booked = await me.post('/api/orders', { partId: c!.id, quantity: 12, phone: TEST_PHONE, address: TEST_ADDRESS });
    expect(booked.status).toBe(201);
    expect((await me.get('/api/cart')).json.lines).toHaveLength(3);
    const placed = await me.post('/api/orders', {
      lines: [
        { partId: a!.id, quantity: 12 },
        { partId: b!.id, quantity: 12 },
      ],
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(placed.status, placed.body).toBe(201);
    expect((await me.get('/api/cart')).json.lines.map((line: { partId: string }) => line.partId)).toEqual([c!.id]);
  });

  it("orders again: the order's lines added at today's prices, the parts no longer sold named; only the owner may", async () => {
    const customer = await signedInCustomer(ctx);
    const me = api.as(customer);
    const kept = await insertPart(db(), { stock: 100, name: 'Still sold', price_cents: 1000 });
    const dropped = await insertPart(db(), { stock: 100, name: 'Withdrawn part' });
    const placed = await me.post('/api/orders', {
      lines: [
        { partId: kept.id, quantity: 24 },
        { partId: dropped.id, quantity: 12 },
      ],
      phone: TEST_PHONE,
      address: TEST_ADDRESS,
    });
    expect(placed.status).toBe(201);
    await db().updateTable('parts').set({ price_cents: 1200 }).where('id', '=', kept.id).execute();
    await db().updateTable('parts').set({ archived_at: '2026-03-01T00:00:00.000Z' }).where('id', '=', dropped.id).execute();
    const again = await me.post(`/api/orders/${placed.json.id}/reorder`);
    expect(again.status, again.body).toBe(200);
    expect(again.json.unavailable).toEqual(['Withdrawn part']);
    expect(again.json.lines).toEqual([expect.objectContaining({ partId: kept.id, quantity: 24, unitPriceCents: 1200 })]);
    // Twice adds the quantities together.
    expect((await me.post(`/api/orders/${placed.json.id}/reorder`)).json.lines[0].quantity).toBe(48);
    const other = await signedInCustomer(ctx);
    expect((await api.as(other).post(`/api/orders/${placed.json.id}/reorder`)).status).toBe(404);
    expect((await api.as(admin).post(`/api/orders/${placed.json.id}/reorder`)).status).toBe(404);
  });

  it('orders again a paid one-part order', async () => {
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(db(), { stock: 100 });
    const order = await paidOrder(ctx, customer, part.id);
    const again = await api.as(customer).post(`/api/orders/${order.id}/reorder`);
    expect(again.json.lines).toEqual([expect.objectContaining({ partId: part.id, quantity: 12 })]);
  });
});
