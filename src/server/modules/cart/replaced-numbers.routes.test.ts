import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { payByCard } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

const s = copy.supersessions;

/**
 * A replaced part number typed or remembered (docs/shop-rules.md, "Part numbers that change"): quick
 * order, the cart, the order and its invoice, Order again and saved lists all resolve it to the part
 * sold today and say so.
 */
describeOnEachEngine('replaced part numbers in the cart, orders and lists', (ctx) => {
  let admin: TestAccount;
  let sequence = 0;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
  });

  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const customer = () => signInAs(ctx.app, db(), 'customer');
  /** An old part on sale, and its successor that replaces its number with `factor`: the old one is archived. */
  async function replaced(factor: number, successor: object = {}) {
    sequence += 1;
    const old = await insertPart(db(), { sku: `GH-OLD-${sequence}`, min_order_quantity: 1 });
    const next = await insertPart(db(), { sku: `GH-NEW-${sequence}`, min_order_quantity: 1, stock: 500, ...successor });
    return { old, next };
  }
  const supersede = async (old: { sku: string }, next: { id: string }, quantityFactor: number) => {
    const res = await api.as(admin).post(`/api/parts/${next.id}/supersessions`, { fromNumber: old.sku, quantityFactor });
    expect(res.status).toBe(201);
  };

  it('quick order puts the successor in the cart with the quantity multiplied, and says so', async () => {
    const { old, next } = await replaced(2);
    await supersede(old, next, 2);
    const buyer = await customer();
    const res = await api.as(buyer).post('/api/cart/import', { text: `${old.sku.toLowerCase()} 12` });
    expect(res.status).toBe(200);
    const resolvedFrom = { number: old.sku, chain: [old.sku, next.sku], quantityFactor: 2 };
    expect(res.json.added).toEqual([
      { sku: next.sku, quantity: 24, resolvedFrom, message: s.replacedByTimes(old.sku, next.sku, 2) },
    ]);
    expect(res.json.rejected).toEqual([]);
    expect(res.json.cart.lines).toEqual([expect.objectContaining({ partId: next.id, quantity: 24, resolvedFrom })]);
  });

  it('says what a refused line was resolved to: the multiplied quantity breaks the new part’s pack size', async () => {
    const { old, next } = await replaced(3, { pack_size: 4 });
    await supersede(old, next, 3);
    const res = await api.as(await customer()).post('/api/cart/import', { text: `${old.sku} 1` });
    expect(res.json.added).toEqual([]);
    expect(res.json.rejected).toHaveLength(1);
    expect(res.json.rejected[0].message).toMatch(
      new RegExp(`^${s.replacedByTimes(old.sku, next.sku, 3).replace(/[()]/g, '\\$&')}: `),
    );
  });

  it('keeps the number as ordered on the order line and shows it on the order', async () => {
    const { old, next } = await replaced(1);
    await supersede(old, next, 1);
    const buyer = await customer();
    await api.as(buyer).post('/api/cart/import', { text: `${old.sku} 5` });
    const placed = await api
      .as(buyer)
      .post('/api/orders', { lines: [{ partId: next.id, quantity: 5 }], phone: TEST_PHONE, address: TEST_ADDRESS });
    expect(placed.status).toBe(201);
    const order = await api.as(buyer).get(`/api/orders/${placed.json.id}`);
    expect(order.json.lines).toEqual([expect.objectContaining({ sku: next.sku, orderedNumber: old.sku, quantity: 5 })]);
    const row = await db()
      .selectFrom('order_lines')
      .select('ordered_number')
      .where('order_id', '=', placed.json.id)
      .executeTakeFirstOrThrow();
    expect(row.ordered_number).toBe(old.sku);
    // Paid, it is invoiced: the PDF is made with the number as ordered under the part.
    expect((await payByCard(ctx, buyer, placed.json.id)).status).toBe(200);
    const pdf = await api.as(buyer).get(`/api/orders/${placed.json.id}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('shows a cart line whose part was replaced meanwhile with its successor', async () => {
    const { old, next } = await replaced(2);
    const buyer = await customer();
    expect((await api.as(buyer).put(`/api/cart/lines/${old.id}`, { quantity: 3 })).status).toBe(200);
    await supersede(old, next, 2);
    const cart = await api.as(buyer).get('/api/cart');
    expect(cart.json.lines).toEqual([
      expect.objectContaining({
        partId: old.id,
        problem: s.replacedByTimes(old.sku, next.sku, 2),
        replacedBy: {
          partId: next.id,
          sku: next.sku,
          name: next.name,
          resolvedFrom: { number: old.sku, chain: [old.sku, next.sku], quantityFactor: 2 },
        },
      }),
    ]);
  });

  it('replaces such a line with its successor in one step, the quantity multiplied and the old number kept', async () => {
    const { old, next } = await replaced(2);
    const buyer = await customer();
    await api.as(buyer).put(`/api/cart/lines/${old.id}`, { quantity: 3 });
    const notYet = await api.as(buyer).post(`/api/cart/lines/${old.id}/replace`);
    expect(notYet.status).toBe(409);
    expect(notYet.json.detail).toBe(s.notReplaced);
    await supersede(old, next, 2);
    const res = await api.as(buyer).post(`/api/cart/lines/${old.id}/replace`);
    expect(res.status).toBe(200);
    expect(res.json.lines).toEqual([
      expect.objectContaining({
        partId: next.id,
        quantity: 6,
        resolvedFrom: { number: old.sku, chain: [old.sku, next.sku], quantityFactor: 2 },
      }),
    ]);
    expect((await api.as(buyer).post(`/api/cart/lines/${old.id}/replace`)).status).toBe(404);
  });

  it('orders again an order of a replaced part as its successor, the quantity multiplied', async () => {
    const { old, next } = await replaced(2);
    const buyer = await customer();
    const placed = await api
      .as(buyer)
      .post('/api/orders', { lines: [{ partId: old.id, quantity: 6 }], phone: TEST_PHONE, address: TEST_ADDRESS });
    expect(placed.status).toBe(201);
    await supersede(old, next, 2);
    const again = await api.as(buyer).post(`/api/orders/${placed.json.id}/reorder`);
    expect(again.status).toBe(200);
    expect(again.json.unavailable).toEqual([]);
    expect(again.json.replaced).toEqual([
      {
        sku: next.sku,
        quantity: 12,
        resolvedFrom: { number: old.sku, chain: [old.sku, next.sku], quantityFactor: 2 },
        message: s.replacedByTimes(old.sku, next.sku, 2),
      },
    ]);
    expect(again.json.lines).toEqual([expect.objectContaining({ partId: next.id, quantity: 12 })]);
  });

  it('adds a saved list’s replaced part to the cart as its successor, and resolves an old number written on a list', async () => {
    const { old, next } = await replaced(2);
    const buyer = await customer();
    await insertCompany(db(), { memberIds: [buyer.id], status: 'active' });
    const list = await api.as(buyer).post('/api/me/lists', { name: 'Brakes', items: [{ sku: old.sku, quantity: 4 }] });
    expect(list.status).toBe(201);
    await supersede(old, next, 2);
    const listed = await api.as(buyer).get(`/api/me/lists/${list.json.id}`);
    expect(listed.json.items).toEqual([
      expect.objectContaining({
        sku: old.sku,
        noLongerSold: true,
        replacedBy: {
          partId: next.id,
          sku: next.sku,
          resolvedFrom: { number: old.sku, chain: [old.sku, next.sku], quantityFactor: 2 },
        },
      }),
    ]);
    const toCart = await api.as(buyer).post(`/api/me/lists/${list.json.id}/to-cart`);
    expect(toCart.status).toBe(200);
    expect(toCart.json.added).toEqual([
      {
        sku: next.sku,
        quantity: 8,
        resolvedFrom: { number: old.sku, chain: [old.sku, next.sku], quantityFactor: 2 },
        message: s.replacedByTimes(old.sku, next.sku, 2),
      },
    ]);

    const written = await api.as(buyer).post('/api/me/lists', { name: 'Written', items: [{ sku: old.sku, quantity: 3 }] });
    expect(written.status).toBe(201);
    const shown = await api.as(buyer).get(`/api/me/lists/${written.json.id}`);
    expect(shown.json.items).toEqual([expect.objectContaining({ sku: next.sku, quantity: 6 })]);
  });
});
