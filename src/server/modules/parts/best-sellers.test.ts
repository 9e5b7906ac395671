import { expect, it } from 'vitest';
import type { Part } from '#shared/schemas/parts';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

describeOnEachEngine('best sellers', (ctx) => {
  const bestSellers = async (limit?: number) => {
    const res = await ctx.app.inject({ url: `/api/parts/best-sellers${limit ? `?limit=${limit}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Part[] }>().items.map((part) => part.name);
  };

  it('shows the newest parts while nothing has sold, then the parts with the most units in paid orders first', async () => {
    const { db } = ctx.database;
    const names = ['Radiator', 'Spark plug', 'Wiper blade', 'Air filter', 'Fuel pump'];
    const parts = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await insertPart(db, { name })] as const)),
    );
    const id = (name: string) => parts[name]?.id ?? '';

    expect(await bestSellers(3)).toEqual(['Fuel pump', 'Air filter', 'Wiper blade']);

    // Units, not orders, count; only paid (or later) orders count.
    await insertOrder(db, { part_id: id('Radiator'), quantity: 24, status: 'paid' });
    await insertOrder(db, { part_id: id('Spark plug'), quantity: 12, status: 'shipped' });
    await insertOrder(db, { part_id: id('Spark plug'), quantity: 12, status: 'delivered' });
    await insertOrder(db, { part_id: id('Spark plug'), quantity: 12, status: 'paid' });
    await insertOrder(db, { part_id: id('Wiper blade'), quantity: 500, status: 'pending_payment' });
    await insertOrder(db, { part_id: id('Wiper blade'), quantity: 500, status: 'cancelled', cancel_reason: 'expired' });

    // Two sold, topped up with the newest of the rest.
    expect(await bestSellers(4)).toEqual(['Spark plug', 'Radiator', 'Fuel pump', 'Air filter']);
    expect(await bestSellers()).toHaveLength(5);

    // An archived part is no longer sold, whatever it sold before.
    await db.updateTable('parts').set({ archived_at: '2026-06-01T00:00:00.000Z' }).where('id', '=', id('Spark plug')).execute();
    expect(await bestSellers(2)).toEqual(['Radiator', 'Fuel pump']);
  });

  it('refuses a limit out of range with a problem', async () => {
    const res = await ctx.app.inject({ url: '/api/parts/best-sellers?limit=1000' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});
