import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrator';
import { newId } from '../../ids';
import { signedInCustomer } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody } from '../../testing/booking';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

// A booking checks the customer's unpaid orders against MAX_UNPAID_ORDERS by reading one row that
// triggers on orders keep (migration 0017): every way an order starts or stops waiting for payment must
// keep that row equal to a real count.
describeOnEachEngine('the unpaid orders of each customer', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const kept = async (userId: string) =>
    Number((await db().selectFrom('unpaid_orders').select('n').where('user_id', '=', userId).executeTakeFirst())?.n ?? 0);
  const counted = async (userId: string) =>
    (await db().selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 'pending_payment').execute())
      .length;
  const expectKept = async (userId: string, n: number) => {
    expect(await counted(userId)).toBe(n);
    expect(await kept(userId)).toBe(n);
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

    const unpaid = await insertOrder(db(), { part_id: part.id, user_id: customer.id, status: 'pending_payment' });
    const other = await insertOrder(db(), { part_id: part.id, user_id: customer.id, status: 'pending_payment' });
    await insertOrder(db(), { part_id: part.id, user_id: customer.id, status: 'paid' });
    await expectKept(customer.id, 2);
    await db().updateTable('orders').set({ status: 'paid' }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 1);
    // A change that keeps the status, and one back to unpaid.
    await db().updateTable('orders').set({ status: 'pending_payment', updated_at: 'x' }).where('id', '=', other.id).execute();
    await expectKept(customer.id, 1);
    await db().updateTable('orders').set({ status: 'pending_payment' }).where('id', '=', unpaid.id).execute();
    await expectKept(customer.id, 2);
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
    const before = await db().selectFrom('unpaid_orders').select(['user_id', 'n']).orderBy('user_id').execute();
    await insertOrder(db(), { part_id: part.id, user_id: null, status: 'pending_payment' });
    expect(await db().selectFrom('unpaid_orders').select(['user_id', 'n']).orderBy('user_id').execute()).toEqual(before);
  });

  it("counts the orders already unpaid when the migration runs, each customer's own", async () => {
    const part = await insertPart(db());
    await migrateTo(db(), '0016-low-stock-threshold');
    const [a, b] = [newId(), newId()];
    for (const [userId, status] of [
      [a, 'pending_payment'],
      [a, 'pending_payment'],
      [a, 'paid'],
      [b, 'cancelled'],
      [b, 'pending_payment'],
    ] as const) {
      await insertOrder(db(), { part_id: part.id, user_id: userId, status });
    }
    await migrateToLatest(db());
    await expectKept(a, 2);
    await expectKept(b, 1);
  });
});
