import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { expectedDelivery } from '#shared/order-totals';
import { MAX_AVAILABILITY_LINES } from '#shared/schemas/availability';
import { signedInAdmin, signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { databaseWork } from '../../testing/statements';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';

const csv = { headers: { 'content-type': 'text/csv' } };
const TORONTO = { line1: '100 Queen Street West', city: 'Toronto', region: 'ON', postalCode: 'M5H 2N2', country: 'CA' };

/** A company admin of an active company with `discount` % off, billed in `address`'s country. */
async function member(ctx: TestContext, discount = 0, address: object | undefined = undefined) {
  const account = await signInAs(ctx.app, ctx.database.db, 'customer');
  const company = await insertCompany(ctx.database.db, {
    status: 'active',
    discount_percent: discount,
    memberIds: [account.id],
    ...(address ? { billing_address: JSON.stringify(address) } : {}),
  });
  return { account, company };
}

/**
 * Price and availability (docs/connect.md, "Price and availability"): each line's part sold today, the
 * buyer's price at the quantity, what stock covers and the expected delivery day.
 */
describeOnEachEngine('POST /api/availability', (ctx) => {
  const api = testApi(ctx);
  const keyApi = testApi(ctx, { origin: null });
  const db = () => ctx.database.db;
  let admin: TestAccount;
  let customer: TestAccount;
  let sequence = 0;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signInAs(ctx.app, db(), 'customer');
  });

  const sku = (prefix: string) => {
    sequence += 1;
    return `GH-${prefix}-${sequence}`;
  };
  const ask = (who: TestAccount, lines: object[]) => api.as(who).post('/api/availability', { lines });
  const withKey = (secret: string, lines: object[]) =>
    keyApi.anonymous.post('/api/availability', { lines }, { headers: { authorization: `Bearer ${secret}` } });
  const supersede = async (fromNumber: string, to: { id: string }, quantityFactor: number) => {
    const res = await api.as(admin).post(`/api/parts/${to.id}/supersessions`, { fromNumber, quantityFactor });
    expect(res.status, res.body).toBe(201);
  };
  const createKey = async (who: TestAccount, scopes: string[]) => {
    const res = await api.as(who).post('/api/api-keys', { name: 'ERP', scopes });
    expect(res.status, res.body).toBe(201);
    return res.json as { id: string; secret: string };
  };
  const deliveryTo = async (country: string) => {
    const settings = (await api.as(admin).get('/api/settings')).json;
    return expectedDelivery(ctx.clock.now(), settings, country);
  };

  it('answers a part at the list price for a customer, with its tier, what stock covers and the delivery day', async () => {
    const part = await insertPart(db(), {
      sku: sku('PAD'),
      name: 'Front brake pads',
      price_cents: 5000,
      price_tiers: JSON.stringify([{ minQuantity: 24, unitPriceCents: 4500 }]),
      min_order_quantity: 6,
      stock: 40,
    });
    const res = await ask(customer, [
      { sku: part.sku, quantity: 12 },
      { sku: ` ${part.sku} `, quantity: 30 },
      { sku: part.sku, quantity: 48 },
    ]);
    expect(res.status, res.body).toBe(200);
    const expected = {
      sku: part.sku,
      found: true,
      partId: part.id,
      currentSku: part.sku,
      name: 'Front brake pads',
      currency: 'USD',
      minOrderQuantity: 6,
      stock: 40,
      expectedDelivery: await deliveryTo('US'),
    };
    expect(res.json).toEqual({
      lines: [
        { ...expected, quantity: 12, unitPriceCents: 5000, promisable: 12 },
        // From 24 on, the tier's price; the number as asked is trimmed.
        { ...expected, quantity: 30, unitPriceCents: 4500, promisable: 30 },
        // More than is in stock: only the stock can be promised.
        { ...expected, quantity: 48, unitPriceCents: 4500, promisable: 40 },
      ],
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it("prices a member's lines at their company's price, and dates delivery to the company's country", async () => {
    const set = await api
      .as(admin)
      .patch('/api/settings', { flashDealEndsAt: '2026-01-01T00:00:00.000Z', transitDays: { CA: 7 } });
    expect(set.status, set.body).toBe(200);
    const { account, company } = await member(ctx, 10, TORONTO);
    const discounted = await insertPart(db(), { sku: sku('DSC'), price_cents: 5000, min_order_quantity: 1 });
    const contract = await insertPart(db(), { sku: sku('CON'), price_cents: 5000, min_order_quantity: 1 });
    const imported = await api
      .as(admin)
      .put(`/api/companies/${company.id}/prices`, `sku,unit_price\n${contract.sku},42.00\n`, csv);
    expect(imported.json).toEqual({ imported: 1, rejected: [] });
    const lines = [
      { sku: discounted.sku, quantity: 2 },
      { sku: contract.sku, quantity: 2 },
    ];

    const res = await ask(account, lines);
    expect(res.status, res.body).toBe(200);
    const toronto = await deliveryTo('CA');
    expect(res.json.lines).toEqual([
      expect.objectContaining({ partId: discounted.id, unitPriceCents: 4500, expectedDelivery: toronto }),
      expect.objectContaining({ partId: contract.id, unitPriceCents: 4200, expectedDelivery: toronto }),
    ]);
    expect(toronto).not.toBe(await deliveryTo('US'));
    // What the cart charges them, to the cent.
    await api.as(account).put(`/api/cart/lines/${contract.id}`, { quantity: 2 });
    expect((await api.as(account).get('/api/cart')).json.lines[0].unitPriceCents).toBe(4200);
    // Anyone else pays the list price, delivered in the seller's country.
    const plain = await ask(customer, lines);
    expect(plain.json.lines.map((line: { unitPriceCents: number }) => line.unitPriceCents)).toEqual([5000, 5000]);
    expect(plain.json.lines[0].expectedDelivery).toBe(await deliveryTo('US'));
  });

  it('follows a replaced number through its chain, multiplying the quantity by the factor', async () => {
    const first = await insertPart(db(), { sku: sku('OLD'), min_order_quantity: 1 });
    const middle = await insertPart(db(), { sku: sku('MID'), min_order_quantity: 1 });
    const current = await insertPart(db(), {
      sku: sku('NEW'),
      name: 'Alternator',
      price_cents: 20_000,
      min_order_quantity: 2,
      stock: 30,
      core_charge_cents: 4500,
    });
    await supersede(first.sku, middle, 2);
    await supersede(middle.sku, current, 1);

    const res = await ask(customer, [
      { sku: first.sku.toLowerCase(), quantity: 12 },
      { sku: middle.sku, quantity: 12 },
    ]);
    expect(res.status, res.body).toBe(200);
    const resolvedFrom = { number: first.sku, chain: [first.sku, middle.sku, current.sku], quantityFactor: 2 };
    expect(res.json.lines[0]).toEqual({
      sku: first.sku.toLowerCase(),
      found: true,
      partId: current.id,
      currentSku: current.sku,
      name: 'Alternator',
      resolvedFrom,
      message: copy.supersessions.replacedByTimes(first.sku, current.sku, 2),
      // 12 of the old number are 24 of the new part, of which 30 are in stock.
      quantity: 24,
      unitPriceCents: 20_000,
      currency: 'USD',
      minOrderQuantity: 2,
      stock: 30,
      promisable: 24,
      expectedDelivery: await deliveryTo('US'),
      coreDepositCents: 4500,
    });
    expect(res.json.lines[1]).toMatchObject({
      resolvedFrom: { number: middle.sku, chain: [middle.sku, current.sku], quantityFactor: 1 },
      message: copy.supersessions.replacedBy(middle.sku, current.sku),
      quantity: 12,
      promisable: 12,
    });
  });

  it('answers a sold-out part with nothing promisable, and unknown or no longer sold numbers as not found, in their place', async () => {
    const soldOut = await insertPart(db(), { sku: sku('OUT'), stock: 0 });
    const archived = await insertPart(db(), { sku: sku('ARC'), archived_at: '2026-01-01T00:00:00.000Z' });
    const res = await ask(customer, [
      { sku: 'GH-XYZ', quantity: 1 },
      { sku: soldOut.sku, quantity: 12 },
      { sku: archived.sku, quantity: 12 },
    ]);
    expect(res.status, res.body).toBe(200);
    expect(res.json.lines).toEqual([
      { sku: 'GH-XYZ', found: false, message: copy.availability.unknownPart('GH-XYZ') },
      expect.objectContaining({ sku: soldOut.sku, found: true, quantity: 12, stock: 0, promisable: 0 }),
      { sku: archived.sku, found: false, message: copy.availability.unknownPart(archived.sku) },
    ]);
    expect(copy.availability.unknownPart('GH-XYZ')).toBe('No part GH-XYZ.');
  });

  it('refuses more than 500 lines under `lines`, and names each bad line’s field', async () => {
    const line = { sku: 'GH-BRK-1042', quantity: 1 };
    const tooMany = await ask(
      customer,
      Array.from({ length: MAX_AVAILABILITY_LINES + 1 }, () => line),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(tooMany.json.errors).toEqual({ lines: copy.availability.tooManyLines(MAX_AVAILABILITY_LINES) });

    const quantity = copy.availability.quantityInvalid(1_000_000);
    const bad = await ask(customer, [
      line,
      { sku: '   ', quantity: 1 },
      { sku: 'X'.repeat(65), quantity: 1 },
      { sku: 'GH-BRK-1042', quantity: 0 },
      { sku: 'GH-BRK-1042', quantity: 1.5 },
      { sku: 'GH-BRK-1042', quantity: 1_000_001 },
      { sku: 'GH-BRK-1042', quantity: '12' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'validation_failed' });
    expect(bad.json.errors).toEqual({
      'lines.1.sku': copy.availability.skuRequired,
      'lines.2.sku': copy.availability.skuTooLong(64),
      'lines.3.quantity': quantity,
      'lines.4.quantity': quantity,
      'lines.5.quantity': quantity,
      'lines.6.quantity': quantity,
    });
    expect((await ask(customer, [])).json.errors).toEqual({ lines: copy.availability.linesRequired });
  });

  it('answers 500 lines with as many statements as 5', async () => {
    const parts = await Promise.all(Array.from({ length: 5 }, () => insertPart(db(), { sku: sku('BULK'), stock: 10 })));
    const linesOf = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: parts[i % 5]!.sku, quantity: 1 + (i % 20) }));
    const unknown = { sku: 'GH-NOWHERE', quantity: 1 };
    const five = await databaseWork(() => ask(customer, [...linesOf(4), unknown]));
    const many = await databaseWork(() => ask(customer, [...linesOf(499), unknown]));
    expect(many.result.status, many.result.body).toBe(200);
    expect(many.result.json.lines).toHaveLength(500);
    expect(many.result.json.lines[499]).toMatchObject({ found: false });
    expect(many.result.json.lines[21]).toMatchObject({ partId: parts[1]!.id, quantity: 2, promisable: 2 });
    // One read of the parts for all the numbers, however many lines.
    expect(many.statements).toBe(five.statements);
  });

  it('answers a key with catalogue:read as its maker, and refuses one without it, a revoked one and a visitor', async () => {
    const { account } = await member(ctx, 10);
    const part = await insertPart(db(), { sku: sku('KEY'), price_cents: 5000, min_order_quantity: 1 });
    const lines = [{ sku: part.sku, quantity: 3 }];
    const reader = await createKey(account, ['catalogue:read']);
    const byKey = await withKey(reader.secret, lines);
    expect(byKey.status, byKey.body).toBe(200);
    // The member's price: the company's 10 % off.
    expect(byKey.json.lines[0]).toMatchObject({ partId: part.id, unitPriceCents: 4500, quantity: 3 });

    const writer = await createKey(account, ['orders:write']);
    const refused = await withKey(writer.secret, lines);
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe(copy.apiKeys.scopeMissing('catalogue:read'));

    expect((await api.as(account).delete(`/api/api-keys/${reader.id}`)).status).toBe(204);
    const revoked = await withKey(reader.secret, lines);
    expect(revoked.status).toBe(401);
    expect(revoked.json.detail).toBe(copy.apiKeys.invalidKey);

    // A visitor learns nothing of the body's rules.
    const visitor = await api.anonymous.post('/api/availability', { lines: 'nonsense' });
    expect(visitor.status).toBe(401);
    expect(visitor.json.code).toBe('unauthenticated');
  });
});
