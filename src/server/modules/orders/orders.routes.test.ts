import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { OrderStatus, PartRow } from '../../db/schema';
import type { PlaceOrderInput } from '#shared/schemas/orders';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { type ApiResponse, testApi } from '../../testing/api';
import { bookingBody } from '../../testing/booking';
import { insertPart, insertReview } from '../../testing/factories';
import { ordersWithPart, placedOrder, stockOf as stockOfPart } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

describeOnEachEngine(
  'orders API',
  (ctx) => {
    let admin: TestAccount;
    let customer: TestAccount;
    let other: TestAccount;

    beforeAll(async () => {
      admin = await signedInAdmin(ctx);
      customer = await signedInCustomer(ctx);
      other = await signedInCustomer(ctx);
    });

    const api = testApi(ctx);
    const place = async (partId: string, account = customer, overrides: Partial<PlaceOrderInput> = {}) =>
      (await placedOrder(ctx, account, partId, overrides)).id;
    const stockOf = (partId: string) => stockOfPart(ctx.database.db, partId);
    const setStatus = (id: string, status: OrderStatus) =>
      ctx.database.db.updateTable('orders').set({ status }).where('id', '=', id).execute();

    it('places an order priced by the server, with the part and customer copied on it, and takes the stock', async () => {
      const part = await insertPart(ctx.database.db, { price_cents: 2550, stock: 100, name: 'Brake disc' });
      const id = await place(part.id);
      expect(await stockOf(part.id)).toBe(88);
      const res = await api.as(customer).get(`/api/orders/${id}`);
      expect(res.status).toBe(200);
      // Credit notes are another test's matter: an order placed now has none.
      const { creditNotes, ...order } = res.json as Record<string, unknown>;
      expect(creditNotes ?? []).toEqual([]);
      expect(order).toEqual({
        id,
        // The order as the shop names it: the first 18 characters of its id.
        number: id.slice(0, 18).toUpperCase(),
        lines: [
          {
            // What a return names the line by.
            id: `${id}:0`,
            partId: part.id,
            sku: part.sku,
            partName: 'Brake disc',
            imageUrl: part.image_url,
            quantity: 12,
            unitPriceCents: 2550,
            lineTotalCents: 30600,
            kind: 'part',
          },
        ],
        partId: part.id,
        partName: 'Brake disc',
        imageUrl: part.image_url,
        quantity: 12,
        unitPriceCents: 2550,
        totalCents: 30600,
        status: 'pending_payment',
        cancelReason: null,
        // ORDER_PAYMENT_WINDOW_HOURS (48 by default) after booking.
        payBy: new Date(ctx.clock.now().getTime() + 48 * 3_600_000).toISOString(),
        transactionId: null,
        paidAt: null,
        invoiceNumber: null,
        createdAt: ctx.clock.now().toISOString(),
        customer: { name: customer.name, email: customer.email, phone: '+1 555-010-2030', address: '12 Piston Road, Gearville' },
        // The figures as charged: goods of 306.00 pass the free-delivery threshold (100.00), and the
        // shop's tax table is empty until an admin fills it, so the total is the goods.
        goodsCents: 30600,
        deliveryCents: 0,
        taxes: [],
        currency: 'USD',
        // The old address text, read as a street in the seller's country.
        deliveryAddress: { line1: '12 Piston Road, Gearville', city: '', postalCode: '', country: 'US' },
        // Placed Monday 08:00 in Detroit, before the 14:00 cut-off: it leaves that day, three working days in transit.
        expectedDelivery: '2026-06-18',
        deliveredAt: null,
        buyerVatId: null,
        // A person's order: no company, paid by card, placed by the customer.
        companyId: null,
        companyName: null,
        poNumber: null,
        payment: 'card',
        dueDate: null,
        paidCents: 0,
        placedBy: { id: customer.id, name: customer.name },
        declineReason: null,
        yours: true,
      });
    });

    it('keeps totals beyond 32 bits exact', async () => {
      const part = await insertPart(ctx.database.db, { price_cents: 100_000_000, stock: 1000, min_order_quantity: 1 });
      const id = await place(part.id, customer, { quantity: 500 });
      expect((await api.as(customer).get(`/api/orders/${id}`)).json.totalCents).toBe(50_000_000_000);
    });

    it.each([{ unitPriceCents: 1 }, { totalCents: 1 }, { priceCents: 1 }, { status: 'paid' }, { userId: 'someone' }])(
      'refuses a tampered body %j and books nothing',
      async (extra) => {
        const part = await insertPart(ctx.database.db, { stock: 50 });
        const res = await api.as(customer).post('/api/orders', { ...bookingBody(part.id), ...extra });
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('validation_failed');
        expect(await stockOf(part.id)).toBe(50);
      },
    );

    it.each([
      [{ quantity: 11 }, copy.validation.quantityTooLow(12)],
      [{ quantity: 51 }, copy.pricing.overStock(50)],
      [{ quantity: 0 }, copy.validation.quantityWhole],
      [{ quantity: -12 }, copy.validation.quantityWhole],
      [{ quantity: 12.5 }, copy.validation.quantityWhole],
      [{ quantity: 1e12 }, copy.validation.quantityTooHigh],
      [{ quantity: undefined }, copy.validation.quantityRequired],
      [{ quantity: '12' }, copy.validation.quantityRequired],
    ])('refuses %j with the form message under quantity', async (overrides, message) => {
      const part = await insertPart(ctx.database.db, { stock: 50 });
      const res = await api.as(customer).post('/api/orders', bookingBody(part.id, overrides));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_failed', errors: { quantity: message } });
      expect(await stockOf(part.id)).toBe(50);
    });

    it.each([
      [{ phone: '' }, { phone: copy.validation.phoneRequired }],
      [{ phone: '12345' }, { phone: copy.validation.phoneInvalid }],
      [{ phone: '1234567890123456' }, { phone: copy.validation.phoneInvalid }],
      [{ phone: '555-CALL-NOW' }, { phone: copy.validation.phoneInvalid }],
      [{ address: '  ' }, { address: copy.validation.addressRequired }],
      [{ address: 'x'.repeat(301) }, { address: copy.validation.tooLong(300) }],
    ])('refuses %j with the form message', async (overrides, errors) => {
      const part = await insertPart(ctx.database.db);
      const res = await api.as(customer).post('/api/orders', bookingBody(part.id, overrides));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_failed', errors });
    });

    it('answers 404 for a part that is missing or archived', async () => {
      const archived = await insertPart(ctx.database.db, { archived_at: '2026-01-01T00:00:00.000Z' });
      expect((await api.as(customer).post('/api/orders', bookingBody('no-such-part'))).status).toBe(404);
      expect((await api.as(customer).post('/api/orders', bookingBody(archived.id))).status).toBe(404);
    });

    const ordersOfPart = async (partId: string) => (await ordersWithPart(ctx.database.db, partId)).length;

    it('refuses a booking larger than the stock left with the form message, and writes nothing', async () => {
      const part = await insertPart(ctx.database.db, { stock: 20 });
      await place(part.id);
      const refused = await api.as(other).post('/api/orders', bookingBody(part.id));
      expect(refused.status).toBe(400);
      // 8 left of a part sold from 12 on: none can be booked.
      expect(refused.json.errors).toEqual({ quantity: copy.pricing.cannotOrderNow(8, 12) });
      expect(await stockOf(part.id)).toBe(8);
      expect(await ordersOfPart(part.id)).toBe(1);
    });

    // PostgreSQL lets the test hold the part's stock row lock while a booking waits on it, so the part
    // can change between the booking's read and its taking of the stock every time (one SQLite
    // connection cannot interleave that way; the 60-booking race below covers it there).
    if (ctx.engine === 'postgres') {
      const waitingOnLock = async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.database.db);
        return (rows[0]?.n ?? 0) > 0;
      };
      /**
       * Books (`partId`, or `body`) while another transaction holds `partId`'s stock row, changing the
       * part with `change` as the shop does: its stock, or the part with its stock's row locked first.
       */
      async function bookWhileChanged(
        partId: string,
        change: Partial<PartRow>,
        body: object = bookingBody(partId),
      ): Promise<ApiResponse> {
        let booking!: Promise<ApiResponse>;
        await ctx.database.db.transaction().execute(async (trx) => {
          const { stock, ...part } = change;
          await trx.selectFrom('part_stock').select('part_id').where('part_id', '=', partId).forUpdate().execute();
          if (stock !== undefined) await trx.updateTable('part_stock').set({ stock }).where('part_id', '=', partId).execute();
          if (Object.keys(part).length > 0) await trx.updateTable('parts').set(part).where('id', '=', partId).execute();
          booking = api.as(customer).post('/api/orders', body);
          const deadline = Date.now() + 5000;
          while (!(await waitingOnLock())) {
            if (Date.now() > deadline) throw new Error('the booking never waited on the row lock');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
        return booking;
      }

      it('answers 409 insufficient_stock when the stock runs out between the check and the update, and writes nothing', async () => {
        const part = await insertPart(ctx.database.db, { stock: 20 });
        // Someone else takes all but 5 and holds the row until commit.
        const refused = await bookWhileChanged(part.id, { stock: 5 });
        expect(refused.status, refused.body).toBe(409);
        expect(refused.json).toMatchObject({ code: 'insufficient_stock', detail: expect.stringMatching(/not enough/) });
        expect(await stockOf(part.id)).toBe(5);
        expect(await ordersOfPart(part.id)).toBe(0);
      });

      it('writes the admins’ low-stock mail when a restock while the booking waited makes the order cross the line', async () => {
        // Read before the lock, 20 is already under the part's line (24); the restock to 30 makes
        // taking 12 cross it, and the mail follows the stock the booking found under the lock.
        const part = await insertPart(ctx.database.db, { stock: 20, sku: 'RESTOCKED-1' });
        const placed = await bookWhileChanged(part.id, { stock: 30 });
        expect(placed.status, placed.body).toBe(201);
        expect(await stockOf(part.id)).toBe(18);
        const mails = await ctx.database.db
          .selectFrom('mail_outbox')
          .select('recipient')
          .where('kind', '=', 'low-stock')
          .where('subject', 'like', '%(RESTOCKED-1)%')
          .execute();
        expect(mails.map((mail) => mail.recipient)).toContain(admin.email);
      });

      it('prices the order at the price the part has when its stock is taken, not the one read before', async () => {
        const part = await insertPart(ctx.database.db, { stock: 100, price_cents: 1000 });
        const placed = await bookWhileChanged(part.id, { price_cents: 1500, name: 'Brake pad, revised' });
        expect(placed.status, placed.body).toBe(201);
        const order = await api.as(customer).get(`/api/orders/${placed.json.id}`);
        expect(order.json).toMatchObject({ unitPriceCents: 1500, totalCents: 18_000, partName: 'Brake pad, revised' });
        expect(await stockOf(part.id)).toBe(88);
      });

      it('makes an admin’s change of a part wait for a booking holding its stock, so the low-stock list reads both', async () => {
        // 30 of a part whose minimum order is 12 is well stocked; the booking leaves 18.
        const part = await insertPart(ctx.database.db, { stock: 30 });
        let edit!: Promise<ApiResponse>;
        await ctx.database.db.transaction().execute(async (trx) => {
          // As a booking does: the stock taken, its row held until commit.
          await trx.updateTable('part_stock').set({ stock: 18 }).where('part_id', '=', part.id).execute();
          // The admin raises the minimum order to 20: with 18 left the part is no longer bookable.
          edit = api.as(admin).patch(`/api/parts/${part.id}`, { minOrderQuantity: 20 });
          const deadline = Date.now() + 5000;
          while (!(await waitingOnLock())) {
            if (Date.now() > deadline) throw new Error('the edit never waited on the stock row');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
        const edited = await edit;
        expect(edited.status, edited.body).toBe(200);
        expect(edited.json).toMatchObject({ stock: 18, minOrderQuantity: 20 });
        const unbookable = await ctx.database.db.selectFrom('unbookable_parts').select('part_id').execute();
        expect(unbookable.map((row) => row.part_id)).toContain(part.id);
      });

      it('prices every line as its part stands when one line’s part changed meanwhile, every stock taken once', async () => {
        const steady = await insertPart(ctx.database.db, { stock: 100, price_cents: 700 });
        const changed = await insertPart(ctx.database.db, { stock: 100, price_cents: 1000 });
        const body = {
          lines: [
            { partId: steady.id, quantity: 12 },
            { partId: changed.id, quantity: 24 },
          ],
          phone: '+49 30 1234567',
          address: 'Werkstattstraße 4, 10115 Berlin',
        };
        const placed = await bookWhileChanged(changed.id, { price_cents: 900 }, body);
        expect(placed.status, placed.body).toBe(201);
        const order = await api.as(customer).get(`/api/orders/${placed.json.id}`);
        expect(order.json.lines).toMatchObject([
          { partId: steady.id, unitPriceCents: 700, quantity: 12 },
          { partId: changed.id, unitPriceCents: 900, quantity: 24 },
        ]);
        expect(order.json.totalCents).toBe(12 * 700 + 24 * 900);
        expect([await stockOf(steady.id), await stockOf(changed.id)]).toEqual([88, 76]);
      });
    }

    it('never oversells: 60 simultaneous bookings of 12 against 240 make exactly 20 orders', async () => {
      const part = await insertPart(ctx.database.db, { stock: 240 });
      const accounts = [customer, other, admin];
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => api.as(accounts[i % 3]!).post('/api/orders', bookingBody(part.id))),
      );
      const codes = answers.map((res) => res.status);
      expect(codes.filter((code) => code === 201)).toHaveLength(20);
      expect(codes.filter((code) => code !== 201).every((code) => code === 409 || code === 400)).toBe(true);
      expect(await stockOf(part.id)).toBe(0);
      expect(await ordersOfPart(part.id)).toBe(20);
    });

    it('answers a retried create with the same Idempotency-Key with the first order, per user', async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const headers = { 'idempotency-key': 'checkout-42' };
      const [a, b] = await Promise.all([
        api.as(customer).post('/api/orders', bookingBody(part.id), { headers: headers }),
        api.as(customer).post('/api/orders', bookingBody(part.id), { headers: headers }),
      ]);
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.json.id).toBe(a.json.id);
      const again = await api.as(customer).post('/api/orders', bookingBody(part.id), { headers: headers });
      expect(again.json.id).toBe(a.json.id);
      expect(await stockOf(part.id)).toBe(88);
      // Another customer's key is their own.
      const theirs = await api.as(other).post('/api/orders', bookingBody(part.id), { headers: headers });
      expect(theirs.status).toBe(201);
      expect(theirs.json.id).not.toBe(a.json.id);
      expect(await stockOf(part.id)).toBe(76);
    });

    it.each([
      ['POST', '/api/orders'],
      ['GET', '/api/me/orders'],
      ['GET', '/api/orders'],
      ['GET', '/api/orders/some-id'],
      ['DELETE', '/api/orders/some-id'],
      ['PATCH', '/api/orders/some-id'],
    ] as const)('answers %s %s with 401 signed out, before looking at the body', async (method, url) => {
      const res = await api.anonymous.request(
        method,
        url,
        method === 'POST' || method === 'PATCH' ? { nonsense: true } : undefined,
      );
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('unauthenticated');
    });

    it.each([
      ['GET', '/api/orders'],
      ['PATCH', '/api/orders/some-id'],
    ] as const)('answers %s %s with 403 for a customer', async (method, url) => {
      const res = await api.as(customer).request(method, url, method === 'PATCH' ? { status: 'shipped' } : undefined);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('forbidden');
    });

    it('shows an order to its owner and an admin, and answers 404 to anyone else', async () => {
      const part = await insertPart(ctx.database.db);
      const id = await place(part.id);
      const owner = await api.as(customer).get(`/api/orders/${id}`);
      expect(owner.status).toBe(200);
      expect(owner.json.yours).toBe(true);
      // The admin sees it as the customer's (read-only on the payment page), with the customer copied on it.
      const byAdmin = await api.as(admin).get(`/api/orders/${id}`);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.json).toMatchObject({ yours: false, customer: { name: customer.name, email: customer.email } });
      const stranger = await api.as(other).get(`/api/orders/${id}`);
      expect(stranger.status).toBe(404);
      expect(stranger.json.code).toBe('not_found');
      expect((await api.as(other).delete(`/api/orders/${id}`)).status).toBe(404);
      expect(await stockOf(part.id)).toBe(88);
    });

    it('lists My Orders newest first, own only, cancelled ones left out, paginated', async () => {
      const me = await signedInCustomer(ctx);
      const part = await insertPart(ctx.database.db, { stock: 1000 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ctx.clock.advance(1000);
        ids.push(await place(part.id, me));
      }
      await place(part.id, other);
      expect((await api.as(me).delete(`/api/orders/${ids[1]}`)).status).toBe(200);
      const list = (await api.as(me).get('/api/me/orders')).json;
      expect(list.total).toBe(2);
      expect(list.items.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[0]]);
      const paged = (await api.as(me).get('/api/me/orders?page=2&limit=1')).json;
      expect(paged).toMatchObject({ total: 2, page: 2, limit: 1 });
      expect(paged.items.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
    });

    it('lets the owner cancel an unpaid order, returning its stock once', async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const id = await place(part.id);
      expect(await stockOf(part.id)).toBe(88);
      const [a, b] = await Promise.all([
        api.as(customer).delete(`/api/orders/${id}`),
        api.as(customer).delete(`/api/orders/${id}`),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(await stockOf(part.id)).toBe(100);
      const row = await ctx.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'cancelled', cancel_reason: 'customer' });
    });

    it("lets an admin cancel a customer's unpaid order", async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const id = await place(part.id);
      const res = await api.as(admin).delete(`/api/orders/${id}`);
      expect(res.status).toBe(200);
      expect(res.json.status).toBe('cancelled');
      expect(await stockOf(part.id)).toBe(100);
      const row = await ctx.database.db
        .selectFrom('orders')
        .select('cancel_reason')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.cancel_reason).toBe('admin');
    });

    it('does not let a customer cancel a paid order', async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const id = await place(part.id);
      await setStatus(id, 'paid');
      const res = await api.as(customer).delete(`/api/orders/${id}`);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('conflict');
      expect(await stockOf(part.id)).toBe(88);
    });

    it('lets an admin list orders by status and move a paid order to shipped, then delivered, only in that order', async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const id = await place(part.id);
      expect((await api.as(admin).patch(`/api/orders/${id}`, { status: 'shipped' })).status).toBe(409);
      await setStatus(id, 'paid');
      expect((await api.as(admin).patch(`/api/orders/${id}`, { status: 'delivered' })).status).toBe(409);
      const shipped = await api.as(admin).patch(`/api/orders/${id}`, { status: 'shipped' });
      expect(shipped.status).toBe(200);
      expect(shipped.json).toMatchObject({ status: 'shipped', deliveredAt: null });
      const byStatus = (await api.as(admin).get('/api/orders?status=shipped')).json;
      expect(byStatus.items.map((o: { id: string }) => o.id)).toContain(id);
      expect(byStatus.items.every((o: { status: string }) => o.status === 'shipped')).toBe(true);
      // A return's window counts from the delivery.
      const delivered = (await api.as(admin).patch(`/api/orders/${id}`, { status: 'delivered' })).json;
      expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
      expect((await api.as(admin).patch(`/api/orders/${id}`, { status: 'shipped' })).status).toBe(409);
      expect((await api.as(admin).patch(`/api/orders/${id}`, { status: 'cancelled' })).status).toBe(400);
      expect((await api.as(admin).patch('/api/orders/no-such-order', { status: 'shipped' })).status).toBe(404);
      expect((await api.as(admin).get('/api/orders?status=lost')).status).toBe(400);
      const all = (await api.as(admin).get('/api/orders?page=1')).json;
      expect(all.total).toBeGreaterThan(1);
    });

    it('archives a deleted part that has orders, and keeps the order readable', async () => {
      const part = await insertPart(ctx.database.db, { stock: 100 });
      const id = await place(part.id);
      await setStatus(id, 'paid');
      expect((await api.as(admin).delete(`/api/parts/${part.id}`)).status).toBe(204);
      expect((await api.anonymous.get(`/api/parts/${part.id}`)).status).toBe(404);
      const row = await ctx.database.db.selectFrom('parts').select('archived_at').where('id', '=', part.id).executeTakeFirst();
      expect(row?.archived_at).not.toBeNull();
      expect((await api.as(customer).get(`/api/orders/${id}`)).json.partName).toBe(part.name);
    });

    it('marks a review verified when its author has a paid, shipped or delivered order', async () => {
      const buyer = await signedInCustomer(ctx);
      const browser = await signedInCustomer(ctx);
      const part = await insertPart(ctx.database.db, { stock: 100 });
      await setStatus(await place(part.id, buyer), 'delivered');
      await place(part.id, browser);
      const later = new Date(Date.UTC(2030, 0, 1)).toISOString();
      const fromBuyer = await insertReview(ctx.database.db, { user_id: buyer.id, created_at: later });
      const fromBrowser = await insertReview(ctx.database.db, { user_id: browser.id, created_at: later });
      const items = (await api.anonymous.get('/api/reviews?limit=60')).json.items as { id: string; verified: boolean }[];
      expect(items.find((r) => r.id === fromBuyer.id)?.verified).toBe(true);
      expect(items.find((r) => r.id === fromBrowser.id)?.verified).toBe(false);
    });
  },
  { config: { rateLimitPerMinute: 100_000 } },
);
