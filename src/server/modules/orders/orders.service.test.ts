import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { AppError } from '../../app-error';
import type { SessionUser } from '../../session-user';
import { insertOrder, insertPart } from '../../testing/factories';
import { roundTrips } from '../../testing/round-trips';
import { DEFAULT_OUTBOX_POLICY } from '../mail';
import { describeServicesOnEachEngine } from '../../testing/test-services';
import { EXPORT_BATCH_SIZE } from './orders.service';

const delivery = { phone: '+49 30 1234567', address: 'Werkstattstraße 4, 10115 Berlin' };

describeServicesOnEachEngine(
  'the orders service’s rules',
  (ctx) => {
    let customer: SessionUser;
    beforeEach(async () => {
      // A fresh customer each time: each may hold only two unpaid orders.
      customer = await ctx.account('customer');
      ctx.announced.length = 0;
    });
    const stockOf = async (id: string) =>
      (await ctx.database.db.selectFrom('part_stock').select('stock').where('part_id', '=', id).executeTakeFirstOrThrow()).stock;
    const outbox = async () =>
      ctx.database.db
        .selectFrom('mail_outbox')
        .select('kind')
        .where('recipient', 'like', `%${customer.email}%`)
        .execute()
        .then((mails) => mails.map((mail) => mail.kind).sort());

    it('takes the stock, prices the order from the part, writes the mail and announces it once committed', async () => {
      const part = await insertPart(ctx.database.db, { stock: 40, price_cents: 1250, min_order_quantity: 12 });
      const { id } = await ctx.services.orders.placeOrder(customer, { partId: part.id, quantity: 12, ...delivery });

      expect(await stockOf(part.id)).toBe(28);
      const order = await ctx.services.orders.getOrder(id, customer);
      expect(order).toMatchObject({ quantity: 12, unitPriceCents: 1250, totalCents: 15_000, status: 'pending_payment' });
      expect(await outbox()).toEqual(['order-placed']);
      expect(ctx.announced.map(({ name }) => name)).toEqual(['orderPlaced']);
    });

    it('refuses a quantity under the minimum or over the stock, changing nothing and announcing nothing', async () => {
      const part = await insertPart(ctx.database.db, { stock: 20, min_order_quantity: 12 });
      const attempt = (quantity: number) =>
        ctx.services.orders.placeOrder(customer, { partId: part.id, quantity, ...delivery }).then(
          () => undefined,
          (error: unknown) => error,
        );

      const tooFew = await attempt(11);
      expect(tooFew).toBeInstanceOf(AppError);
      expect(tooFew).toMatchObject({ code: 'validation_failed', fieldErrors: { quantity: copy.validation.quantityTooLow(12) } });
      expect(await attempt(21)).toMatchObject({ fieldErrors: { quantity: copy.pricing.overStock(20) } });
      expect(await stockOf(part.id)).toBe(20);
      expect(ctx.announced).toEqual([]);
    });

    it('books the last stock for exactly one of two customers asking at once', async () => {
      const other = await ctx.account('customer');
      const part = await insertPart(ctx.database.db, { stock: 12, min_order_quantity: 12 });
      const results = await Promise.allSettled(
        [customer, other].map((who) => ctx.services.orders.placeOrder(who, { partId: part.id, quantity: 12, ...delivery })),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      // Refused by the conditional update, or, when the other booking committed first, by the check before it.
      expect(refused?.reason).toBeInstanceOf(AppError);
      expect(['insufficient_stock', 'validation_failed']).toContain((refused?.reason as AppError).code);
      expect(await stockOf(part.id)).toBe(0);
      expect(ctx.announced.map(({ name }) => name)).toEqual(['orderPlaced']);
    });

    it('gives the stock back when its customer cancels, without a mail; an admin’s cancel mails the customer', async () => {
      const admin = await ctx.account('admin');
      const part = await insertPart(ctx.database.db, { stock: 50, min_order_quantity: 12 });
      const first = await ctx.services.orders.placeOrder(customer, { partId: part.id, quantity: 12, ...delivery });
      const second = await ctx.services.orders.placeOrder(customer, { partId: part.id, quantity: 12, ...delivery });

      await ctx.services.orders.cancelOrder(first.id, customer);
      await ctx.services.orders.cancelOrder(second.id, admin);

      expect(await stockOf(part.id)).toBe(50);
      // The customer's own cancel writes no mail; the admin's does.
      expect(await outbox()).toEqual(['order-cancelled', 'order-placed', 'order-placed']);
      const cancels = ctx.announced.filter((a) => a.name === 'orderCancelled').map((a) => a.event);
      expect(cancels.map((event) => 'by' in event && event.by)).toEqual(['customer', 'admin']);
      // Each change that moved stock asked for the cached catalogue to be cleared.
      expect(ctx.cacheClears()).toBeGreaterThanOrEqual(4);
    });

    it('lets a customer hold only so many unpaid orders, and the refused one leaves no trace', async () => {
      const holder = await ctx.account('customer');
      const part = await insertPart(ctx.database.db, { stock: 1000, min_order_quantity: 12 });
      for (let i = 0; i < 2; i += 1) await ctx.services.orders.placeOrder(holder, { partId: part.id, quantity: 12, ...delivery });
      ctx.announced.length = 0;
      await expect(ctx.services.orders.placeOrder(holder, { partId: part.id, quantity: 12, ...delivery })).rejects.toMatchObject({
        code: 'too_many_unpaid_orders',
        detail: copy.booking.tooManyUnpaid(2),
      });
      expect(await stockOf(part.id)).toBe(1000 - 24);
      expect(ctx.announced).toEqual([]);
    });

    if (ctx.engine === 'sqlite') {
      it('reads the orders export from SQLite one batch at a time, only as its caller takes the text', async () => {
        const part = await insertPart(ctx.database.db);
        const booked = (minute: number) => new Date(Date.UTC(2011, 4, 1) + minute * 60_000).toISOString();
        const orders = [];
        for (let minute = 0; minute <= EXPORT_BATCH_SIZE; minute++) {
          orders.push(await insertOrder(ctx.database.db, { part_id: part.id, created_at: booked(minute) }));
        }
        const { chunks } = ctx.services.orders.exportOrdersCsv({ status: undefined, from: '2011-05-01', to: '2011-05-01' });
        await chunks.next();
        const firstBatch = await chunks.next();
        expect(String(firstBatch.value).split('\r\n').length).toBe(EXPORT_BATCH_SIZE + 1);

        // The oldest order leaves the day after the first batch was taken: a read-ahead would still send it.
        await ctx.database.db
          .updateTable('orders')
          .set({ created_at: booked(-24 * 60) })
          .where('id', '=', orders[0]!.id)
          .execute();
        expect(await chunks.next()).toEqual({ done: true, value: undefined });
      });
    }

    if (ctx.engine === 'postgres') {
      it('books an order of five lines in as many round trips as one of three: no statement per line', async () => {
        const parts = await Promise.all([1, 2, 3, 4, 5].map(() => insertPart(ctx.database.db, { stock: 1000 })));
        // A commit that wrote mail wakes the outbox, whose pass runs `wakeDelayMs` later on the same
        // database: each booking is counted once the pass an earlier mail woke is over.
        const outboxQuiet = async () => {
          await new Promise((resolve) => setTimeout(resolve, DEFAULT_OUTBOX_POLICY.wakeDelayMs + 30));
          await ctx.services.mailOutbox.drain();
        };
        const booked = async (count: number) => {
          await outboxQuiet();
          return roundTrips(() =>
            ctx.services.orders.placeOrder(customer, {
              lines: parts.slice(0, count).map((part) => ({ partId: part.id, quantity: 24 })),
              ...delivery,
            }),
          );
        };
        const [three, five] = [await booked(3), await booked(5)];
        expect(five).toBe(three);
        // Four reads, each on its own connection, beside one another: the parts with the flash deal, the
        // shop's settings, and the company the buyer buys for (none here) followed by their own tax
        // status (a member's is their company's, already read: one read fewer). Those are one-row reads
        // by key that the content, users and companies modules own; folding them into the parts'
        // statement would have the orders module read their tables. Then begin, the customer's row, the
        // replaced numbers the cart's lines were added by (an order of lines keeps them), the stock, the
        // parts as taken, the order with its lines, its mail and the cart in one statement, and commit:
        // nothing grows with the lines.
        expect(five).toBe(11);
        expect(await Promise.all(parts.map((part) => stockOf(part.id)))).toEqual([952, 952, 952, 976, 976]);
        expect(await outbox()).toEqual(['order-placed', 'order-placed']);
      });

      it('streams the orders export from PostgreSQL only as fast as its caller takes it, and ends the copy when the caller stops', async () => {
        // 3,000 orders of about 10 KB each: far more than the sockets between the database and the app hold.
        // Without lines, which the stream does not depend on.
        const count = 3_000;
        await sql`insert into orders (id, user_id, total_cents, customer_name, customer_email, phone, address, status,
            created_at, updated_at)
          select 'bulk-' || n, null, 1200, 'Bulk customer ' || n,
            'bulk@example.com', '+1 555-010-2030', repeat('Long Road ', 1000),
            'paid', to_char(timestamp '2010-03-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            '2010-03-01T00:00:00.000Z'
          from generate_series(1, ${count}) as n`.execute(ctx.database.db);
        const copies = async () =>
          (
            await sql<{ wait_event: string | null }>`select wait_event from pg_stat_activity
              where datname = current_database() and query like 'copy (%' and state = 'active'`.execute(ctx.database.db)
          ).rows;

        const { chunks } = ctx.services.orders.exportOrdersCsv({ status: 'paid', from: '2010-03-01', to: '2010-03-01' });
        expect(String((await chunks.next()).value)).toContain(copy.manageOrders.csvColumns[0]);
        const first = (await chunks.next()).value as Buffer;
        expect(first.toString('utf8')).toMatch(/^bulk-\d+,2010-03-01T/);
        // Not taken any further: the database has written what the sockets hold and waits for the client.
        await expect.poll(copies, { timeout: 10_000 }).toEqual([{ wait_event: 'ClientWrite' }]);

        // The caller stops: the connection is closed, the copy ends, and the pool goes on serving.
        await chunks.return(undefined);
        await expect.poll(copies, { timeout: 10_000 }).toEqual([]);
        const { n } = await ctx.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'like', 'bulk-%')
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBe(count);

        // Taken to the end, it holds every order once, newest first.
        const whole = ctx.services.orders.exportOrdersCsv({ status: 'paid', from: '2010-03-01', to: '2010-03-01' });
        const taken: Buffer[] = [];
        for await (const chunk of whole.chunks) taken.push(Buffer.from(chunk));
        const ids = Buffer.concat(taken)
          .toString('utf8')
          .split('\r\n')
          .slice(1, -1)
          .map((record) => record.slice(0, record.indexOf(',')));
        expect(ids).toHaveLength(count);
        expect(ids[0]).toBe(`bulk-${count}`);
        expect(ids.at(-1)).toBe('bulk-1');
        expect(await copies()).toEqual([]);
      });
    }
  },
  { maxUnpaidOrders: 2 },
);
