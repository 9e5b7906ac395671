import { beforeAll, expect, it } from 'vitest';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { bookingBody } from '../../testing/booking';
import { ordersWithPart } from '../../testing/orders';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

/**
 * "In stock only": a part can be booked while its stock covers its minimum order. The list narrows to
 * those with `inStock=true`; a part below its minimum (none left included) is still listed without it,
 * and a booking of it is refused.
 */
describeOnEachEngine('parts in stock', (ctx) => {
  const ids: Record<string, string> = {};
  let customer: TestAccount;

  beforeAll(async () => {
    const { db } = ctx.database;
    const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    ids.plenty = (await insertPart(db, { name: 'Plenty Brake Pads', stock: 500, created_at: at(1) })).id;
    ids.exactly = (await insertPart(db, { name: 'Exactly Enough Brake Disc', stock: 12, created_at: at(2) })).id;
    ids.none = (await insertPart(db, { name: 'Sold Out Brake Hose', stock: 0, created_at: at(3) })).id;
    ids.short = (await insertPart(db, { name: 'Too Few Brake Shoes', stock: 11, created_at: at(4) })).id;
    ids.bigMinimum = (
      await insertPart(db, { name: 'Bulk Brake Fluid', stock: 40, min_order_quantity: 50, created_at: at(5) })
    ).id;
    ids.archived = (
      await insertPart(db, {
        name: 'Archived Brake Line',
        stock: 900,
        archived_at: '2026-03-02T00:00:00.000Z',
        created_at: at(6),
      })
    ).id;
    customer = await signInAs(ctx.app, db, 'customer');
  });

  const idsOf = (body: { items: { id: string }[] }) => body.items.map((p) => p.id);

  it('lists only the parts whose stock covers their minimum order with inStock=true, and counts them', async () => {
    const res = await ctx.app.inject({ url: '/api/parts?inStock=true' });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual([ids.exactly, ids.plenty]);
    expect(res.json().total).toBe(2);
  });

  it('lists every live part without it (or with inStock=false), sold out ones included', async () => {
    const expected = [ids.bigMinimum, ids.short, ids.none, ids.exactly, ids.plenty];
    expect(idsOf((await ctx.app.inject({ url: '/api/parts' })).json())).toEqual(expected);
    const off = await ctx.app.inject({ url: '/api/parts?inStock=false' });
    expect(idsOf(off.json())).toEqual(expected);
    expect(off.json().total).toBe(5);
  });

  it('combines with the search, the sort and the pages', async () => {
    const searched = await ctx.app.inject({ url: '/api/parts?inStock=true&q=disc' });
    expect(idsOf(searched.json())).toEqual([ids.exactly]);
    expect(searched.json().total).toBe(1);
    const secondPage = await ctx.app.inject({ url: '/api/parts?inStock=true&sort=name&limit=1&page=2' });
    expect(idsOf(secondPage.json())).toEqual([ids.plenty]);
    expect(secondPage.json().total).toBe(2);
  });

  it('refuses a value that is not a yes or a no, naming the parameter', async () => {
    const res = await ctx.app.inject({ url: '/api/parts?inStock=maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(res.json().errors ?? {})).toContain('inStock');
  });

  it.each(['none', 'short', 'bigMinimum'])('refuses to book the out-of-stock part (%s) and takes no stock', async (key) => {
    const id = ids[key] as string;
    const before = await ctx.database.db
      .selectFrom('part_stock')
      .select('stock')
      .where('part_id', '=', id)
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: bookingBody(id),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const after = await ctx.database.db
      .selectFrom('part_stock')
      .select('stock')
      .where('part_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.stock).toBe(before.stock);
    const orders = await ordersWithPart(ctx.database.db, id);
    expect(orders).toEqual([]);
  });
});
