import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { OrderStatus } from '../../db/schema';
import { signedInCustomer } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { TEST_ADDRESS, TEST_PHONE } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { GOOD_CARD, openPayment } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';

const PARTS = 8;
const CUSTOMERS = 10;
const ORDERS = 40;
const STOCK = 100_000;
const SOLD: OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** What the app logged at warn and above. */
const logged: { msg: string; code?: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as never);
    done();
  },
});

// Many orders of the same parts in different line orders, paid, cancelled and booked all at once.
// Every transaction takes the rows it shares with others in one order (docs/decisions/0029-one-lock-order.md),
// so PostgreSQL has no deadlock to break; one it reported would be run again, not answered 500.
describeOnEachEngine(
  'orders of the same parts paid, cancelled and booked at once',
  (ctx) => {
    const api = testApi(ctx);
    const db = () => ctx.database.db;

    /** Order `i`'s lines: every part, each order starting at another, every other order backwards. */
    const linesOf = (parts: readonly { id: string }[], i: number) => {
      const turned = parts.map((_, k) => parts[(k + i) % parts.length]!);
      return (i % 2 === 0 ? turned : turned.reverse()).map((part, k) => ({ partId: part.id, quantity: 12 + k }));
    };

    it(
      'answers every request 2xx or 409, and leaves stock, units sold, unpaid orders and invoice numbers exact',
      {
        timeout: 120_000,
      },
      async () => {
        const parts = await Promise.all(Array.from({ length: PARTS }, () => insertPart(db(), { stock: STOCK })));
        const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signedInCustomer(ctx)));
        const booking = (i: number) => ({ lines: linesOf(parts, i), phone: TEST_PHONE, address: TEST_ADDRESS });

        const orders = await Promise.all(
          Array.from({ length: ORDERS }, async (_, i) => {
            const customer = customers[i % CUSTOMERS]!;
            const res = await api.as(customer).post('/api/orders', booking(i));
            expect(res.status, res.body).toBe(201);
            return { id: res.json.id as string, customer };
          }),
        );
        // The payments are opened first, so that the payments themselves start together.
        const secrets = new Map(
          await Promise.all(
            orders
              .filter((_, i) => i % 4 !== 3)
              .map(async ({ id, customer }) => [id, await openPayment(ctx, customer, id)] as const),
          ),
        );

        // Three in four orders paid, one in four cancelled by its customer, one in eight both at once,
        // and a new order of every customer, all sent in the same turn.
        const answers = await Promise.all([
          ...orders.flatMap(({ id, customer }, i) => [
            ...(secrets.has(id)
              ? [api.as(customer).post(`/api/orders/${id}/payment`, { clientSecret: secrets.get(id), card: GOOD_CARD })]
              : []),
            ...(i % 4 === 3 || i % 8 === 2 ? [api.as(customer).delete(`/api/orders/${id}`)] : []),
          ]),
          ...customers.map((customer, c) => api.as(customer).post('/api/orders', booking(ORDERS + c))),
        ]);
        const refused = answers.filter((res) => !(res.status >= 200 && res.status < 300) && res.status !== 409);
        expect(refused.map((res) => `${res.status} ${res.body}`)).toEqual([]);
        // Taken in one order, the rows gave PostgreSQL no deadlock to break: nothing had to run again.
        expect(logged.filter((line) => line.code === '40P01' || line.code === '40001')).toEqual([]);

        // Stock: what it was, less the units of every order not cancelled; units sold: those of the paid ones.
        const partIds = parts.map((part) => part.id);
        const lines = await db()
          .selectFrom('order_lines')
          .innerJoin('orders', 'orders.id', 'order_lines.order_id')
          .select(['order_lines.part_id', 'order_lines.quantity', 'orders.status'])
          .where('order_lines.part_id', 'in', partIds)
          .execute();
        const unitsOf = (partId: string, counted: (status: OrderStatus) => boolean) =>
          lines.filter((line) => line.part_id === partId && counted(line.status)).reduce((sum, line) => sum + line.quantity, 0);
        const stored = await db()
          .selectFrom('parts')
          .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
          .select(['parts.id', 'part_stock.stock', sql<number>`units_sold`.as('units_sold')])
          .where('parts.id', 'in', partIds)
          .execute();
        expect(stored).toHaveLength(PARTS);
        for (const part of stored) {
          expect(part.stock, 'stock left').toBe(STOCK - unitsOf(part.id, (status) => status !== 'cancelled'));
          expect(Number(part.units_sold), 'units sold').toBe(unitsOf(part.id, (status) => SOLD.includes(status)));
        }
        // Each of the three outcomes happened.
        expect([...new Set(lines.map((line) => line.status))].sort()).toEqual(['cancelled', 'paid', 'pending_payment']);

        // Each customer's unpaid orders as kept: a real count and sum.
        const customerIds = customers.map((customer) => customer.id);
        const kept = await db()
          .selectFrom('unpaid_orders')
          .select(['user_id', 'n', 'cents'])
          .where('user_id', 'in', customerIds)
          .execute();
        const unpaid = await db()
          .selectFrom('orders')
          .select(['user_id', 'total_cents'])
          .where('status', '=', 'pending_payment')
          .where('user_id', 'in', customerIds)
          .execute();
        for (const id of customerIds) {
          const own = unpaid.filter((order) => order.user_id === id);
          const row = kept.find((k) => k.user_id === id);
          expect({ n: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) }, 'unpaid orders as kept').toEqual({
            n: own.length,
            cents: own.reduce((sum, order) => sum + Number(order.total_cents), 0),
          });
        }

        // Invoice numbers: one for every paid order, from 1 without a gap.
        const numbers = (
          await db().selectFrom('orders').select('invoice_number').where('invoice_number', 'is not', null).execute()
        )
          .map((row) => row.invoice_number!)
          .sort();
        const paid = await db().selectFrom('orders').select('id').where('status', 'in', SOLD).execute();
        expect(numbers).toHaveLength(paid.length);
        expect(numbers).toEqual(numbers.map((_, k) => `INV-2026-${String(k + 1).padStart(6, '0')}`));
      },
    );
  },
  { logger: { level: 'warn', stream: logStream } },
);
