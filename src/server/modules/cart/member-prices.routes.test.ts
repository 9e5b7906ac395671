import { beforeAll, expect, it } from 'vitest';
import { orderTotals } from '#shared/order-totals';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';

const csv = { headers: { 'content-type': 'text/csv' } };
const TIERS = JSON.stringify([{ minQuantity: 24, unitPriceCents: 4500 }]);

/** A member of an active company with `discount` % off, and the company. */
async function member(ctx: TestContext, discount: number, status: 'active' | 'on_hold' | 'applied' = 'active') {
  const account = await signInAs(ctx.app, ctx.database.db, 'customer');
  const company = await insertCompany(ctx.database.db, { status, discount_percent: discount, memberIds: [account.id] });
  return { account, company };
}

async function companySite(ctx: TestContext, companyId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('company_addresses')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describeOnEachEngine('"Your price" for a member of an active company', (ctx) => {
  const api = testApi(ctx);
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  it('prices the cart with the company discount, the list price beside it', async () => {
    const { account } = await member(ctx, 10);
    const part = await insertPart(ctx.database.db, { price_cents: 5000, price_tiers: TIERS, min_order_quantity: 1 });
    const res = await api.as(account).put(`/api/cart/lines/${part.id}`, { quantity: 24 });
    expect(res.status, res.body).toBe(200);
    // The 24+ tier's $45.00 less 10 % is $40.50.
    expect(res.json.lines[0]).toMatchObject({ unitPriceCents: 4050, listUnitPriceCents: 4500, lineTotalCents: 97_200 });
    expect(res.json.lines[0].priceWasCents).toBeUndefined();
    expect(res.json.subtotalCents).toBe(97_200);
    expect(res.json.savingsCents).toBe((5000 - 4050) * 24);
  });

  it('takes the contract price where it is lower than the discounted tier price', async () => {
    const { account, company } = await member(ctx, 10);
    const part = await insertPart(ctx.database.db, { price_cents: 5000, price_tiers: TIERS, min_order_quantity: 1 });
    const imported = await api.as(admin).put(`/api/companies/${company.id}/prices`, `sku,unit_price\n${part.sku},42.00\n`, csv);
    expect(imported.json).toEqual({ imported: 1, rejected: [] });

    await api.as(account).put(`/api/cart/lines/${part.id}`, { quantity: 6 });
    const six = await api.as(account).get('/api/cart');
    expect(six.json.lines[0]).toMatchObject({ unitPriceCents: 4200, listUnitPriceCents: 5000 });
    // From 24 on, the tier less 10 % ($40.50) is lower than the contract's $42.00.
    const more = await api.as(account).put(`/api/cart/lines/${part.id}`, { quantity: 24 });
    expect(more.json.lines[0]).toMatchObject({ unitPriceCents: 4050, listUnitPriceCents: 4500 });
  });

  it('quotes, quick-orders and books at the price the cart shows, to the cent', async () => {
    const { account, company } = await member(ctx, 7);
    const part = await insertPart(ctx.database.db, { price_cents: 1999, min_order_quantity: 1, stock: 500 });
    const other = await insertPart(ctx.database.db, { price_cents: 2500, min_order_quantity: 1, stock: 500 });
    await api.as(admin).put(`/api/companies/${company.id}/prices`, `sku,unit_price\n${other.sku},19.95\n`, csv);

    const quick = await api.as(account).post('/api/cart/import', { text: `${part.sku} 3\n${other.sku} 2` });
    expect(quick.status, quick.body).toBe(200);
    // $19.99 less 7 % ($1.40) is $18.59; the other part's contract price is $19.95.
    const byPart = new Map(quick.json.cart.lines.map((line: { partId: string }) => [line.partId, line]));
    expect(byPart.get(part.id)).toMatchObject({ unitPriceCents: 1859, listUnitPriceCents: 1999 });
    expect(byPart.get(other.id)).toMatchObject({ unitPriceCents: 1995, listUnitPriceCents: 2500 });

    const quote = await api.as(account).post('/api/cart/quote', {});
    expect(quote.status, quote.body).toBe(200);
    expect(quote.json.goodsCents).toBe(1859 * 3 + 1995 * 2);
    const linesQuote = await api.as(account).post('/api/cart/quote', { lines: [{ partId: part.id, quantity: 3 }] });
    expect(linesQuote.json.goodsCents).toBe(1859 * 3);

    const placed = await api
      .as(account)
      .post('/api/orders', bookingBody(part.id, { quantity: 3, deliveryAddressId: await companySite(ctx, company.id) }));
    expect(placed.status, placed.body).toBe(201);
    // The order line keeps what the member paid; the invoice prints it.
    const line = await ctx.database.db
      .selectFrom('order_lines')
      .select(['unit_price_cents', 'line_total_cents'])
      .where('order_id', '=', placed.json.id)
      .executeTakeFirstOrThrow();
    expect({ unit: Number(line.unit_price_cents), total: Number(line.line_total_cents) }).toEqual({
      unit: 1859,
      total: 1859 * 3,
    });
    const order = await ctx.database.db
      .selectFrom('orders')
      .select('goods_cents')
      .where('id', '=', placed.json.id)
      .executeTakeFirstOrThrow();
    expect(Number(order.goods_cents)).toBe(1859 * 3);
  });

  it('agrees with the shared totals the browser computes from the cart', async () => {
    const { account } = await member(ctx, 13);
    const part = await insertPart(ctx.database.db, { price_cents: 3333, min_order_quantity: 1, stock: 500 });
    const cart = await api.as(account).put(`/api/cart/lines/${part.id}`, { quantity: 7 });
    const quote = await api.as(account).post('/api/cart/quote', {});
    expect(quote.status, quote.body).toBe(200);
    const settings = await api.anonymous.get('/api/settings');
    const browser = orderTotals(
      cart.json.lines,
      settings.json.sellerAddress,
      { vatId: null, taxExempt: false } as never,
      settings.json,
      ctx.clock.now(),
    );
    expect(quote.json.goodsCents).toBe(browser.goodsCents);
  });

  it('leaves list prices to visitors, people in no company and members of a company not active', async () => {
    const part = await insertPart(ctx.database.db, { price_cents: 5000, min_order_quantity: 1 });
    const visitorQuote = await api.anonymous.post('/api/cart/quote', { lines: [{ partId: part.id, quantity: 2 }] });
    expect(visitorQuote.json.lines[0].unitPriceCents).toBe(5000);
    expect(visitorQuote.json.lines[0].listUnitPriceCents).toBeUndefined();
    for (const status of ['on_hold', 'applied'] as const) {
      const { account } = await member(ctx, 20, status);
      const res = await api.as(account).put(`/api/cart/lines/${part.id}`, { quantity: 2 });
      expect(res.json.lines[0].unitPriceCents).toBe(5000);
      expect(res.json.lines[0].listUnitPriceCents).toBeUndefined();
    }
  });
});

describeOnEachEngine('GET /api/me/prices: "Your price" beside the cached catalogue', (ctx) => {
  const api = testApi(ctx);

  it('answers a member the discount, contract prices and the price at the listed price', async () => {
    const admin = await signInAs(ctx.app, ctx.database.db, 'admin');
    const { account, company } = await member(ctx, 10);
    const disc = await insertPart(ctx.database.db, { price_cents: 5000, price_tiers: TIERS });
    const pad = await insertPart(ctx.database.db, { price_cents: 2000 });
    await api.as(admin).put(`/api/companies/${company.id}/prices`, `sku,unit_price\n${pad.sku},15.00\n`, csv);
    const res = await api.as(account).get(`/api/me/prices?parts=${disc.id},${pad.id},no-such-part`);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['cache-control']).not.toContain('public');
    expect(res.json).toEqual({
      discountPercent: 10,
      items: [
        { partId: disc.id, contractPriceCents: null, yourPriceCents: 4500 },
        { partId: pad.id, contractPriceCents: 1500, yourPriceCents: 1500 },
      ],
    });
    // The catalogue's own answer is the same for the member as for everyone.
    const asMember = await api.as(account).get(`/api/parts/${pad.id}`);
    const asVisitor = await api.anonymous.get(`/api/parts/${pad.id}`);
    expect(asMember.body).toBe(asVisitor.body);
    expect(asMember.body).not.toContain('1500');
  });

  it('answers no items to someone in no company, and refuses a visitor and a bad list', async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const part = await insertPart(ctx.database.db);
    expect((await api.as(customer).get(`/api/me/prices?parts=${part.id}`)).json).toEqual({ discountPercent: 0, items: [] });
    expect((await api.anonymous.get(`/api/me/prices?parts=${part.id}`)).status).toBe(401);
    const tooMany = Array.from({ length: 101 }, (_, i) => `p${i}`).join(',');
    const refused = await api.as(customer).get(`/api/me/prices?parts=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toHaveProperty('parts');
    expect((await api.as(customer).get('/api/me/prices?parts=,,')).status).toBe(400);
  });
});
