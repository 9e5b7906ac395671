import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrator';
import { newId } from '../../ids';
import { signedInCustomer } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody } from '../../testing/booking';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

// A booking checks the customer's unpaid orders against MAX_UNPAID_ORDERS and MAX_UNPAID_VALUE by
// reading one row that triggers on orders keep (migrations 0017 and 0024): every way an order starts or
// stops waiting for payment, or changes its total while it waits, must keep that row equal to a real
// count and sum.
describeOnEachEngine('the unpaid orders of each customer', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  /** An order as the table was before migration 0030 (its first line's part copied on it), without lines. */
  const insertOldOrder = async (partId: string, userId: string, status: string, total: number) => {
    const raw = db() as never as Kysely<Record<string, Record<string, unknown>>>;
    const at = new Date().toISOString();
    await raw
      .insertInto('orders')
      .values({
        id: newId(),
        user_id: userId,
        part_id: partId,
        part_name: 'Part',
        image_url: '/uploads/00000000000000000000000000000000.webp',
        unit_price_cents: total,
        quantity: 1,
        total_cents: total,
        customer_name: 'Customer',
        customer_email: 'customer@example.com',
        phone: '+1 555-010-2030',
        address: '12 Piston Road',
        status,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };
  const kept = async (userId: string) => {
    const row = await db().selectFrom('unpaid_orders').select(['n', 'cents']).where('user_id', '=', userId).executeTakeFirst();
    return { n: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  };
  const counted = async (userId: string) => {
    const rows = await db()
      .selectFrom('orders')
      .select('total_cents')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending_payment')
      .execute();
    return { n: rows.length, cents: rows.reduce((sum, row) => sum + Number(row.total_cents), 0) };
  };
  /** `n` unpaid orders of `cents` together, counted from the orders and as kept. */
  const expectKept = async (userId: string, n: number, cents?: number) => {
    const real = await counted(userId);
    expect(real.n).toBe(n);
    if (cents !== undefined) expect(real.cents).toBe(cents);
    expect(await kept(userId)).toEqual(real);
  };

  it('follows bookings, payments, cancels, deletes and statuses set by hand', async () => {
    const customer = await signedInCustomer(ctx);
    const part = await insertPart(db(), { stock: 10_000 });
    await expectKept(customer.id, 0);

    const booked = await api.as(customer).post('/api/orders', bookingBody(part.id));
    expect(booked.status, booked.body).toBe(201);
    await expectKept(customer.id, 1);
    const cancelled = await api.as(customer).delete(`/api/orders/${booked.json.id}`);
    expect(cancelled.status, cancelled.body).toBe(200);
    await expectKept(customer.id, 0);

    const unpaid = await insertOrder(db(), {
      part_id: part.id,
      user_id: customer.id,
      status: 'pending_payment',
      total_cents: 700,
    });
    const other = await insertOrder(db(), {
      part_id: part.id,
      user_id: customer.id,
      status: 'pending_payment',
      total_cents: 500,
    });
    await insertOrder(db(), { part_id: part.id, user_id: customer.id, status: 'paid', total_cents: 300 });
    await expectKept(customer.id, 2, 1200);
    await db().updateTable('orders').set({ status: 'paid' }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 1, 500);
    // A total changed by hand: while unpaid it counts, once paid it does not.
    await db().updateTable('orders').set({ total_cents: 550 }).where('id', '=', other.id).execute();
    await expectKept(customer.id, 1, 550);
    await db().updateTable('orders').set({ total_cents: 900 }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 1, 550);
    // A change that keeps the status, and one back to unpaid.
    await db().updateTable('orders').set({ status: 'pending_payment', updated_at: 'x' }).where('id', '=', other.id).execute();
    await expectKept(customer.id, 1);
    await db().updateTable('orders').set({ status: 'pending_payment' }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 2, 1450);
    // Status and total in one statement.
    await db().updateTable('orders').set({ status: 'paid', total_cents: 1 }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 1, 550);
    await db().updateTable('orders').set({ status: 'pending_payment', total_cents: 900 }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 2, 1450);
    // One statement settling several orders (as the expiry sweep does), then a delete.
    await db()
      .updateTable('orders')
      .set({ status: 'cancelled', cancel_reason: 'expired' })
      .where('id', 'in', [unpaid.id, other.id])
      .execute();
    await expectKept(customer.id, 0);
    const doomed = await insertOrder(db(), { part_id: part.id, user_id: customer.id, status: 'pending_payment' });
    await expectKept(customer.id, 1);
    await db().deleteFrom('order_lines').where('order_id', '=', doomed.id).execute();
    await db().deleteFrom('orders').where('id', '=', doomed.id).execute();
    await expectKept(customer.id, 0);
  });

  it('counts nothing for an order without a customer', async () => {
    const part = await insertPart(db());
    const before = await db().selectFrom('unpaid_orders').select(['user_id', 'n', 'cents']).orderBy('user_id').execute();
    await insertOrder(db(), { part_id: part.id, user_id: null, status: 'pending_payment' });
    expect(await db().selectFrom('unpaid_orders').select(['user_id', 'n', 'cents']).orderBy('user_id').execute()).toEqual(before);
  });

  it("counts the orders already unpaid, and sums them, when the migrations run, each customer's own", async () => {
    const part = await insertPart(db());
    await migrateTo(db(), '0016-low-stock-threshold');
    const [a, b] = [newId(), newId()];
    for (const [userId, status, total] of [
      [a, 'pending_payment', 1000],
      [a, 'pending_payment', 2500],
      [a, 'paid', 4000],
      [b, 'cancelled', 8000],
      [b, 'pending_payment', 16_000],
    ] as const) {
      await insertOldOrder(part.id, userId, status, total);
    }
    await migrateToLatest(db());
    await expectKept(a, 2, 3500);
    await expectKept(b, 1, 16_000);

    // Customers with unpaid orders when the sum is added to the count (migration 0024).
    const c = newId();
    await migrateTo(db(), '0023-search-miss-clients');
    await insertOldOrder(part.id, c, 'pending_payment', 3200);
    await insertOldOrder(part.id, c, 'pending_payment', 6400);
    await migrateToLatest(db());
    await expectKept(c, 2, 9600);
    await expectKept(a, 2, 3500);
    await insertOrder(db(), { part_id: part.id, user_id: c, status: 'pending_payment', total_cents: 100 });
    await expectKept(c, 3, 9700);
  });
});
