import { beforeAll, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Overview } from '#shared/schemas/overview';
import { newId } from '../../ids';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

// The admin overview's figures, computed on a known set of orders, on both engines; they come from
// counters the database keeps (migration 0015), so every way an order changes is tried.
describeOnEachEngine('admin overview API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  const api = testApi(ctx);
  const db = () => ctx.database.db;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const overview = async (query = '') => {
    const res = await api.as(admin).get(`/api/admin/overview${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json as Overview;
  };
  const day = (overviewBody: Overview, date: string) => overviewBody.revenueByDay.find((entry) => entry.date === date);

  it('adds up revenue per day, orders by status, best sellers, low stock and searches that found nothing', async () => {
    ctx.clock.set('2026-06-30T12:00:00.000Z');
    const before = await overview('?days=90');
    const pads = await insertPart(db(), { name: 'Overview pads', sku: 'OV-PADS', stock: 500, min_order_quantity: 12 });
    const discs = await insertPart(db(), { name: 'Overview discs', sku: 'OV-DISCS', stock: 20, min_order_quantity: 12 });
    // Its own threshold puts it under the line with far more than twice its minimum; 0 keeps it off.
    const own = await insertPart(db(), {
      name: 'Overview own',
      sku: 'OV-OWN',
      stock: 100,
      min_order_quantity: 12,
      low_stock_threshold: 150,
    });
    await insertPart(db(), { name: 'Overview never', sku: 'OV-NEVER', stock: 5, min_order_quantity: 12, low_stock_threshold: 0 });
    await insertPart(db(), {
      name: 'Overview archived',
      sku: 'OV-ARCH',
      stock: 1,
      min_order_quantity: 12,
      archived_at: '2026-06-01T00:00:00.000Z',
    });
    const paid = (partId: string, paidAt: string, quantity: number, status: 'paid' | 'shipped' | 'delivered' = 'paid') =>
      insertOrder(db(), { part_id: partId, quantity, total_cents: 1000 * quantity, status, paid_at: paidAt });
    await paid(pads.id, '2026-06-29T08:00:00.000Z', 24);
    await paid(discs.id, '2026-06-29T23:59:59.000Z', 12, 'shipped');
    await paid(pads.id, '2026-06-01T10:00:00.000Z', 12, 'delivered');
    await paid(pads.id, '2026-05-01T10:00:00.000Z', 12);
    await insertOrder(db(), { part_id: pads.id, quantity: 36, total_cents: 36000, status: 'pending_payment' });
    // Paid, then cancelled by an admin: it leaves its day and the best sellers.
    const refunded = await paid(pads.id, '2026-06-29T09:00:00.000Z', 48);
    await db().updateTable('orders').set({ status: 'cancelled', cancel_reason: 'admin' }).where('id', '=', refunded.id).execute();
    // Paid later than first recorded: it moves to its new day.
    const moved = await paid(discs.id, '2026-06-10T09:00:00.000Z', 12);
    await db().updateTable('orders').set({ paid_at: '2026-06-11T09:00:00.000Z' }).where('id', '=', moved.id).execute();
    for (const [q, at] of [
      ['brembo', '2026-06-20T00:00:00.000Z'],
      ['Brembo', '2026-06-21T00:00:00.000Z'],
      ['wiper', '2026-06-22T00:00:00.000Z'],
      ['older', '2026-04-15T00:00:00.000Z'],
    ] as const) {
      await db().insertInto('search_misses').values({ id: newId(), q, filters: '{}', created_at: at }).execute();
    }

    const month = await overview();
    expect(month.days).toBe(30);
    expect(month.revenueByDay).toHaveLength(30);
    expect(month.revenueByDay[0]?.date).toBe('2026-06-01');
    expect(month.revenueByDay.at(-1)?.date).toBe('2026-06-30');
    expect(day(month, '2026-06-29')).toEqual({ date: '2026-06-29', cents: 36_000, orders: 2 });
    expect(day(month, '2026-06-01')).toEqual({ date: '2026-06-01', cents: 12_000, orders: 1 });
    expect(day(month, '2026-06-10')).toEqual({ date: '2026-06-10', cents: 0, orders: 0 });
    expect(day(month, '2026-06-11')).toEqual({ date: '2026-06-11', cents: 12_000, orders: 1 });
    expect(day(month, '2026-06-30')).toEqual({ date: '2026-06-30', cents: 0, orders: 0 });

    const quarter = await overview('?days=90');
    expect(quarter.revenueByDay).toHaveLength(90);
    expect(day(quarter, '2026-05-01')).toEqual({ date: '2026-05-01', cents: 12_000, orders: 1 });
    const sum = (body: Overview) => body.revenueByDay.reduce((total, entry) => total + entry.cents, 0);
    expect(sum(quarter) - sum(before)).toBe(72_000);

    expect(quarter.ordersByStatus.paid - before.ordersByStatus.paid).toBe(3);
    expect(quarter.ordersByStatus.shipped - before.ordersByStatus.shipped).toBe(1);
    expect(quarter.ordersByStatus.delivered - before.ordersByStatus.delivered).toBe(1);
    expect(quarter.ordersByStatus.pending_payment - before.ordersByStatus.pending_payment).toBe(1);
    expect(quarter.ordersByStatus.cancelled - before.ordersByStatus.cancelled).toBe(1);

    expect(quarter.topParts.filter((part) => part.sku.startsWith('OV-'))).toEqual([
      { partId: pads.id, name: 'Overview pads', sku: 'OV-PADS', units: 48, cents: 48_000 },
      { partId: discs.id, name: 'Overview discs', sku: 'OV-DISCS', units: 24, cents: 24_000 },
    ]);
    expect(quarter.lowStock.filter((part) => part.sku.startsWith('OV-'))).toEqual([
      { partId: discs.id, name: 'Overview discs', sku: 'OV-DISCS', stock: 20, threshold: 24 },
      { partId: own.id, name: 'Overview own', sku: 'OV-OWN', stock: 100, threshold: 150 },
    ]);
    expect(month.zeroResultSearches).toEqual([
      { q: 'brembo', count: 2 },
      { q: 'wiper', count: 1 },
    ]);
    expect(quarter.zeroResultSearches).toEqual(expect.arrayContaining([{ q: 'older', count: 1 }]));

    // Deleting a paid order (its part removed) takes it off its day.
    await db().deleteFrom('order_lines').where('order_id', '=', moved.id).execute();
    await db().deleteFrom('orders').where('id', '=', moved.id).execute();
    expect(day(await overview(), '2026-06-11')).toEqual({ date: '2026-06-11', cents: 0, orders: 0 });
  });

  it('counts revenue gross: an order’s total, tax and delivery included', async () => {
    ctx.clock.set('2026-09-30T12:00:00.000Z');
    const part = await insertPart(db(), { name: 'Overview gross', sku: 'OV-GROSS', stock: 500 });
    await insertOrder(db(), {
      part_id: part.id,
      unit_price_cents: 450,
      quantity: 12,
      goods_cents: 5_400,
      delivery_cents: 990,
      tax_cents: 383,
      total_cents: 6_773,
      status: 'paid',
      paid_at: '2026-09-15T10:00:00.000Z',
    });
    expect(day(await overview(), '2026-09-15')).toEqual({ date: '2026-09-15', cents: 6_773, orders: 1 });
  });

  it('counts a text searched without a result once per client, however its visitor writes it', async () => {
    ctx.clock.set('2026-06-30T15:00:00.000Z');
    const search = (q: string, remoteAddress: string) =>
      ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}`, remoteAddress });
    // Forty ways of writing one text, from one address; then two addresses of one IPv6 /64, and another.
    for (let i = 0; i < 40; i += 1) {
      const variant = [...'zqovrview'].map((letter, at) => ((i >> at) & 1 ? letter.toUpperCase() : letter)).join('');
      expect((await search(i % 2 ? ` ${variant}\u200B` : variant, '198.51.100.30')).statusCode).toBe(200);
    }
    await search('ZQOVRVIEW', '2001:db8:30:30::1');
    await search('zqovrview', '2001:db8:30:30:ffff::2');
    await search('zqOvrview', '::ffff:198.51.100.31');
    // Written after the answers: once each client's row is in, no other can come (one a text, client and day).
    await vi.waitFor(async () => {
      const rows = await db().selectFrom('search_misses').select('client').where('q', '=', 'zqovrview').execute();
      expect(rows.map((row) => row.client).sort()).toEqual(['198.51.100.30', '198.51.100.31', '2001:db8:30:30::/64']);
    });
    expect((await overview()).zeroResultSearches).toContainEqual({ q: 'zqovrview', count: 3 });
  });

  it('refuses a period other than 30 or 90 days, naming the field', async () => {
    for (const days of ['7', '31', 'abc', '']) {
      const res = await api.as(admin).get(`/api/admin/overview?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.json.errors.days).toBe(copy.overview.daysInvalid);
    }
  });

  it('is for admins only', async () => {
    expect((await api.anonymous.get('/api/admin/overview')).status).toBe(401);
    expect((await api.as(customer).get('/api/admin/overview')).status).toBe(403);
  });
});
