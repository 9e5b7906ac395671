import { SqliteAdapter, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { OrderList } from '#shared/schemas/orders';
import type { OrderRow } from '../../db/schema';
import { newTimeOrderedId } from '../../ids';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { ordersMatching } from './orders.repository';

const o = copy.orders;

describeOnEachEngine('orders lists: numbers, search and booking days', (ctx) => {
  let admin: TestAccount;
  let buyer: TestAccount;
  let neighbour: TestAccount;
  let partId: string;
  const api = testApi(ctx);

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    buyer = await signedInCustomer(ctx);
    neighbour = await signedInCustomer(ctx);
    partId = (await insertPart(ctx.database.db, { stock: 1000 })).id;
  });

  /** An order of `account`'s booked at `created_at`, with a time-ordered id as the shop gives one. */
  const orderOf = (account: TestAccount, created_at: string, overrides: Partial<OrderRow> = {}) =>
    insertOrder(ctx.database.db, {
      id: newTimeOrderedId(Date.parse(created_at)),
      part_id: partId,
      user_id: account.id,
      created_at,
      updated_at: created_at,
      ...overrides,
    });
  const mine = async (query: string, account = buyer) => {
    const res = await api.as(account).get<OrderList>(`/api/me/orders${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json;
  };
  const all = async (query: string) => {
    const res = await api.as(admin).get<OrderList>(`/api/orders${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json;
  };
  const ids = (list: OrderList) => list.items.map((order) => order.id);

  it('names each order by the first 18 characters of its id in capitals, in both lists and on its own', async () => {
    const order = await orderOf(buyer, '2024-02-10T09:30:00.000Z', { status: 'pending_payment' });
    const number = order.id.slice(0, 18).toUpperCase();
    expect(number).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-7[0-9A-F]{3}$/);
    expect((await api.as(buyer).get(`/api/orders/${order.id}`)).json.number).toBe(number);
    expect((await mine('?view=all')).items.find((item) => item.id === order.id)?.number).toBe(number);
    expect((await all('?limit=100')).items.find((item) => item.id === order.id)?.number).toBe(number);
  });

  it('finds a customer’s own order by its number, its whole id or its invoice number, however it is typed', async () => {
    const paid = await orderOf(buyer, '2024-03-01T10:00:00.000Z', {
      status: 'paid',
      paid_at: '2024-03-01T10:05:00.000Z',
      invoice_number: 'INV-2024-000417',
    });
    const other = await orderOf(buyer, '2024-03-01T10:00:00.001Z');
    const number = paid.id.slice(0, 18).toUpperCase();
    for (const typed of [number, number.toLowerCase(), `#${number}`, number.replace(/-/g, ''), ` ${number} `, paid.id]) {
      const found = await mine(`?view=all&q=${encodeURIComponent(typed)}`);
      expect(ids(found), typed).toEqual([paid.id]);
      expect(found.total).toBe(1);
    }
    for (const typed of ['INV-2024-000417', 'inv-2024-417', 'INV2024000417']) {
      expect(ids(await mine(`?view=all&q=${encodeURIComponent(typed)}`)), typed).toEqual([paid.id]);
    }
    expect(ids(await mine(`?view=all&q=${encodeURIComponent(other.id.slice(0, 18))}`))).toEqual([other.id]);
    // The open view still leaves a cancelled order out, found or not.
    await ctx.database.db
      .updateTable('orders')
      .set({ status: 'cancelled', cancel_reason: 'customer' })
      .where('id', '=', other.id)
      .execute();
    expect(await mine(`?q=${other.id.slice(0, 18)}`)).toMatchObject({ items: [], total: 0 });
    expect(ids(await mine(`?view=cancelled&q=${other.id.slice(0, 18)}`))).toEqual([other.id]);
  });

  it('never finds another customer’s order in My Orders, by number or by invoice', async () => {
    const theirs = await orderOf(neighbour, '2024-04-01T10:00:00.000Z', {
      status: 'paid',
      paid_at: '2024-04-01T10:05:00.000Z',
      invoice_number: 'INV-2024-000500',
    });
    expect(await mine(`?view=all&q=${theirs.id.slice(0, 18)}`)).toMatchObject({ items: [], total: 0 });
    expect(await mine('?view=all&q=INV-2024-000500')).toMatchObject({ items: [], total: 0 });
    expect(ids(await mine('?view=all&q=INV-2024-000500', neighbour))).toEqual([theirs.id]);
  });

  it('lists the orders booked from one day to another, both days whole (UTC), newest first, in either list', async () => {
    const before = await orderOf(buyer, '2023-05-31T23:59:59.999Z');
    const first = await orderOf(buyer, '2023-06-01T00:00:00.000Z');
    const cancelled = await orderOf(buyer, '2023-06-02T12:00:00.000Z', { status: 'cancelled', cancel_reason: 'expired' });
    const last = await orderOf(buyer, '2023-06-03T23:59:59.999Z');
    const after = await orderOf(buyer, '2023-06-04T00:00:00.000Z');
    const theirs = await orderOf(neighbour, '2023-06-02T08:00:00.000Z', { status: 'shipped' });

    expect(await mine('?from=2023-06-01&to=2023-06-03')).toMatchObject({ total: 2 });
    expect(ids(await mine('?from=2023-06-01&to=2023-06-03'))).toEqual([last.id, first.id]);
    expect(ids(await mine('?view=all&from=2023-06-01&to=2023-06-03'))).toEqual([last.id, cancelled.id, first.id]);
    expect(ids(await mine('?view=all&from=2023-06-04&to=2023-06-30'))).toEqual([after.id]);
    expect(ids(await mine('?view=all&from=2023-05-01&to=2023-05-31'))).toEqual([before.id]);
    // One bound alone, and empty values as a form sends them.
    expect(ids(await mine('?view=all&q=&from=&to=2023-05-31'))).toContain(before.id);
    expect(ids(await mine('?view=all&q=&from=&to=2023-05-31'))).not.toContain(first.id);

    const everyone = await all('?from=2023-06-01&to=2023-06-03');
    expect(ids(everyone)).toEqual([last.id, cancelled.id, theirs.id, first.id]);
    expect(everyone.total).toBe(4);
    expect(await all('?status=shipped&from=2023-06-01&to=2023-06-03')).toMatchObject({ total: 1, items: [{ id: theirs.id }] });
    // Paged like the whole list, the total counting the days' orders alone.
    expect(await all('?from=2023-06-01&to=2023-06-03&limit=3&page=2')).toMatchObject({ total: 4, items: [{ id: first.id }] });
  });

  it('finds any customer’s order for an admin, by number or by invoice number, with its status', async () => {
    const paid = await orderOf(neighbour, '2022-01-05T08:00:00.000Z', {
      status: 'paid',
      paid_at: '2022-01-05T08:01:00.000Z',
      invoice_number: 'INV-2022-000003',
    });
    const number = paid.id.slice(0, 18);
    expect(await all(`?q=${number}`)).toMatchObject({ total: 1, items: [{ id: paid.id, invoiceNumber: 'INV-2022-000003' }] });
    expect(await all('?q=INV-2022-3')).toMatchObject({ total: 1, items: [{ id: paid.id }] });
    expect(await all(`?q=${number}&status=shipped`)).toMatchObject({ total: 0, items: [] });
    expect(await all(`?q=${number}&from=2022-01-06`)).toMatchObject({ total: 0, items: [] });
    expect(await all('?q=INV-2022-000004')).toMatchObject({ total: 0, items: [] });
  });

  it.each([
    ['a word', 'brake pads'],
    ['a part of a number', '0195F3A2'],
    ['a number one digit short', '0195F3A2-9C41-7A3'],
    ['text far too long', 'A'.repeat(101)],
  ])('refuses %s as the search, with 400 and a message that shows both kinds of number', async (_case, q) => {
    for (const url of ['/api/me/orders', '/api/orders']) {
      const res = await api.as(admin).get(`${url}?q=${encodeURIComponent(q)}`);
      expect(res.status, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json.errors).toEqual({ q: o.searchInvalid });
    }
  });

  it.each([
    ['a day that does not exist', '?from=2023-02-29', 'from', copy.manageOrders.exportDateInvalid],
    ['a date in another format', '?to=06/03/2023', 'to', copy.manageOrders.exportDateInvalid],
    ['to before from', '?from=2023-06-02&to=2023-06-01', 'to', copy.manageOrders.exportRangeReversed],
  ])('refuses %s with 400 naming the field, in both lists', async (_case, query, field, message) => {
    for (const url of ['/api/me/orders', '/api/orders']) {
      const res = await api.as(admin).get(`${url}${query}`);
      expect(res.status, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json.errors).toEqual({ [field]: message });
    }
  });

  it('finds an order by its number through the index on the number, not by reading every order', async () => {
    const compiled = ordersMatching(ctx.database.db, { search: { kind: 'number', idPrefix: '0195f3a2-9c41-7a3b' } })
      .select('id')
      .compile();
    const db = ctx.database.db;
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      const plan = await sql
        .raw<{ detail: string }>(`explain query plan ${compiled.sql.replace('?', "'0195f3a2-9c41-7a3b'")}`)
        .execute(db);
      expect(plan.rows.map((row) => row.detail).join('\n')).toContain('USING INDEX orders_number_idx');
      return;
    }
    // A table of a few rows is read whole whatever the indexes; with that way ruled out, the index must serve.
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql.raw<{ 'QUERY PLAN': string }>(`explain ${compiled.sql.replace('$1', "'0195f3a2-9c41-7a3b'")}`).execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('orders_number_idx');
  });

  it('tells, on an expired order, when its time to pay ran out', async () => {
    const expired = await orderOf(buyer, '2025-01-10T08:00:00.000Z', { status: 'cancelled', cancel_reason: 'expired' });
    const byCustomer = await orderOf(buyer, '2025-01-10T08:00:00.001Z', { status: 'cancelled', cancel_reason: 'customer' });
    // ORDER_PAYMENT_WINDOW_HOURS, 48 by default, after booking.
    expect((await api.as(buyer).get(`/api/orders/${expired.id}`)).json.payBy).toBe('2025-01-12T08:00:00.000Z');
    expect((await api.as(buyer).get(`/api/orders/${byCustomer.id}`)).json.payBy).toBeNull();
  });
});
